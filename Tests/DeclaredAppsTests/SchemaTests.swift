import Foundation
import Testing

@testable import DeclaredApps

/// The published schema is the file in docs/, and names the members the loader reads, object by object.
@Suite("The app file schema")
struct SchemaTests {
    /// The schema, parsed (made on each use: a parsed document is no `Sendable` constant).
    static var schema: [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(DeclaredAppLoader.schemaJSON))) as? [String: Any] ?? [:]
    }

    /// The `properties` names of the schema object at `path` (from the root, through `$defs`).
    static func members(_ path: String...) -> Set<String> {
        var node: Any? = Self.schema
        for step in path { node = (node as? [String: Any])?[step] }
        return Set(((node as? [String: Any])?["properties"] as? [String: Any])?.keys.map { $0 } ?? [])
    }

    @Test("schemaJSON is docs/app.schema.json, byte for byte")
    func isTheDocsFile() throws {
        let url = ExampleApps.directory.deletingLastPathComponent().deletingLastPathComponent().appending(path: "docs/app.schema.json")
        #expect(DeclaredAppLoader.schemaJSON == Array(try Data(contentsOf: url)))
        #expect(Self.schema["$schema"] as? String == "https://json-schema.org/draft/2020-12/schema")
    }

    @Test("each object's members are the ones the loader reads")
    func membersMatchTheReader() {
        #expect(Self.members() == Set(FileReader.appMembers))
        #expect(Self.members("$defs", "rib") == Set(FileReader.ribMembers))
        #expect(Self.members("$defs", "child") == Set(FileReader.childMembers))
        #expect(Self.members("$defs", "handler").union(Self.members("$defs", "action")) == Set(FileReader.handlerMembers))
        #expect(Self.members("$defs", "action") == Set(FileReader.actionMembers))
        #expect(Self.members("$defs", "eventDeclaration") == Set(FileReader.declarationMembers))
        #expect(Self.members("$defs", "field") == Set(FileReader.fieldMembers))
        #expect(Self.members("$defs", "flow") == Set(FileReader.flowMembers))
        #expect(Self.members("$defs", "navigation") == Set(FileReader.navigationMembers))
        #expect(Self.members("$defs", "link") == Set(FileReader.linkMembers))
        #expect(Self.members("$defs", "linkStep") == Set(FileReader.linkStepMembers))
    }

    @Test("its enumerations are the loader's")
    func enumerationsMatchTheReader() {
        func values(_ path: String...) -> Set<String> {
            var node: Any? = Self.schema
            for step in path { node = (node as? [String: Any])?[step] }
            return Set((node as? [String: Any])?["enum"] as? [String] ?? [])
        }
        #expect(values("$defs", "rib", "properties", "view") == Set(RibModel.View.allCases.map(\.rawValue)))
        #expect(values("$defs", "child", "properties", "show") == Set(FileReader.ShowKind.allCases.map(\.rawValue)))
        #expect(values("$defs", "handler", "properties", "when") == Set(HandlerModel.Guard.allCases.map(\.rawValue)))
        #expect(values("$defs", "action", "properties", "do") == Set(FileReader.ActionKind.allCases.map(\.rawValue)))
        #expect(values("$defs", "navigation", "properties", "do") == Set(FileReader.ContributionKind.allCases.map(\.rawValue)))
        #expect(values("$defs", "field", "properties", "type") == Set(FileReader.FieldKind.allCases.map(\.rawValue)))
    }
}
