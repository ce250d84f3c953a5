import SessionStorage

/// One write the writer thread makes: a session's change, or a definition kept for sessions to name.
enum StoreWrite: Sendable {
    case change(StoreChange)
    case definition(StoredDefinition)
}
