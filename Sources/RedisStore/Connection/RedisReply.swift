import CHiredis

/// One reply, copied out of hiredis's reply object (which is freed at once).
indirect enum RedisReply: Equatable {
    case string([UInt8])
    case integer(Int64)
    case array([RedisReply])
    case null
    case status(String)
    case error(String)

    init(_ reply: UnsafePointer<redisReply>) {
        let value = reply.pointee
        switch value.type {
        case REDIS_REPLY_STRING: self = .string(Self.bytes(value.str, value.len))
        case REDIS_REPLY_INTEGER: self = .integer(value.integer)
        case REDIS_REPLY_ARRAY:
            self = .array(
                (0..<value.elements).map { index in
                    value.element[index].map { RedisReply(UnsafePointer($0)) } ?? .null
                })
        case REDIS_REPLY_STATUS: self = .status(String(decoding: Self.bytes(value.str, value.len), as: UTF8.self))
        case REDIS_REPLY_ERROR: self = .error(String(decoding: Self.bytes(value.str, value.len), as: UTF8.self))
        default: self = .null
        }
    }

    private static func bytes(_ pointer: UnsafeMutablePointer<CChar>?, _ count: Int) -> [UInt8] {
        guard let pointer, count > 0 else { return [] }
        return Array(UnsafeRawBufferPointer(start: pointer, count: count))
    }

    /// The reply, or the server's error thrown.
    func checked() throws(RedisError) -> RedisReply {
        if case let .error(message) = self { throw .server(message) }
        return self
    }

    /// A bulk string's bytes; nil for a nil reply.
    func bytes() throws(RedisError) -> [UInt8]? {
        switch try checked() {
        case let .string(bytes): bytes
        case .null: nil
        default: throw .unexpected("\(self) where a string was due")
        }
    }

    /// An integer reply, or a bulk string holding one (a hash field's value).
    func integer() throws(RedisError) -> Int64? {
        switch try checked() {
        case let .integer(value): return value
        case let .string(bytes):
            let text = String(decoding: bytes, as: UTF8.self)
            guard let value = Int64(text) else { throw .unexpected("\"\(text)\" where a number was due") }
            return value
        case .null: return nil
        default: throw .unexpected("\(self) where a number was due")
        }
    }

    /// An array reply's elements (a nil reply, as a missing key gives, is empty).
    func elements() throws(RedisError) -> [RedisReply] {
        switch try checked() {
        case let .array(elements): elements
        case .null: []
        default: throw .unexpected("\(self) where an array was due")
        }
    }
}
