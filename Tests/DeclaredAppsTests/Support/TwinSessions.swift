import AppHosting
import DeclaredApps
import SessionService

/// What one event did to a session, as a client would see it: applied (changing the state or not), or refused
/// with a code and a detail.
enum Outcome: Equatable, CustomStringConvertible {
    case applied(changed: Bool)
    case refused(code: String, detail: String)

    var description: String {
        switch self {
        case let .applied(changed): changed ? "applied" : "applied (no change)"
        case let .refused(code, detail): "\(code): \(detail)"
        }
    }
}

/// A Swift app and its declared twin, each in a session core of its own (SessionService's own type, so state
/// documents and refusals are what the server sends), driven with the same events.
final class TwinSessions {
    let swift: SessionCore
    let declared: SessionCore
    private let swiftID: String
    private let declaredID: String

    init(_ swiftApp: AppDefinition, _ declaredApp: AppDefinition, rebuildsAfterEveryRefusal: Bool = false) {
        let id = "AAAAAAAAAAAAAAAAAAAAAA"
        swift = SessionCore(id: id, app: swiftApp, uptime: 0, idempotencyKeys: 8)
        declared = SessionCore(id: id, app: declaredApp, uptime: 0, idempotencyKeys: 8)
        swift.rebuildsAfterEveryRefusal = rebuildsAfterEveryRefusal
        declared.rebuildsAfterEveryRefusal = rebuildsAfterEveryRefusal
        swiftID = swiftApp.id
        declaredID = declaredApp.id
    }

    /// Applies `event` to both sessions.
    func apply(_ event: AppEvent) -> (swift: Outcome, declared: Outcome) {
        (Self.outcome(of: event, in: swift), normalized(Self.outcome(of: event, in: declared)))
    }

    /// The Swift app's state document.
    var swiftState: String { String(decoding: swift.stateJSON, as: UTF8.self) }

    /// The declared app's state document with its app id written as the Swift twin's.
    var declaredState: String {
        String(decoding: declared.stateJSON, as: UTF8.self).replacing("\"app\":\"\(declaredID)\"", with: "\"app\":\"\(swiftID)\"")
    }

    /// Whether both twins show the same state document, byte for byte (the app id aside).
    var statesMatch: Bool { swiftState == declaredState }

    private func normalized(_ outcome: Outcome) -> Outcome {
        guard case let .refused(code, detail) = outcome else { return outcome }
        return .refused(code: code, detail: detail.replacing("`\(declaredID)`", with: "`\(swiftID)`"))
    }

    private static func outcome(of event: AppEvent, in session: SessionCore) -> Outcome {
        do {
            return .applied(changed: try session.apply(event, now: 0))
        } catch {
            return .refused(code: error.code, detail: error.detail)
        }
    }
}
