import Foundation
import HeadlessUI

extension AppEvent {
    /// Decodes an event body, validating each field its type needs; extra fields are ignored.
    public init(json bytes: [UInt8]) throws(EventDecodingError) {
        let raw: RawEvent
        do {
            raw = try JSONDecoder().decode(RawEvent.self, from: Data(bytes))
        } catch let error as DecodingError {
            throw .malformed(Self.describe(error))
        } catch {
            throw .malformed("the body is not valid JSON")
        }
        try self.init(raw: raw)
    }

    private init(raw: RawEvent) throws(EventDecodingError) {
        guard let typeName = raw.type else { throw .malformed("`type` is missing") }
        guard let type = EventType(rawValue: typeName) else {
            let known = EventType.allCases.map(\.rawValue).joined(separator: ", ")
            throw .unknownType("unknown event type \"\(typeName)\"; known types: \(known)")
        }
        switch type {
        case .login: self = .login(name: try Self.required(raw.name, "name", of: type, nonEmpty: true))
        case .logout: self = .logout
        case .push: self = .push(screen: try Self.required(raw.screen, "screen", of: type))
        case .pop: self = .pop
        case .didPop: self = .didPop(screen: try Self.required(raw.screen, "screen", of: type))
        case .present:
            let screen = try Self.required(raw.screen, "screen", of: type)
            var style: ModalPresentationStyle?
            if let name = raw.style {
                guard let parsed = ModalPresentationStyle(rawValue: name) else {
                    throw .malformed("`style` must be \"fullScreen\" or \"pageSheet\"")
                }
                style = parsed
            }
            self = .present(screen: screen, style: style)
        case .dismiss: self = .dismiss
        case .didDismiss: self = .didDismiss(screen: try Self.required(raw.screen, "screen", of: type))
        case .step: self = .step(try Self.required(raw.step, "step", of: type))
        }
    }

    private static func required(_ value: String?, _ field: String, of type: EventType, nonEmpty: Bool = true) throws(EventDecodingError) -> String {
        guard let value else { throw .malformed("`\(type.rawValue)` needs the string field `\(field)`") }
        guard !nonEmpty || !value.isEmpty else { throw .malformed("`\(field)` must not be empty") }
        return value
    }

    private static func describe(_ error: DecodingError) -> String {
        switch error {
        case let .typeMismatch(_, context):
            if let key = context.codingPath.last?.stringValue { return "`\(key)` must be a string" }
            return "the body must be a JSON object"
        case .valueNotFound(_, let context):
            if let key = context.codingPath.last?.stringValue { return "`\(key)` must be a string, not null" }
            return "the body must be a JSON object"
        case .dataCorrupted, .keyNotFound:
            return "the body is not valid JSON"
        @unknown default:
            return "the body is not valid JSON"
        }
    }
}

/// The wire shape: every known field optional, so that validation can name what is wrong.
private struct RawEvent: Decodable {
    var type: String?
    var name: String?
    var screen: String?
    var style: String?
    var step: String?
}
