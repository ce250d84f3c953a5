import CMicroHTTPD
import CMicroHTTPDShim
import Locking

/// The connections handed to MHD and not yet closed, by client address, for `connectionLimit` and
/// `perIPConnectionLimit`.
///
/// Counted here rather than by MHD, whose count keeps a connection its client has closed until a worker thread
/// gets round to closing it too. A client that opens its next connection as soon as it closed the last (one
/// request per connection, many in parallel) was refused at about half the per-address limit, on a busy machine
/// at less, each refused connection reset unanswered.
final class OpenConnections: Sendable {
    /// What `admit` decided.
    enum Admission {
        case admitted
        /// The server holds `limit` connections its clients still hold.
        case full
        /// The address holds `limitPerAddress` of them.
        case crowded
    }

    private struct Table {
        /// Each address's open sockets.
        var sockets: [UInt32: [Int32]] = [:]
        /// Each open socket's address.
        var owners: [Int32: UInt32] = [:]
    }

    let limit: Int
    let limitPerAddress: Int
    /// The most sockets open at once, departed clients' included: what the open-file limit leaves room for
    /// (`FileDescriptorBudget`). A departed client's socket still holds its descriptor until MHD closes it, which
    /// for a stream's comes only after its stream ends.
    let descriptorLimit: Int
    private let table = Lock(Table())
    /// The sockets whose request is being read or handled (`markBusy`): such a socket is never reclaimed, even
    /// if its client has shut its sending side (it waits for its answer). Nil if it could not be allocated:
    /// then no socket is taken for busy.
    private let busy: MHDHandle?

    init(limit: Int, limitPerAddress: Int, descriptorLimit: Int = .max) {
        self.limit = limit
        self.limitPerAddress = limitPerAddress
        self.descriptorLimit = descriptorLimit
        busy = cmhd_busy_sockets_create().map { MHDHandle(pointer: OpaquePointer($0)) }
    }

    deinit {
        if let busy { free(UnsafeMutableRawPointer(busy.pointer)) }
    }

    /// Marks `socket`'s request as being read or handled (from its headers until it ends; a stream's, until it
    /// is queued), or no longer.
    func markBusy(_ socket: Int32, _ isBusy: Bool) {
        guard let busy else { return }
        cmhd_busy_sockets_set(UnsafeMutablePointer(busy.pointer), socket, isBusy ? 1 : 0)
    }

    /// Records `socket` as `address`'s, unless a limit is reached: then nothing is recorded. Only at a limit
    /// are sockets polled (the address's, or all of them): those whose client has gone (`cmhd_reclaim_departed`
    /// tells how) no longer count, and the server shuts them down (both ways if failed, else for reading) so
    /// that MHD closes them at once. `reclaimed` says how many: a stream's connection is suspended, and MHD
    /// looks at it only once its stream ends. The poll runs under the lock, and MHD forgets a socket (`remove`)
    /// before it closes it, so no socket polled here is closed and its number reused meanwhile. (One MHD took
    /// but could not set up stays recorded: its socket, closed, polls as gone, and its record goes when the
    /// number comes back from accept.)
    func admit(_ socket: Int32, from address: UInt32) -> (admission: Admission, reclaimed: Int) {
        table.withLock { table in
            // A number just accepted belongs to no open connection: a record of it is such a stale one.
            Self.forget(socket, in: &table)
            var reclaimed = 0
            if table.owners.count >= limit, held(Array(table.owners.keys), reclaimed: &reclaimed) >= limit {
                return (.full, reclaimed)
            }
            // Reclaimed or not, every socket recorded is open: past the descriptors there are, accept would fail.
            if table.owners.count >= descriptorLimit { return (.full, reclaimed) }
            if let open = table.sockets[address], open.count >= limitPerAddress,
                held(open, reclaimed: &reclaimed) >= limitPerAddress
            {
                return (.crowded, reclaimed)
            }
            table.sockets[address, default: []].append(socket)
            table.owners[socket] = address
            return (.admitted, reclaimed)
        }
    }

    /// Shuts down every connection whose client has gone (the same test as at a limit) and says how many.
    /// Run every second: MHD 0.9.75 in epoll mode sometimes misses a client's half-close that comes while it
    /// answers, and the connection, answered and idle, then waits for the idle timeout (30 s) to close.
    func reclaimDeparted() -> Int {
        table.withLock { table in
            guard !table.owners.isEmpty else { return 0 }
            var reclaimed = 0
            _ = held(Array(table.owners.keys), reclaimed: &reclaimed)
            return reclaimed
        }
    }

    /// Connections recorded now.
    var count: Int {
        table.withLock { $0.owners.count }
    }

    /// Forgets `socket`: its connection is closing, or MHD never took it.
    func remove(_ socket: Int32) {
        table.withLock { Self.forget(socket, in: &$0) }
    }

    private static func forget(_ socket: Int32, in table: inout Table) {
        guard let address = table.owners.removeValue(forKey: socket) else { return }
        table.sockets[address]?.removeAll { $0 == socket }
        if table.sockets[address]?.isEmpty == true { table.sockets[address] = nil }
    }

    /// How many of `sockets` their clients hold; adds those they do not to `reclaimed`.
    private func held(_ sockets: [Int32], reclaimed: inout Int) -> Int {
        var departed: Int32 = 0
        let table = busy.map { UnsafePointer<UInt8>($0.pointer) }
        let held = sockets.withUnsafeBufferPointer {
            cmhd_reclaim_departed(table, $0.baseAddress, Int32(clamping: $0.count), &departed)
        }
        reclaimed += Int(departed)
        return Int(held)
    }
}
