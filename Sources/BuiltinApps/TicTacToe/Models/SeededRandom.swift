/// Where RandomWin's "random" winner comes from: SplitMix64, seeded from the players' names.
///
/// A session must come back to the same state when its history is replayed (after a refusal, a restart, a fork),
/// so the draw may depend on nothing but the events: the names come with `loginPlayers`, and each draw advances the
/// generator once, so the n-th `determineWinner` since login always picks the same player. The arithmetic is
/// written out here, not left to the standard library's `random(in:using:)`, whose algorithm may change between
/// Swift releases and with it the outcome of a stored history.
final class SeededRandom {
    private var state: UInt64

    /// A generator whose seed is the FNV-1a hash of both names (with a separator, so "ab"+"c" is not "a"+"bc").
    init(player1Name: String, player2Name: String) {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in Array(player1Name.utf8) + [0] + Array(player2Name.utf8) {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        state = hash
    }

    /// The next 64 bits.
    func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number from 0 to `bound - 1` (the tutorial's `arc4random_uniform(bound)`; the modulo's bias is far
    /// below anything a game of chance between two players could show).
    func roll(below bound: UInt64) -> UInt64 {
        next() % bound
    }
}
