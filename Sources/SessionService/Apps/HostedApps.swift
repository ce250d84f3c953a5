import AppHosting
import Locking
import SessionStorage

/// The apps new sessions are made with, swapped whole by a reload, and every declared app's definition this
/// process has made or restored sessions with, by digest. A session holds the `AppDefinition` it was created
/// with (its replay, time travel and links use that one, never the registry's); this tells which stored
/// definition that is, so that its record can name it.
final class HostedApps: Sendable {
    private let state: Lock<State>
    /// One replacement at a time: each renders its set outside `state`'s lock, which creations take.
    private let replacing = Lock(())
    /// Rebuilds a stored definition's app; nil: none is rebuilt (a session restores with the app hosted now).
    private let load: (@Sendable (StoredDefinition) -> AppDefinition?)?
    /// The most events one request applies (`--max-batch`), which `GET /openapi.json` states.
    private let batchLimit: Int

    private struct State {
        var current: AppSet
        var known: KnownDefinitions
    }

    /// Every definition known, by digest: those loaded (current or replaced since) and those sessions were
    /// restored with. Kept for the process's life: a live session may hold any (a few kilobytes each).
    private struct KnownDefinitions {
        var byDigest: [String: (app: AppDefinition, source: StoredDefinition)] = [:]
        /// The digest of each, by its event catalog's identity: an `AppDefinition` is a value, and its catalog,
        /// an object made once per definition and shared by every copy, tells which one a session holds.
        var digests: [ObjectIdentifier: String] = [:]
        /// Digests the durable store is known to hold: a definition is kept there once, not with every session.
        var stored: Set<String> = []

        mutating func remember(_ app: AppDefinition, _ source: StoredDefinition) {
            byDigest[source.digest] = (app, source)
            digests[ObjectIdentifier(app.catalog)] = source.digest
        }

        /// `registry` with each app whose definition is known already replaced by that known one (the same
        /// bytes: sessions made before and after hold the same definition), the others remembered.
        mutating func remember(_ registry: AppRegistry, _ definitions: [String: StoredDefinition]) -> AppRegistry {
            var registry = registry
            for app in registry.apps {
                guard let source = definitions[app.id] else { continue }
                if let known = byDigest[source.digest], known.app.id == app.id {
                    registry.register(known.app)
                } else {
                    remember(app, source)
                }
            }
            return registry
        }
    }

    init(registry: AppRegistry, sources: AppSources?, batchLimit: Int) {
        let definitions = sources?.definitions ?? [:]
        var known = KnownDefinitions()
        let registry = known.remember(registry, definitions)
        let set = AppSet(registry: registry, sources: Self.sources(of: registry, in: definitions), batchLimit: batchLimit)
        state = Lock(State(current: set, known: known))
        load = sources?.load
        self.batchLimit = batchLimit
    }

    /// The set new sessions are made with now.
    var current: AppSet { state.withLock { $0.current } }

    /// Makes `registry` the set new sessions are made with, `definitions` the stored form of its apps that are
    /// data (by app id); returns what changed.
    func replace(_ registry: AppRegistry, definitions: [String: StoredDefinition]) -> AppsChange {
        replacing.withLock { _ in
            let registry = state.withLock { $0.known.remember(registry, definitions) }
            let set = AppSet(registry: registry, sources: Self.sources(of: registry, in: definitions), batchLimit: batchLimit)
            let old = state.withLock { state in
                defer { state.current = set }
                return state.current
            }
            return set.change(since: old)
        }
    }

    /// The stored form of the definition `app` is; nil for an app compiled in.
    func source(of app: AppDefinition) -> StoredDefinition? {
        state.withLock { state in
            state.known.digests[ObjectIdentifier(app.catalog)].flatMap { state.known.byDigest[$0]?.source }
        }
    }

    /// The known definition with this digest.
    func app(withDigest digest: String) -> AppDefinition? {
        state.withLock { $0.known.byDigest[digest]?.app }
    }

    /// The app a definition read from the store gives, remembered (and known to be stored); nil when it does
    /// not load here.
    func adopt(_ source: StoredDefinition) -> AppDefinition? {
        if let known = app(withDigest: source.digest) { return known }
        // Outside the lock: loading checks the whole file.
        guard let load, let app = load(source) else { return nil }
        return state.withLock { state in
            state.known.stored.insert(source.digest)
            // Another restore may have loaded it meanwhile: every session holds the one remembered first.
            if let known = state.known.byDigest[source.digest] { return known.app }
            state.known.remember(app, source)
            return app
        }
    }

    /// Whether the durable store is known to hold the definition with this digest.
    func isStored(_ digest: String) -> Bool {
        state.withLock { $0.known.stored.contains(digest) }
    }

    /// Notes that the durable store holds the definition with this digest.
    func noteStored(_ digest: String) {
        state.withLock { _ = $0.known.stored.insert(digest) }
    }

    /// The entries of `definitions` whose app `registry` hosts.
    private static func sources(of registry: AppRegistry, in definitions: [String: StoredDefinition]) -> [String: StoredDefinition] {
        definitions.filter { id, _ in registry.apps.contains { $0.id == id } }
    }
}
