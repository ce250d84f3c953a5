import Foundation
import HTTPServer
import Testing

#if canImport(Glibc)
    import Glibc
#endif

extension HTTPServerTests {
    /// A client that vanishes without closing (its network dropped, its laptop asleep) sends no FIN and no
    /// RST: the server's heartbeats to it are accepted into the send buffer and retransmitted unanswered.
    /// Here the network goes away for one client port only, by a firewall rule.
    @Suite struct VanishedClients {
        /// streamTimeout here: max(idle 1 s, two heartbeats 0.4 s) = 1 s. Without the kernel's user timeout
        /// the vanished stream would keep its slot through ~15 minutes of TCP retransmissions.
        @Test(.enabled(if: PacketDrop.available, "needs nft and root with CAP_NET_ADMIN (scripts/install-deps nftables, as root)"))
        func aStreamWhoseClientVanishedIsEndedOnceItsHeartbeatsGoUnacknowledged() throws {
            let streams = StreamCollector()
            try withServer(
                {
                    $0.maxStreams = 2
                    $0.idleTimeout = 1
                    $0.streamHeartbeatInterval = .milliseconds(200)
                }, router: streams.router()
            ) { server in
                let live = try StreamClient.watching(port: server.port)
                let vanishing = try StreamClient.watching(port: server.port)
                #expect(try StreamClient(port: server.port).open("/stream").status == 503)

                let drop = try PacketDrop(port: vanishing.localPort)
                defer { drop.remove() }
                let started = ContinuousClock.now
                #expect(waitUntil(seconds: 15) { server.openStreams == 1 }, "the vanished client's stream is still open")
                let took = ContinuousClock.now - started
                print("[vanished] stream ended \(took) after the client's network went away")

                let all = streams.wait(for: 3)
                #expect(all[0].isOpen && !all[1].isOpen)
                // The live stream kept its heartbeats and its data, and the freed slot takes a new stream.
                #expect(try live.readBody(until: ":beat\n").hasSuffix(":beat\n"))
                #expect(all[0].send(Array("still here\n".utf8)))
                #expect(try live.readBody(until: "still here\n").hasSuffix("still here\n"))
                let (next, admitted) = try StreamClient.openStream(port: server.port)
                #expect(admitted.status == 200)
                #expect(try next.readBody(until: "hello\n") == "hello\n")
            }
        }
    }
}

/// Drops every packet to and from one local TCP port, as a network that went away would: an nftables table of
/// its own, deleted by `remove()`. Needs root with CAP_NET_ADMIN and `nft`; `scripts/test` installs nftables.
struct PacketDrop {
    static let nft = ["/usr/sbin/nft", "/sbin/nft", "/usr/bin/nft"].first { FileManager.default.isExecutableFile(atPath: $0) }
    /// Whether rules can be made here: tried once, since root in a container is often refused
    /// (no CAP_NET_ADMIN, as Docker's default grants none).
    static let available: Bool = {
        guard nft != nil, geteuid() == 0 else { return false }
        let probe = "ribsd_probe_\(getpid())"
        guard (try? Self.nft(input: "", "add", "table", "inet", probe)) != nil else { return false }
        try? Self.nft(input: "", "delete", "table", "inet", probe)
        return true
    }()

    let table: String

    init(port: UInt16) throws {
        table = "ribsd_test_\(getpid())_\(port)"
        try Self.nft(
            input: """
                table inet \(table) {
                    chain input {
                        type filter hook input priority 0; policy accept;
                        tcp sport \(port) drop
                        tcp dport \(port) drop
                    }
                }
                """, "-f", "-")
    }

    func remove() {
        try? Self.nft(input: "", "delete", "table", "inet", table)
    }

    private static func nft(input: String, _ arguments: String...) throws {
        guard let nft else { throw ClientError("nft is not installed") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: nft)
        process.arguments = arguments
        let stdin = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardError = stderr
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        process.waitUntilExit()
        let message = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        guard process.terminationStatus == 0 else {
            throw ClientError("nft \(arguments.joined(separator: " ")) failed: \(message)")
        }
    }
}
