extension String {
    /// Whether `other` is the same name, byte for byte.
    ///
    /// Where a client's name meets an app's (a swipe of a screen, a flow step, "is it still shown"), the host
    /// matches bytes: the history and `Idempotency-Key`s keep the bytes the client sent, while `==` compares
    /// by Unicode canonical equivalence, so the Kelvin sign (U+212A) would name a screen `K`, by the Unicode
    /// tables of whichever Swift runtime runs. (An app comparing its own names, like the built-in ones,
    /// plain ASCII, may use `==`.)
    @inlinable
    public func isSameName(as other: String) -> Bool {
        // Text first: `==` rejects a different name at once and compares short ASCII names by their inline
        // bytes. Equal ASCII text is equal bytes; only other equal text is compared again.
        guard self == other else { return false }
        let mine = utf8Span, theirs = other.utf8Span
        if mine.isKnownASCII && theirs.isKnownASCII { return true }
        return mine.bytesEqual(to: other.utf8)
    }
}
