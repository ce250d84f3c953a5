import AppHosting
import DeclaredApps
import Foundation
import SessionStorage

/// The `--apps` folder: its `*.json` files, by name, loaded as one set (all or nothing), at start and again at
/// each SIGHUP.
struct AppsFolder: Sendable {
    let path: String

    /// Why the folder gave no set of apps.
    enum Failure: Error {
        /// The folder, or a file in it, could not be read: what the error says.
        case unreadable(String)
        /// Files were read, and at least one is wrong: every problem found.
        case refused(AppLoadError)
    }

    /// The folder's apps, each file checked as `DeclaredAppLoader` does; `takenIDs` are the ids of the apps
    /// compiled in, which no file may claim.
    func load(takenIDs: Set<String>) throws(Failure) -> [DeclaredApp] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: path).filter { $0.hasSuffix(".json") }.sorted()
        } catch {
            throw .unreadable("--apps \(path): cannot read the folder (\(error.localizedDescription))")
        }
        var files: [(path: String, bytes: [UInt8])] = []
        for name in names {
            let file = (path as NSString).appendingPathComponent(name)
            guard let data = FileManager.default.contents(atPath: file) else { throw .unreadable("--apps: cannot read \(file)") }
            files.append((file, Array(data)))
        }
        do {
            return try DeclaredAppLoader.load(files: files, takenIDs: takenIDs)
        } catch {
            throw .refused(error)
        }
    }

    /// `base` (the apps compiled in) with `apps` registered after its own, and the stored form of each of
    /// `apps`, by id: what `SessionService` is given, at start and by `replaceApps`.
    static func hosting(_ apps: [DeclaredApp], beside base: AppRegistry) -> (registry: AppRegistry, definitions: [String: StoredDefinition])
    {
        let registry = apps.reduce(base) { $0.registering($1.definition) }
        let definitions = Dictionary(
            apps.map { ($0.definition.id, StoredDefinition(digest: $0.digest, bytes: $0.bytes)) }, uniquingKeysWith: { first, _ in first })
        return (registry, definitions)
    }

    /// What rebuilds an app from its stored definition, for sessions restored after their file changed or went
    /// away (with or without `--apps` now); a definition that no longer loads is logged, and its sessions are
    /// not restored.
    static func storedDefinitionLoader(logger: RequestLogger) -> @Sendable (StoredDefinition) -> AppDefinition? {
        { stored in
            do throws(AppLoadError) {
                return try DeclaredAppLoader.load(stored: stored.bytes, label: "stored definition \(stored.digest)").definition
            } catch {
                for problem in error.problems {
                    logger.message(.error, "stored definition does not load", fields: [("problem", problem.description)])
                }
                return nil
            }
        }
    }
}
