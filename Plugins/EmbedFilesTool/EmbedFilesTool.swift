import Foundation

/// `EmbedFilesTool OUTPUT NAME=FILE...` writes a Swift file declaring `enum EmbeddedFile` with one `static let
/// NAME: String` per file, its text exactly as on disk. The EmbedFiles plugin runs it at build time, so a document
/// kept as a file of its own (docs/openapi.json, the viewer's script) is compiled in without a copy to keep in step.
///
/// A type with `main` rather than top-level code: a sanitizer build (the fuzzer's) compiles every executable as a
/// library, where top-level statements are not allowed.
@main
enum EmbedFilesTool {
    static func main() {
        let arguments = CommandLine.arguments.dropFirst()
        guard let output = arguments.first else {
            FileHandle.standardError.write(Data("usage: EmbedFilesTool OUTPUT NAME=FILE...\n".utf8))
            exit(2)
        }
        var source = "// Made by the EmbedFiles build plugin from the files named below: edit those, not this.\n\nenum EmbeddedFile {\n"
        for pair in arguments.dropFirst() {
            guard let equals = pair.firstIndex(of: "=") else { fatalError("not NAME=FILE: \(pair)") }
            let name = String(pair[..<equals]), path = String(pair[pair.index(after: equals)...])
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { fatalError("cannot read \(path) as UTF-8") }
            // A multi-line string literal reads a carriage return as a line break of its own: keep files to LF.
            guard !text.contains("\r") else { fatalError("\(path) has a carriage return: save it with LF line endings") }
            // Raw delimiters longer than any run of `#` after a quote or a backslash in the text, so nothing in it
            // closes the literal or starts an escape.
            var longest = 0, run = 0, counting = false
            for character in text {
                if character == "#", counting {
                    run += 1
                    longest = max(longest, run)
                } else {
                    counting = character == "\"" || character == "\\"
                    run = 0
                }
            }
            let hashes = String(repeating: "#", count: longest + 1)
            let file = URL(fileURLWithPath: path).lastPathComponent
            source += "    /// \(file)\n    static let \(name) = \(hashes)\"\"\"\n\(text)\n\"\"\"\(hashes)\n\n"
        }
        source += "}\n"
        do {
            try Data(source.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
        } catch {
            fatalError("cannot write \(output): \(error)")
        }
    }
}
