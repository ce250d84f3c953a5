import AppHosting

/// Loads apps declared in JSON files (docs/APPS-AS-DATA.md): RIB trees or RxFlow-style flows as data, checked
/// at once, each session's tree built from the checked model. Pure: it reads only the bytes it is handed.
public enum DeclaredAppLoader {
    /// The JSON Schema of an app file (docs/app.schema.json), byte for byte.
    public static let schemaJSON: [UInt8] = Array(EmbeddedFile.appSchemaJSON.utf8)

    /// Loads one app per file, in the order given. `takenIDs` are the ids the server hosts already (the built-in
    /// apps'): a file claiming one is refused, as is a second file with the same id.
    ///
    /// - Throws: every problem of every file, each with its file, JSON pointer and what is wrong; one problem
    ///   anywhere and nothing is loaded.
    public static func load(files: [(path: String, bytes: [UInt8])], takenIDs: Set<String> = []) throws(AppLoadError) -> [DeclaredApp] {
        var problems: [AppLoadProblem] = []
        var apps: [DeclaredApp] = []
        var claimed: [String: String] = [:]
        for file in files {
            var reader = FileReader(file: file.path)
            let node: JSONNode
            do {
                node = try JSONParser.parse(file.bytes)
            } catch {
                problems.append(AppLoadProblem(file: file.path, pointer: "", message: error.message))
                continue
            }
            let source = reader.readApp(node)
            problems += reader.problems
            guard let source else { continue }
            if let id = source.id {
                if takenIDs.contains(id.value) {
                    problems.append(
                        AppLoadProblem(
                            file: file.path, pointer: id.pointer.description,
                            message: "the app id `\(id.value)` is taken by an app the server hosts already"))
                } else if let other = claimed[id.value] {
                    problems.append(
                        AppLoadProblem(
                            file: file.path, pointer: id.pointer.description, message: "the app id `\(id.value)` is taken by \(other)"))
                } else {
                    claimed[id.value] = file.path
                }
            }
            var resolver = AppResolver(file: file.path)
            let model = resolver.resolve(source)
            problems += resolver.problems
            // A file whose reading went wrong has a model only of what could be read: it is not loaded either.
            if let model, reader.problems.isEmpty {
                apps.append(
                    DeclaredApp(definition: model.definition, digest: SHA256.hex(of: file.bytes), bytes: file.bytes, path: file.path))
            }
        }
        guard problems.isEmpty else { throw AppLoadError(problems: problems) }
        return apps
    }

    /// The app a kept definition gives (`DeclaredApp.bytes`, as a store holds them): checked as a file is, the
    /// built-in ids aside (a stored definition had its id when it was loaded, and sessions of it replay with it).
    ///
    /// - Throws: what is wrong with the bytes now (a newer ribsd's stricter checks), `label` as the file.
    public static func load(stored bytes: [UInt8], label: String) throws(AppLoadError) -> DeclaredApp {
        let apps = try load(files: [(label, bytes)])
        return apps[0]
    }
}
