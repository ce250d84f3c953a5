/// What a pattern's parts say about the URLs it matches, for an app declared as data to be checked at load.
extension LinkPattern {
    /// The parameters the pattern fills, path first, then query, in the order written.
    public var parameters: [String] {
        segments.compactMap { segment in
            if case let .parameter(name) = segment { name } else { nil }
        } + query.map(\.parameter)
    }

    /// Whether `other` matches exactly the URLs this pattern matches (the parameters' names aside): of two such
    /// links, the one listed second would never be opened.
    public func matchesSameURLs(as other: LinkPattern) -> Bool {
        guard segments.count == other.segments.count, Set(query.map(\.name)) == Set(other.query.map(\.name)) else { return false }
        return zip(segments, other.segments).allSatisfy { mine, theirs in
            switch (mine, theirs) {
            case let (.literal(left), .literal(right)): left == right
            case (.parameter, .parameter): true
            default: false
            }
        }
    }
}
