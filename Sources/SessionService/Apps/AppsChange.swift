/// What a reload changed in the apps new sessions are made with (`SessionService.replaceApps`), by app id.
public struct AppsChange: Sendable, Equatable {
    /// Apps the new set has and the old one had not.
    public let added: [String]
    /// Apps both have, with another definition now: new sessions get the new one, live ones keep theirs.
    public let changed: [String]
    /// Apps only the old set had: their live sessions go on, and creating another is refused.
    public let removed: [String]

    public init(added: [String], changed: [String], removed: [String]) {
        self.added = added
        self.changed = changed
        self.removed = removed
    }

    /// Whether the new set is the old one.
    public var isEmpty: Bool { added.isEmpty && changed.isEmpty && removed.isEmpty }
}
