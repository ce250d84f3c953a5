import AppHosting
import Foundation
import Testing

@testable import SessionService

@Suite("JSON Patch")
struct JSONPatchTests {
    /// Member names with `/` and `~` (an app's own state may have any): RFC 6901 escapes `~` as `~0` first and
    /// `/` as `~1`, so `~1` in a name is `~01`, not a slash.
    @Test("paths escape `~` as ~0 and `/` as ~1, and the patch applies to give the target")
    func escapedPaths() throws {
        let source = #"{"a/b": 1, "m~n": {"x~/y": [1, 2]}, "~1": true, "gone/": null}"#
        let target = #"{"a/b": 2, "m~n": {"x~/y": [1, 2, 3]}, "~1": false, "new/~key": "v"}"#
        let patch = JSONPatch(from: try JSONValue(parsing: Array(source.utf8)), to: try JSONValue(parsing: Array(target.utf8)))
        #expect(
            patch.operations.map { "\($0.kind.rawValue) \($0.path)" } == [
                "remove /gone~1", "replace /a~1b", "add /m~0n/x~0~1y/2", "replace /~01", "add /new~1~0key",
            ])
        let patched = try JSONPatchApplier.apply(patch.json, to: Array(source.utf8))
        #expect(patched as? NSDictionary == (try JSONSerialization.jsonObject(with: Data(target.utf8)) as? NSDictionary))
        // Written as JSON, a path is a string like any: its `~` and `/` as they are.
        #expect(String(decoding: patch.json, as: UTF8.self).contains(#"{"op":"add","path":"/new~1~0key","value":"v"}"#))
    }
}
