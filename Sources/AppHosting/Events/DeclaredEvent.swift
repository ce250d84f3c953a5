/// An event of a type the app declares, as a client sent it: its type and the values of its fields, checked
/// against the declaration (`AppEvent(json:catalog:)`).
///
/// Handlers read the fields through typed accessors: `try event.int("row")`. Asking for a field the declaration
/// does not have, or as another kind, is a bug in the app: the accessor throws `EventError.internalFailure`.
public struct DeclaredEvent: Sendable, Equatable {
    /// A field's value.
    public enum Value: Sendable, Equatable {
        case string(String)
        case integer(Int)
        case boolean(Bool)

        /// The value if it is a string (a string, screen or enum field's).
        public var string: String? {
            if case let .string(value) = self { return value }
            return nil
        }

        /// The value if it is an integer.
        public var int: Int? {
            if case let .integer(value) = self { return value }
            return nil
        }

        /// The value if it is a boolean.
        public var bool: Bool? {
            if case let .boolean(value) = self { return value }
            return nil
        }
    }

    /// The event's type, as the app declares it.
    public let type: String
    /// The fields the event has, in the declaration's order (an optional field left out is not here).
    public let values: [(name: String, value: Value)]

    /// Creates an event as if decoded; nothing is checked against a declaration (for tests and for apps that
    /// emit their own events).
    public init(type: String, values: [(name: String, value: Value)] = []) {
        self.type = type
        self.values = values
    }

    /// The value of field `name`; nil when the event does not have it (an optional field left out).
    public subscript(name: String) -> Value? {
        values.first { $0.name == name }?.value
    }

    /// The string (or screen, or enum) field `name`.
    public func string(_ name: String) throws(EventError) -> String {
        guard let value = self[name]?.string else { throw missing(name, "string") }
        return value
    }

    /// The integer field `name`.
    public func int(_ name: String) throws(EventError) -> Int {
        guard let value = self[name]?.int else { throw missing(name, "integer") }
        return value
    }

    /// The boolean field `name`.
    public func bool(_ name: String) throws(EventError) -> Bool {
        guard let value = self[name]?.bool else { throw missing(name, "boolean") }
        return value
    }

    private func missing(_ name: String, _ kind: String) -> EventError {
        .internalFailure("`\(type)` has no \(kind) field `\(name)`")
    }

    public static func == (lhs: DeclaredEvent, rhs: DeclaredEvent) -> Bool {
        lhs.type == rhs.type && lhs.values.elementsEqual(rhs.values) { $0.name == $1.name && $0.value == $1.value }
    }
}
