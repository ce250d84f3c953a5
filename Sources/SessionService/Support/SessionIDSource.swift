/// Where session ids come from, injected so that tests get predictable ids.
public protocol SessionIDSource: Sendable {
    /// A new id: at least 22 URL-safe ASCII characters (the store refuses others, see `SessionStore.isPlainKey`).
    func nextID() -> String
}

/// 128 bits from the system's cryptographic generator, base64url without padding (22 characters).
public struct RandomSessionIDs: SessionIDSource {
    /// Creates it.
    public init() {}

    public func nextID() -> String {
        var generator = SystemRandomNumberGenerator()
        let high = generator.next() as UInt64
        let low = generator.next() as UInt64
        return Base64URL.encode128(high: high, low: low)
    }
}

/// Base64url (RFC 4648 §5) for 128-bit values (`package`: the benchmarks make ids of the same form).
package enum Base64URL {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    package static func encode128(high: UInt64, low: UInt64) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(16)
        for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: high >> UInt64(shift))) }
        for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: low >> UInt64(shift))) }
        var output: [UInt8] = []
        output.reserveCapacity(22)
        var index = 0
        while index + 3 <= bytes.count {
            let chunk = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
            for shift in [18, 12, 6, 0] { output.append(alphabet[Int((chunk >> UInt32(shift)) & 63)]) }
            index += 3
        }
        // 16 bytes leave one: two characters, no padding.
        let last = UInt32(bytes[15])
        output.append(alphabet[Int(last >> 2)])
        output.append(alphabet[Int((last & 3) << 4)])
        return String(decoding: output, as: UTF8.self)
    }
}
