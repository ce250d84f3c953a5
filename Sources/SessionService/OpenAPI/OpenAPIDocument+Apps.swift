import AppHosting
import Foundation

extension OpenAPIDocument {
    /// The built-in apps, as the document names them: `json` describes a server hosting exactly these.
    static let builtinAppIDs = ["navigation", "login", "todo", "flow", "tictactoe"]

    /// The document for a server hosting `appIDs`: the app ids it lists (the `app` a session may be created
    /// with, and the examples) are those, so a server with apps of its own does not describe a different one.
    static func json(hosting appIDs: [String]) -> String {
        guard appIDs != builtinAppIDs else { return json }
        let quoted = appIDs.map(quote)
        var document = json
        // The examples of `POST /v1/sessions`, one per line: from the first app's to the end of the last one's.
        if let first = document.range(of: #""navigation": {"summary": "Start `navigation`""#),
            let last = document.range(of: #""tictactoe": {"summary": "Start `tictactoe`", "value": {"app": "tictactoe"}}"#)
        {
            let indentation = String(document[..<first.lowerBound].reversed().prefix { $0 == " " })
            let examples = appIDs.map { id in
                // A summary is Markdown: the id in a code span.
                "\(quote(id)): {\"summary\": \(quote("Start `\(id)`")), \"value\": {\"app\": \(quote(id))}}"
            }
            document.replaceSubrange(first.lowerBound..<last.upperBound, with: examples.joined(separator: ",\n" + indentation))
        } else {
            assertionFailure("the OpenAPI document no longer lists the apps as `json(hosting:)` expects")
        }
        replace(
            #""examples": ["navigation", "login", "todo", "flow", "tictactoe"]"#,
            with: "\"examples\": [\(quoted.joined(separator: ", "))]", in: &document)
        replace(
            #""enum": ["navigation", "login", "todo", "flow", "tictactoe", null]"#,
            with: "\"enum\": [\((quoted + ["null"]).joined(separator: ", "))]", in: &document)
        return document
    }

    /// Replaces the one occurrence of `text`; the document's own tests keep each one there.
    static func replace(_ text: String, with replacement: String, in document: inout String) {
        guard let range = document.range(of: text) else {
            assertionFailure("the OpenAPI document no longer lists the apps as `json(hosting:)` expects")
            return
        }
        document.replaceSubrange(range, with: replacement)
    }

    /// `text` as a JSON string.
    static func quote(_ text: String) -> String {
        var writer = JSONWriter(capacity: text.utf8.count + 2)
        writer.string(text)
        return String(decoding: writer.bytes, as: UTF8.self)
    }
}
