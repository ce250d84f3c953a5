/// An ordered record of lifecycle calls, shared by the objects of one test.
final class EventLog {
    private(set) var events: [String] = []
    func record(_ event: String) { events.append(event) }
    func clear() { events = [] }
}
