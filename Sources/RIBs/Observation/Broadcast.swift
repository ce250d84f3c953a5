/// The observers of a router's lifecycle or a worker's started state: a plain list, for paths that run a few times
/// per RIB (the interactor keeps its own, tuned for the every-attach path).
final class Broadcast<Value> {
    private struct Entry {
        let id: Int
        let receive: (Value) -> Void
        let end: () -> Void
    }

    private var entries: [Entry] = []
    private var nextID = 0
    /// Counts `send`s: a send made while another one is telling its observers has told everyone the newer value.
    private var generation = 0
    /// Set by `finish`: later subscribers are told the end at once.
    private var isFinished = false

    /// Adds an observer; the token removes it.
    func subscribe(_ receive: @escaping (Value) -> Void, end: @escaping () -> Void) -> ObservationToken {
        guard !isFinished else {
            end()
            return ObservationToken(onCancel: nil)
        }
        let id = nextID
        nextID += 1
        entries.append(Entry(id: id, receive: receive, end: end))
        return ObservationToken { [weak self] in self?.entries.removeAll { $0.id == id } }
    }

    /// Tells the observers registered now, each still registered when its turn comes.
    func send(_ value: Value) {
        generation += 1
        let current = generation
        for entry in entries {
            // An observer that sent a newer value has told everyone that one: the rest must not hear this one after it.
            guard generation == current else { return }
            guard entries.contains(where: { $0.id == entry.id }) else { continue }
            entry.receive(value)
        }
    }

    /// Tells every observer the source is going; nothing is sent after.
    func finish() {
        guard !isFinished else { return }
        isFinished = true
        let ending = entries
        entries = []
        for entry in ending { entry.end() }
    }
}
