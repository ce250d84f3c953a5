import AppHosting
import BuiltinApps
import DeclaredApps
import Foundation

/// The app files in Examples/apps, read from the checkout, and the built-in apps they are the twins of.
enum ExampleApps {
    /// Examples/apps, found from this file's place in the checkout.
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appending(path: "Examples/apps")

    /// The file `name` (`login.json`), as the loader takes it.
    static func file(_ name: String) -> (path: String, bytes: [UInt8]) {
        let url = directory.appending(path: name)
        let data = (try? Data(contentsOf: url)) ?? Data()
        return ("Examples/apps/" + name, Array(data))
    }

    /// Every file in Examples/apps, in name order.
    static var allFiles: [(path: String, bytes: [UInt8])] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted().map(file)
    }

    /// The declared twin of a built-in app (`navigation` → Examples/apps/navigation.json).
    static func twin(of app: AppDefinition) throws -> DeclaredApp {
        guard let twin = try DeclaredAppLoader.load(files: [file(app.id + ".json")]).first else { throw MissingTwin(id: app.id) }
        return twin
    }

    /// The four built-in apps that have twins.
    static let builtIn = [BuiltinApps.navigation, BuiltinApps.login, BuiltinApps.todo, BuiltinApps.flow]
}

/// Examples/apps has no file for a built-in app.
struct MissingTwin: Error {
    let id: String
}
