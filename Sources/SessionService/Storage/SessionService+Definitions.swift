import AppHosting
import SessionStorage

/// Which definition a session's record names, and which one a stored session replays with. A session of an app
/// that is data names its definition's digest, the definition kept once beside the sessions: after a reload or a
/// restart it replays with that one, whatever is loaded under its app's id then.
extension SessionService {
    /// The digest of the definition `app` is, for a new session's record: kept in the store first unless this
    /// process knows the store has it. Nil for an app compiled in. Throws (503) when the store cannot take it.
    func keptDefinition(of app: AppDefinition, in records: any SessionRecordStore) throws(ServiceError) -> String? {
        guard let source = apps.source(of: app) else { return nil }
        guard !apps.isStored(source.digest) else { return source.digest }
        do {
            try records.keepDefinition(source)
        } catch {
            throw .storeUnavailable(error.message)
        }
        apps.noteStored(source.digest)
        return source.digest
    }

    /// The definition a stored session names, read from the store unless this process knows it already; nil
    /// when it names none, or when the store lost it.
    func storedDefinition(for summary: StoredSession) throws(StoreError) -> StoredDefinition? {
        guard let digest = summary.definition, apps.app(withDigest: digest) == nil, let records else { return nil }
        return try records.definition(digest)
    }

    /// The app a stored session replays with: the definition it names (known here, or `stored`, as read by
    /// `storedDefinition`); for a session that names none (an app compiled in, or a record from before
    /// definitions were kept) or whose definition the store lost, the app hosted under its id now, as the replay
    /// check then decides.
    func restoredApp(for summary: StoredSession, stored: StoredDefinition?) throws(RestoreFailure) -> AppDefinition {
        if let digest = summary.definition {
            if let known = apps.app(withDigest: digest) { return known }
            if let stored {
                guard let app = apps.adopt(stored), app.id == summary.app else {
                    throw RestoreFailure("the definition of its app `\(summary.app)` it was created with (\(digest)) does not load here")
                }
                return app
            }
        }
        guard let app = registry.app(summary.app) else { throw RestoreFailure("its app `\(summary.app)` is no longer hosted") }
        return app
    }
}
