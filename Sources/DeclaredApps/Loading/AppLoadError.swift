/// Why a set of app files was not loaded: every problem found in every file, in file order. One problem
/// anywhere refuses the whole set, so a server never runs half of what it was given.
public struct AppLoadError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The problems, each with its file and JSON pointer; never empty.
    public let problems: [AppLoadProblem]

    /// Creates the error.
    public init(problems: [AppLoadProblem]) {
        self.problems = problems
    }

    /// One problem a line.
    public var description: String {
        problems.map(\.description).joined(separator: "\n")
    }
}
