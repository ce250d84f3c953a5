extension DeclaredEvent: CustomStringConvertible {
    /// The event as a step would be written in Swift, `placeMark(row: 1, col: 2)`: what a flow's refusal names, and
    /// what a test's failure shows.
    public var description: String {
        guard !values.isEmpty else { return type }
        let fields = values.map { name, value in
            switch value {
            case let .string(string): "\(name): \"\(string)\""
            case let .integer(integer): "\(name): \(integer)"
            case let .boolean(bool): "\(name): \(bool)"
            }
        }
        return type + "(" + fields.joined(separator: ", ") + ")"
    }
}
