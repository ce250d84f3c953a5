import RibsdClient
import Testing

/// The error `call` throws, which must be a `RibsdError.problem` (an issue is recorded when it is another
/// error, or when there is none).
func problem(_ call: () async throws -> some Any, sourceLocation: SourceLocation = #_sourceLocation) async -> RibsdError? {
    do {
        _ = try await call()
        Issue.record("no error", sourceLocation: sourceLocation)
        return nil
    } catch let error as RibsdError {
        #expect(error.problem != nil, "\(error)", sourceLocation: sourceLocation)
        return error
    } catch {
        Issue.record("not a RibsdError: \(error)", sourceLocation: sourceLocation)
        return nil
    }
}
