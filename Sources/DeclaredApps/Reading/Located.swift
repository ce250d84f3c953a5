/// A value read from an app file, with where it was: a later check that finds it wrong can point at it.
struct Located<Value> {
    let value: Value
    let pointer: JSONPointer
}
