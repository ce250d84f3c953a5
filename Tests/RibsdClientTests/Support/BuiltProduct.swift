import Foundation

/// An executable `swift build` put next to the test bundle (`ribsd`, `ribsd-watch`).
enum BuiltProduct {
    /// The executable's file, or an error saying how to build it.
    static func locate(_ name: String) throws -> URL {
        let runner = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        let candidates = [
            runner.deletingLastPathComponent().appendingPathComponent(name),
            Bundle.main.bundleURL.appendingPathComponent(name),
            Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent(name),
        ]
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            throw TestFailure("\(name) not found next to \(runner.path): build it first (swift build --build-tests)")
        }
        return found
    }
}

/// A test's setup that did not go as it must.
struct TestFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) { self.description = description }
}
