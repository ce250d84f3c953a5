/// The tic-tac-toe grid and its rules, as the tutorial's interactor checks them after every mark.
struct Board {
    /// Rows and columns.
    static let size = 3

    private var cells: [[PlayerType?]] = Array(repeating: Array(repeating: nil, count: size), count: size)

    subscript(row: Int, col: Int) -> PlayerType? {
        get { cells[row][col] }
        set { cells[row][col] = newValue }
    }

    /// The player with a full row, column or diagonal, if any.
    var winner: PlayerType? {
        let indices = 0..<Self.size
        var lines = indices.map { row in indices.map { (row, $0) } }
        lines += indices.map { col in indices.map { ($0, col) } }
        lines.append(indices.map { ($0, $0) })
        lines.append(indices.map { ($0, Self.size - 1 - $0) })
        for line in lines {
            guard let first = self[line[0].0, line[0].1] else { continue }
            if line.allSatisfy({ self[$0.0, $0.1] == first }) { return first }
        }
        return nil
    }

    /// Whether every cell is marked: with no winner, a tie.
    var isFull: Bool {
        cells.allSatisfy { $0.allSatisfy { $0 != nil } }
    }

    /// The rows top to bottom, separated by `/`; `X` for player 1, `O` for player 2, `.` for a free cell.
    var description: String {
        cells.map { String($0.map { $0?.mark ?? "." }) }.joined(separator: "/")
    }
}
