/// One thing wrong with an app file: which file, where in it (a JSON pointer, RFC 6901; "" for the whole
/// file), and what.
public struct AppLoadProblem: Sendable, Equatable, CustomStringConvertible {
    /// The path the file was handed over with.
    public let file: String
    /// The value at fault, as a JSON pointer (`/ribs/2/handles/0/event`).
    public let pointer: String
    /// What is wrong, in a sentence.
    public let message: String

    /// Creates a problem.
    public init(file: String, pointer: String, message: String) {
        self.file = file
        self.pointer = pointer
        self.message = message
    }

    /// `file#pointer: message`, the form a log line or a terminal shows.
    public var description: String {
        "\(file)#\(pointer): \(message)"
    }
}
