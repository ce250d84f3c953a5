import AppHosting
import DeclaredApps

/// SIGHUP: the `--apps` folder loaded again, all or nothing, as at start. A good set replaces the apps new
/// sessions are made with; a bad one changes nothing, and the log says why. Live sessions keep their
/// definitions either way.
extension Ribsd {
    /// Reloads `folder` beside `base` (the apps compiled in, which are not reloaded) into `service`; logs the
    /// outcome. Runs on the thread that took the signal, never in a signal handler.
    static func reloadApps(from folder: AppsFolder?, beside base: AppRegistry, into service: SessionService, logger: RequestLogger) {
        guard let folder else {
            logger.message(
                .warn, "apps not reloaded", fields: [("reason", "SIGHUP reloads the --apps folder, and none was given")], always: true)
            return
        }
        let loaded: [DeclaredApp]
        do {
            loaded = try folder.load(takenIDs: Set(base.apps.map(\.id)))
        } catch {
            refuse(error, kept: service.registry, logger: logger)
            return
        }
        let (registry, definitions) = AppsFolder.hosting(loaded, beside: base)
        let change = service.replaceApps(registry, definitions: definitions)
        logger.message(
            .info, "apps reloaded",
            fields: [
                ("added", change.added.joined(separator: ",")), ("changed", change.changed.joined(separator: ",")),
                ("removed", change.removed.joined(separator: ",")), ("apps", registry.apps.map(\.id).joined(separator: ",")),
            ],
            always: true)
    }

    /// Logs why a reload was refused: each problem on a line of its own (file, JSON pointer, what), then the
    /// refusal with the apps kept.
    private static func refuse(_ failure: AppsFolder.Failure, kept: AppRegistry, logger: RequestLogger) {
        var count = 1
        switch failure {
        case let .unreadable(message):
            logger.message(.error, "apps reload problem", fields: [("problem", message)], always: true)
        case let .refused(error):
            count = error.problems.count
            for problem in error.problems {
                logger.message(
                    .error, "apps reload problem",
                    fields: [("file", problem.file), ("pointer", problem.pointer), ("problem", problem.message)],
                    always: true)
            }
        }
        logger.message(
            .error, "apps reload refused",
            fields: [("problems", String(count)), ("kept", kept.apps.map(\.id).joined(separator: ","))], always: true)
    }
}
