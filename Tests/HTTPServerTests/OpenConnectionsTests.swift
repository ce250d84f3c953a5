import Testing

@testable import HTTPServer

#if canImport(Glibc)
    import Glibc
#endif

extension HTTPServerTests {
    @Suite struct OpenConnectionsLimits {
        /// A departed client's connection stops counting against the connection limit as soon as it is seen
        /// gone, but its descriptor stays open until MHD closes it (a stream's, only once its stream ended): a
        /// burst of reconnecting viewers had the server accept past the open-file limit.
        @Test func theDescriptorLimitCountsSocketsWhoseClientsHaveGone() throws {
            var pairs: [(server: Int32, client: Int32)] = []
            defer {
                for pair in pairs {
                    close(pair.server)
                    close(pair.client)
                }
            }
            for _ in 0..<4 {
                var ends: [Int32] = [-1, -1]
                try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0)
                pairs.append((ends[0], ends[1]))
            }
            let connections = OpenConnections(limit: 10, limitPerAddress: 10, descriptorLimit: 3)
            for pair in pairs.prefix(3) { #expect(connections.admit(pair.server, from: 1).admission == .admitted) }
            for pair in pairs.prefix(3) { shutdown(pair.client, Int32(SHUT_RDWR)) }
            #expect(connections.admit(pairs[3].server, from: 2).admission == .full)
            // MHD closed one of them: room again.
            connections.remove(pairs[0].server)
            #expect(connections.admit(pairs[3].server, from: 2).admission == .admitted)
        }
    }
}
