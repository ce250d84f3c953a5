import SessionStorage

/// Every kind of change, committed to a store: what it must then hold, and the ids it must not know. The same
/// script for every engine, so that each is held to the same record.
public struct WriteScript {
    public static let t0: Int64 = 1_700_000_000_123
    /// The changes it commits: 4 creations (one with events), 5 appends, 1 remember, 1 deletion.
    public static let changes = 11

    public let logs: [String: StoredLog]
    public let gone: [String]

    /// Commits creations (one with events), appends with and without answers, a remember, drops and a deletion,
    /// on the ids `name` makes of its own (a store shared by several tests needs them unique).
    public init(_ store: any SessionRecordStore, name: (String) -> String = { $0 }) throws {
        let t0 = Self.t0
        let a = storedSession(name("session-a"), app: "login", at: t0)
        let b = storedSession(name("session-b"), app: "todo", at: t0 + 1)
        let c = storedSession(name("session-c"), app: "flow", at: t0 + 2)
        for session in [a, b, c] { try store.commit(.create(session)) }
        // D is created with two events already applied (a creation with a starting sequence).
        let dEvents = (2...3).map { storedEvent("session-d", version: $0, at: t0 + 3) }
        var d = storedSession(name("session-d"), app: "flow", at: t0 + 3)
        d.version = 3
        d.stateDigest = dEvents[1].stateDigest
        try store.commit(.create(d, events: dEvents))
        // A: v2 without an answer; v3, v4 with answers; v5 big (overflow pages) dropping through 1; a remember
        // dropping through 2 and stamped earlier than v5 (the last access only moves forward).
        let events = [
            storedEvent(a.id, version: 2, at: t0 + 10), storedEvent(a.id, version: 3, at: t0 + 20),
            storedEvent(a.id, version: 4, at: t0 + 30), storedEvent(a.id, version: 5, at: t0 + 50, size: 70_000),
        ]
        let answers = [
            storedAnswer(a.id, sequence: 1, version: 3), storedAnswer(a.id, sequence: 2, version: 4, size: 5000),
            storedAnswer(a.id, sequence: 3, version: 5), storedAnswer(a.id, sequence: 4, version: 5, size: 1),
        ]
        try store.commit(.append(session: a.id, events: [events[0]], answer: nil, dropAnswersThrough: nil, at: t0 + 10))
        try store.commit(.append(session: a.id, events: [events[1]], answer: answers[0], dropAnswersThrough: nil, at: t0 + 20))
        try store.commit(.append(session: a.id, events: [events[2]], answer: answers[1], dropAnswersThrough: nil, at: t0 + 30))
        try store.commit(.append(session: a.id, events: [events[3]], answer: answers[2], dropAnswersThrough: 1, at: t0 + 50))
        try store.commit(.remember(session: a.id, answer: answers[3], dropAnswersThrough: 2, at: t0 + 45))
        // C gets an event and an answer, then leaves with everything it held.
        try store.commit(
            .append(
                session: c.id, events: [storedEvent(c.id, version: 2, at: t0 + 60)],
                answer: storedAnswer(c.id, sequence: 1, version: 2), dropAnswersThrough: nil, at: t0 + 60))
        try store.commit(.delete(session: c.id))
        logs = [
            a.id: StoredLog(session: advanced(a, to: events[3], lastAccess: t0 + 50), events: events, answers: [answers[2], answers[3]]),
            b.id: StoredLog(session: b, events: [], answers: []),
            d.id: StoredLog(session: d, events: dEvents, answers: []),
        ]
        gone = [c.id, name("never-stored")]
    }
}
