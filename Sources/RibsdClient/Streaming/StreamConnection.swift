import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What one connection of a stream delivers, in order: its answer's head, then its body in pieces.
enum StreamChunk: Sendable {
    case head(status: Int, retryAfter: Int?)
    case bytes(Data)
}

/// One `GET .../stream` connection, its body handed over as it arrives.
///
/// swift-corelibs-foundation has no `URLSession.bytes(for:)`, so the body is read through a data delegate,
/// which Apple's Foundation has too: one code path on both. Each connection has a URLSession of its own,
/// invalidated when the connection ends, since a session holds its delegate until then.
final class StreamConnection: NSObject, URLSessionDataDelegate, Sendable {
    private let continuation: AsyncThrowingStream<StreamChunk, any Error>.Continuation

    private init(_ continuation: AsyncThrowingStream<StreamChunk, any Error>.Continuation) {
        self.continuation = continuation
    }

    /// Starts `request`; the chunks end with the connection (throwing its `URLError` if it failed), and ending
    /// the iteration early closes the connection.
    static func open(_ request: URLRequest) -> AsyncThrowingStream<StreamChunk, any Error> {
        let (chunks, continuation) = AsyncThrowingStream.makeStream(of: StreamChunk.self)
        let session = URLSession(configuration: .ephemeral, delegate: StreamConnection(continuation), delegateQueue: nil)
        let task = session.dataTask(with: request)
        continuation.onTermination = { _ in
            task.cancel()
            session.invalidateAndCancel()
        }
        task.resume()
        return chunks
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let http = response as? HTTPURLResponse
        let retryAfter = http?.value(forHTTPHeaderField: "Retry-After").flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        continuation.yield(.head(status: http?.statusCode ?? 0, retryAfter: retryAfter))
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        continuation.yield(.bytes(data))
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        if let error {
            continuation.finish(throwing: error)
        } else {
            continuation.finish()
        }
        session.finishTasksAndInvalidate()
    }
}
