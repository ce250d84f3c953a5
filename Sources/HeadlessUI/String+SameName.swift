extension String {
    /// Whether `other` is the same name, byte for byte.
    ///
    /// Screen, step and event names are identifiers a client sends and gets back, and the history and
    /// `Idempotency-Key`s keep their bytes. `==` compares by Unicode canonical equivalence instead, so the
    /// Kelvin sign (U+212A) would name the screen `K`, and the answer would depend on the Unicode tables of
    /// the Swift runtime that happens to run.
    @inlinable
    public func isSameName(as other: String) -> Bool {
        utf8.elementsEqual(other.utf8)
    }
}
