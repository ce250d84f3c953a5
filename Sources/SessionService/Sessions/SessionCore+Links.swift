import AppHosting

/// Deep links: the app's walk from the state shown to where a URL points, all or nothing.
extension SessionCore {
    /// Opens `url` with its declaration; true when the state changed (a new version, `link` in the history).
    /// A walk that cannot go on leaves the session as it was (the tree replayed from the history) and throws
    /// `link_not_routable` naming the step.
    func open(link url: String, declaration: LinkDeclaration, parameters: [String: String], now: Int64) throws(ServiceError) -> Bool {
        do throws(LinkRefusal) {
            try declaration.open(parameters, runtime)
        } catch {
            // The walk may have moved before the step that could not: the history replays to the state before.
            try rebuild()
            throw .linkNotRoutable(url: url, refusal: error)
        }
        return advance(by: .link(url), now: now)
    }
}
