import SessionStorage

/// A kept answer as one sorted-set member (its score is the sequence, by which answers are read in order and
/// dropped by range): sequence and version as 8 bytes each, big-endian; the key and the body's digest each
/// after a 4-byte length; the body the rest. The sequence inside keeps two equal answers distinct members.
enum AnswerCoding {
    static func encode(_ answer: StoredAnswer) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(24 + answer.key.count + answer.bodyDigest.count + answer.body.count)
        append(UInt64(truncatingIfNeeded: answer.sequence), width: 8, to: &bytes)
        append(UInt64(truncatingIfNeeded: answer.version), width: 8, to: &bytes)
        append(UInt64(answer.key.count), width: 4, to: &bytes)
        bytes += answer.key
        append(UInt64(answer.bodyDigest.count), width: 4, to: &bytes)
        bytes += answer.bodyDigest
        bytes += answer.body
        return bytes
    }

    static func decode(_ bytes: [UInt8]) throws(RedisError) -> StoredAnswer {
        var reader = Reader(bytes: bytes)
        guard let sequence = reader.number(8), let version = reader.number(8), let keyCount = reader.number(4),
            let key = reader.take(keyCount), let digestCount = reader.number(4), let digest = reader.take(digestCount)
        else { throw .unexpected("a kept answer of \(bytes.count) bytes is cut short") }
        return StoredAnswer(sequence: sequence, key: key, bodyDigest: digest, version: version, body: reader.rest)
    }

    /// The answers a `ZRANGE` gave, in sequence order.
    static func answers(_ reply: RedisReply) throws(RedisError) -> [StoredAnswer] {
        var answers: [StoredAnswer] = []
        for member in try reply.elements() {
            guard let bytes = try member.bytes() else { throw .unexpected("a nil kept answer") }
            answers.append(try decode(bytes))
        }
        return answers
    }

    private static func append(_ value: UInt64, width: Int, to bytes: inout [UInt8]) {
        for index in (0..<width).reversed() { bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(index * 8))) }
    }

    private struct Reader {
        let bytes: [UInt8]
        var offset = 0

        mutating func number(_ width: Int) -> Int? {
            guard let part = take(width) else { return nil }
            let value = part.reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            return value <= UInt64(Int.max) ? Int(value) : nil
        }

        mutating func take(_ count: Int) -> [UInt8]? {
            guard count >= 0, bytes.count - offset >= count else { return nil }
            defer { offset += count }
            return Array(bytes[offset..<offset + count])
        }

        var rest: [UInt8] { Array(bytes[offset...]) }
    }
}
