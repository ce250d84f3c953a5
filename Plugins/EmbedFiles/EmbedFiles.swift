import Foundation
import PackagePlugin

/// Compiles text files into a target as `EmbeddedFile.<name>` strings: every file in the target's `Embedded`
/// folder (`viewer.js` becomes `viewerJS`), and for `SessionService` the contract's OpenAPI document
/// (`docs/openapi.json` becomes `openAPIJSON`). The files stay the one source; nothing is copied by hand.
@main
struct EmbedFiles: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        var files: [(name: String, url: URL)] = []
        let folder = target.directoryURL.appending(path: "Embedded")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in names.sorted() where !name.hasPrefix(".") {
            files.append((Self.identifier(name), folder.appending(path: name)))
        }
        if target.name == "SessionService" {
            files.append(("openAPIJSON", context.package.directoryURL.appending(path: "docs/openapi.json")))
        }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedFile.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(files.map(\.url.lastPathComponent).joined(separator: ", ")) in \(target.name)",
                executable: try context.tool(named: "EmbedFilesTool").url,
                arguments: [output.path] + files.map { "\($0.name)=\($0.url.path)" },
                inputFiles: files.map(\.url),
                outputFiles: [output])
        ]
    }

    /// `viewer.js` → `viewerJS`, `viewer.html` → `viewerHTML`: the stem, then the extension in capitals.
    static func identifier(_ fileName: String) -> String {
        let parts = fileName.split(separator: ".")
        let stem = parts.first.map(String.init) ?? fileName
        let words = stem.split { !$0.isLetter && !$0.isNumber }.enumerated().map { index, word in
            index == 0 ? word.lowercased() : word.prefix(1).uppercased() + word.dropFirst()
        }
        return words.joined() + parts.dropFirst().map { $0.uppercased() }.joined()
    }
}
