import CMicroHTTPD
import Locking

/// The connections each client address holds, for `ServerConfiguration.perIPConnectionLimit`.
///
/// Counted here rather than by MHD, whose count keeps a connection its client has closed until a worker thread
/// gets round to closing it too. A client that opens its next connection as soon as it closed the last (one
/// request per connection, many in parallel) was refused at about half the limit, on a busy machine at less,
/// each refused connection reset unanswered.
final class PeerConnections: Sendable {
    private struct Table {
        /// Each address's open sockets.
        var sockets: [UInt32: [Int32]] = [:]
        /// Each open socket's address.
        var owners: [Int32: UInt32] = [:]
    }

    let limit: Int
    private let table = Lock(Table())

    init(limit: Int) {
        self.limit = limit
    }

    /// Records `socket` as `address`'s, unless the address already holds `limit` connections: then false, and
    /// nothing is recorded. Only at the limit are the address's sockets polled; those whose client closed its
    /// end (or only its sending side: it has nothing more to ask) no longer count. The poll runs under the
    /// lock, and MHD forgets a socket (`remove`) before it closes it, so no socket polled here is closed and
    /// its number reused meanwhile.
    func admit(_ socket: Int32, from address: UInt32) -> Bool {
        table.withLock { table in
            if let open = table.sockets[address], open.count >= limit,
               open.withUnsafeBufferPointer({ cmhd_sockets_held($0.baseAddress, Int32(clamping: $0.count)) }) >= limit {
                return false
            }
            table.sockets[address, default: []].append(socket)
            table.owners[socket] = address
            return true
        }
    }

    /// Forgets `socket`: its connection is closing, or MHD never took it.
    func remove(_ socket: Int32) {
        table.withLock { table in
            guard let address = table.owners.removeValue(forKey: socket) else { return }
            table.sockets[address]?.removeAll { $0 == socket }
            if table.sockets[address]?.isEmpty == true { table.sockets[address] = nil }
        }
    }
}
