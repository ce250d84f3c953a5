/// A request body reduced to its length and a 128-bit digest: what a retry under the same `Idempotency-Key`
/// must match. A session keeps its last 1,000 keys, and a body may be up to `--max-body` (64 KiB by default):
/// kept whole, one session's keys could hold 64 MiB; as digests they hold 24 KiB.
///
/// Deterministic (no per-process seed), so it can outlive a restart. Not cryptographic: two bodies with one
/// digest can be crafted, but a session's keys are its own client's, so such a pair only fools that client
/// (its second body is answered as a retry of the first).
struct BodyDigest: Equatable {
    let count: Int
    let first: UInt64
    let second: UInt64

    init(_ bytes: [UInt8]) {
        // Two lanes that mix each byte differently: FNV-1a, and add, multiply (SplitMix64's constant), xor-shift.
        var first: UInt64 = 0xcbf2_9ce4_8422_2325
        var second: UInt64 = 0x9e37_79b9_7f4a_7c15 ^ UInt64(bytes.count)
        for byte in bytes {
            first = (first ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
            second = (second &+ UInt64(byte) &+ 1) &* 0xbf58_476d_1ce4_e5b9
            second ^= second >> 31
        }
        count = bytes.count
        self.first = first
        self.second = second
    }

    /// Its stored form: the count, then the two lanes, each 8 bytes big-endian.
    var bytes: [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(24)
        for word in [UInt64(count), first, second] {
            for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: word >> UInt64(shift))) }
        }
        return bytes
    }

    /// The digest `bytes` stored; nil for bytes of another length.
    init?(stored bytes: [UInt8]) {
        guard bytes.count == 24 else { return nil }
        func word(_ index: Int) -> UInt64 { bytes[index * 8..<index * 8 + 8].reduce(0) { $0 << 8 | UInt64($1) } }
        count = Int(word(0))
        first = word(1)
        second = word(2)
    }
}
