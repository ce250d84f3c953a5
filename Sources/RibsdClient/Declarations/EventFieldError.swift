/// Why an app's own event cannot be built from the values given: the server would refuse it with 400
/// `malformed_event` (or, for a field its type does not declare, ignore the field).
public struct EventFieldError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Reason: Hashable, Sendable {
        /// A field that is not optional has no value (or null).
        case missing
        /// A value of another kind (a number for a string field, a fraction for an integer).
        case wrongKind
        /// A string that is empty or longer than 256 characters.
        case length
        /// An integer outside the field's range.
        case outOfRange(ClosedRange<Int>)
        /// A string that is none of these (an enum's values, the app's screens).
        case notOneOf([String])
        /// The type declares no field of this name.
        case undeclared
    }

    /// The event's type.
    public var type: EventType
    /// The field at fault.
    public var field: String
    public var reason: Reason

    public init(type: EventType, field: String, reason: Reason) {
        self.type = type
        self.field = field
        self.reason = reason
    }

    public var description: String {
        switch reason {
        case .missing: "`\(type)` needs the field `\(field)`"
        case .wrongKind: "`\(field)` is not of its kind"
        case .length: "`\(field)` must be 1 to \(EventFieldDeclaration.maxStringLength) characters"
        case .outOfRange(let range): "`\(field)` must be an integer from \(range.lowerBound) to \(range.upperBound)"
        case .notOneOf(let values): "`\(field)` must be one of " + values.map { "\"\($0)\"" }.joined(separator: ", ")
        case .undeclared: "`\(type)` declares no field `\(field)`"
        }
    }
}
