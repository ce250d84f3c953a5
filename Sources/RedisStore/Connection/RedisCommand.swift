/// One command's arguments, as bytes: Redis strings are binary, so events and digests go as they are.
struct RedisCommand: Sendable {
    private(set) var arguments: [[UInt8]]

    init(_ words: String...) {
        arguments = words.map { Array($0.utf8) }
    }

    mutating func append(_ bytes: [UInt8]) {
        arguments.append(bytes)
    }

    mutating func append(_ text: String) {
        arguments.append(Array(text.utf8))
    }

    mutating func append(_ number: Int64) {
        arguments.append(Array(String(number).utf8))
    }

    mutating func append(_ number: Int) {
        append(Int64(number))
    }

    /// The command's name, for messages.
    var name: String { arguments.first.map { String(decoding: $0, as: UTF8.self) } ?? "" }
}
