import AppHosting

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A session's mutable state; only ever touched under its session's lock.
///
/// `package` so the in-process benchmarks drive this very type rather than a copy of its loop.
package final class SessionCore {
    package let id: String
    package let app: AppDefinition
    /// The most events this session applies (`--max-events`): a state at the limit accepts none.
    let eventLimit: Int
    @exclusivity(unchecked) package internal(set) var runtime: any AppRuntime
    @exclusivity(unchecked) package internal(set) var version = 1 {
        didSet { etag = Self.etag(version) }
    }
    /// `version` as a strong entity tag, `"N"`, made once per version rather than once per response.
    @exclusivity(unchecked) package private(set) var etag = SessionCore.etag(1)
    @exclusivity(unchecked) var history: [HistoryEntry] = []
    /// What this session holds of the server's `HeldMemory` (its history and remembered answers), given back
    /// when it closes.
    @exclusivity(unchecked) private(set) var heldBytes = 0
    let heldMemory: HeldMemory?
    /// What the transport keeps beside this core (prepared answers, event streams), told of every change of the
    /// state document and of the close.
    private var companion: (any SessionCompanion)?
    /// The whole state document at `version`: every request at this version gets these bytes.
    @exclusivity(unchecked) package private(set) var stateJSON: [UInt8] = [] {
        // What was made from the old bytes (a prepared answer) is stale.
        didSet { companion?.sessionStateDidChange() }
    }
    /// Where the runtime's fields start in `stateJSON` (after the header), to tell whether an event changed
    /// anything without keeping a second copy of them.
    @exclusivity(unchecked) private var fieldsOffset = 0
    /// Where the version's digits start in `stateJSON`. The bytes before them, `{"session":…,"app":…,"version":`,
    /// are the same in every version's document, so a render copies them instead of writing them again.
    @exclusivity(unchecked) private(set) var versionOffset = 0
    @exclusivity(unchecked) private(set) var idempotency: IdempotencyCache
    /// When the last request came, on the uptime scale (`ServiceClock.uptimeMilliseconds`): the idle TTL reads it.
    @exclusivity(unchecked) var lastAccessUptime: Int64
    @exclusivity(unchecked) private(set) var isClosed = false
    /// Every version's document, once a past one was asked for (`SessionTimeline`); counted in the documents'
    /// share of `heldMemory`.
    @exclusivity(unchecked) var timeline: SessionTimeline?

    package init(
        id: String, app: AppDefinition, uptime: Int64, idempotencyKeys: Int, eventLimit: Int = .max,
        heldMemory: HeldMemory? = nil
    ) {
        self.id = id
        self.eventLimit = eventLimit
        self.heldMemory = heldMemory
        self.idempotency = IdempotencyCache(limit: idempotencyKeys)
        self.app = app
        self.runtime = app.launch()
        self.lastAccessUptime = uptime
        rerender()
    }

    /// Applies one event and tells whether it changed anything; on failure the session is exactly as before, or,
    /// when its app did not replay to the state it showed (`replayDiverged`), closed.
    @discardableResult
    package func apply(_ event: AppEvent, now: Int64) throws(ServiceError) -> Bool {
        do {
            try runtime.apply(event)
        } catch {
            switch error {
            case .notHandled where event.namesScreenAlreadyGone(from: runtime.window, of: app):
                // A swipe of a screen no longer shown is the contract's no-op whoever is on screen now: the
                // state stays as it is, unchanged. A handler may have changed something before it declined:
                // the render tells, and the replay undoes it.
                if rebuildsAfterEveryRefusal || !rendersCurrentVersion() {
                    try rebuild()
                    // Judged again on the screen as it was: the handler may have removed that very screen.
                    guard event.namesScreenAlreadyGone(from: runtime.window, of: app) else {
                        throw serviceError(error, for: event)
                    }
                }
                return false
            case .notHandled where !rebuildsAfterEveryRefusal && rendersCurrentVersion(),
                .invalidNavigation where !rebuildsAfterEveryRefusal && rendersCurrentVersion():
                // Refused before anything changed, as a move usually is and an event nobody takes always is in
                // a RIB app: the replay below costs the whole history, which a client repeating a refused move
                // would pay every time.
                break
            case .notHandled, .invalidNavigation, .internalFailure:
                // A handler failed halfway (a child attached, then the view move refused), a flow refused a
                // step its own navigation forwarded after that navigation ran, or a handler broke: rebuild
                // from the history, which replays deterministically to the state before.
                try rebuild()
            }
            throw serviceError(error, for: event)
        }
        return advance(by: .event(event), now: now)
    }

    /// Makes the runtime's state, changed by `step`, the next version; false when the state shows no change.
    func advance(by step: consuming HistoryStep, now: Int64) -> Bool {
        // Rendered as the next version; an idempotent repeat (didPop of a screen already gone) leaves the
        // fields' bytes, and so the version, as they were, and this rendering is dropped.
        // Room for a push's new node and stack entries: growing the buffer mid-render costs a copy and a free.
        var next = JSONWriter(capacity: stateJSON.count + 256)
        // Rendered accepting what the current version accepts: the last event a session may apply would
        // otherwise always look like a change, its next state accepting nothing.
        let accepting = version - 1 < eventLimit
        var (nextFieldsOffset, unchanged) = renderComparing(version: version + 1, accepting: accepting, into: &next)
        guard !unchanged else { return false }
        // Read before a second render: the leaks a render finds are new to that render only.
        newLeakCount = runtime.newLeakCount
        if accepting && version >= eventLimit {
            next = JSONWriter(capacity: stateJSON.count + 256)
            nextFieldsOffset = render(version: version + 1, into: &next)
        }
        version += 1
        // The wall clock may step back: a version's time is never before the one before it, so the history's
        // times keep its order and no duration a client reads from it is negative.
        // `step` moved into the entry and the entry into the history where the compiler can: each copy of an
        // event is a switch over its cases.
        let entry = HistoryEntry(version: version, step: step, atMilliseconds: max(now, history.last?.atMilliseconds ?? now))
        hold(entry.heldBytes)
        history.append(entry)
        stateJSON = next.bytes
        fieldsOffset = nextFieldsOffset
        recordInTimeline()
        return true
    }

    /// Takes back the last applied event (its record could not be stored): the history, version and state are
    /// as before it, the tree replayed from the history.
    func undoLastEvent() {
        undoEvents(keeping: history.count - 1)
    }

    /// Takes back every event after the first `count` of the history (a batch refused midway, or one the store
    /// could not take): the history, version and state are as they were, the tree replayed from the history.
    func undoEvents(keeping count: Int) {
        guard count >= 0, count < history.count else { return }
        let undone = history[count...]
        hold(-undone.reduce(0) { $0 + $1.heldBytes })
        history.removeSubrange(count...)
        version = history.last?.version ?? 1
        truncateTimeline()
        replayHistory()
    }

    /// Puts back a stored history on the fresh launch `init` made: its events applied, its versions and times
    /// as recorded, the state rendered at its last version.
    func restore(_ entries: [HistoryEntry]) {
        for entry in entries {
            history.append(entry)
            hold(entry.heldBytes)
        }
        version = entries.last?.version ?? 1
        for step in effectiveSteps(through: version) { replay(step, on: runtime) }
        rerender()
    }

    /// Puts back an answer remembered before a restart, under its stored sequence number.
    func restoreAnswer(_ key: IdempotencyKey, _ entry: IdempotencyCache.Entry, sequence: Int) {
        let before = idempotency.heldBytes
        idempotency.remember(key, entry, sequence: sequence)
        hold(idempotency.heldBytes - before)
    }

    /// When this session's last access was last handed to the store (uptime): at most one a second is.
    @exclusivity(unchecked) var lastStoredAccessUptime = Int64.min

    /// A fresh launch with the history applied again, rendered at the current version.
    private func replayHistory() {
        relaunch(through: version)
        rerender()
    }

    /// Detaches the whole tree, marks the session gone and tells its companion (which ends its event streams).
    func close(reason: SessionEnd = .deleted) {
        guard !isClosed else { return }
        isClosed = true
        // Given back now: the session has left the store, and what it holds goes with its last request.
        hold(-heldBytes)
        dropTimeline()
        runtime.tearDown()
        companion?.sessionDidClose(reason)
    }

    /// Tells `companion` of this core's changes from now on (one per core: the transport's, made with it).
    func attach(_ companion: any SessionCompanion) {
        self.companion = companion
    }

    /// Remembers the answer to a request sent with an `Idempotency-Key`: the current state.
    func remember(_ key: IdempotencyKey, body: BodyDigest) {
        let before = idempotency.heldBytes
        idempotency.remember(key, IdempotencyCache.Entry(body: body, version: version, answer: stateJSON))
        hold(idempotency.heldBytes - before)
    }

    /// Counts `delta` bytes more (or fewer) of history or remembered answers as held by this session and by the
    /// server.
    func hold(_ delta: Int) {
        heldBytes += delta
        heldMemory?.change(by: delta)
    }

    /// The `history` document of `history` (a copy taken under the lock, rendered outside it).
    static func historyJSON(_ history: [HistoryEntry]) -> [UInt8] {
        var json = JSONWriter(capacity: 64 + history.count * 96)
        json.beginObject()
        json.key("events")
        json.beginArray()
        for entry in history {
            json.beginObject()
            json.field("version", entry.version)
            json.key("event")
            entry.step.write(to: &json)
            json.field("at", RFC3339.format(milliseconds: entry.atMilliseconds))
            json.endObject()
        }
        json.endArray()
        json.endObject()
        return json.bytes
    }

    /// Whether the runtime still renders this version's bytes. A refused move usually changed nothing:
    /// RIBs' navigation helpers and HeadlessUI check before they change anything, and a handler keeps what
    /// the state does not show unchanged until its move succeeded (`EventHandling`).
    private func rendersCurrentVersion() -> Bool {
        var json = JSONWriter(capacity: stateJSON.count + 16)
        return renderComparing(version: version, into: &json).unchanged
    }

    /// Renders the document as `version` into `json`; returns where the runtime's fields start and whether
    /// they are the bytes of the current version's (nothing the state shows has changed).
    private func renderComparing(
        version: Int, accepting: Bool? = nil, into json: inout JSONWriter
    ) -> (fieldsOffset: Int, unchanged: Bool) {
        let offset = render(version: version, accepting: accepting, into: &json)
        return (offset, json.withBytes { Self.equal($0, from: offset, stateJSON, from: fieldsOffset) })
    }

    /// Replays the history after every refusal, even one that changed nothing (the behaviour before
    /// `rendersCurrentVersion`): tests run it beside a default session to show that both agree.
    package var rebuildsAfterEveryRefusal = false

    /// Replays the history into a fresh launch. When the replay does not render the state the session showed,
    /// the session can no longer keep its versions' bytes: it closes, and throws (its store forgets it).
    func rebuild() throws(ServiceError) {
        let shown = stateJSON, shownFieldsOffset = fieldsOffset
        // The discarded tree is detached like any other (every interactor deactivated) before its replacement.
        replayHistory()
        // ...unless the app is not deterministic (it reads a clock, or keeps something across launches), or
        // changed what the state does not show in an event it took as a no-op: the replay then renders another
        // state under the same version. Serving it would give one version two different bodies (the ETag is
        // strong, streams and remembered answers hold the first), and keeping the first would show a tree that
        // no longer runs: the session cannot go on.
        let same = stateJSON.withUnsafeBufferPointer { Self.equal($0, from: fieldsOffset, shown, from: shownFieldsOffset) }
        if !same {
            replayDivergences += 1
            close(reason: .failed)
            throw .replayDiverged()
        }
    }

    /// How many leaks the last applied event's state showed for the first time (for the service's count).
    @exclusivity(unchecked) package private(set) var newLeakCount = 0

    /// How many replays of the history rendered something other than the state they replayed (see `rebuild`):
    /// a session whose count moves must be closed.
    @exclusivity(unchecked) package private(set) var replayDivergences = 0

    /// Renders the state document again from the runtime (what every applied event does; for measurement).
    package func rerender() {
        var json = JSONWriter(capacity: max(stateJSON.count + 16, 512))
        fieldsOffset = render(version: version, into: &json)
        stateJSON = json.bytes
    }

    /// The whole document in one pass: header fields (session, app, `version`), then the fields of `shown` (a
    /// replay's runtime of the same app), else of the session's runtime, with `accepts` as `version` has it
    /// unless `accepting` says otherwise. Returns where the runtime's fields start.
    func render(version: Int, accepting: Bool? = nil, into json: inout JSONWriter, of shown: (any AppRuntime)? = nil) -> Int {
        if versionOffset > 0 {
            stateJSON.withUnsafeBufferPointer { json.beginObject(fields: UnsafeBufferPointer(rebasing: $0[1..<versionOffset])) }
        } else {
            json.beginObject()
            json.field("session", id)
            json.field("app", app.id)
            json.key("version")
        }
        // The same for every render of this session: the first one (in `init`) sets it for all that follow.
        versionOffset = json.count
        json.int(version)
        let fieldsOffset = json.count
        // Every version but the first was made by one event of the history: at the limit, nothing would
        // change the state any more, so `accepts` lists nothing.
        let accepting = accepting ?? (version - 1 < eventLimit)
        // Not `shown ?? runtime`: that makes a new existential, a retain and a release per render.
        if let shown {
            shown.writeState(to: &json, accepting: accepting)
        } else {
            runtime.writeState(to: &json, accepting: accepting)
        }
        json.endObject()
        return fieldsOffset
    }

    /// Whether `a` from `offsetA` and `b` from `offsetB` to their ends hold the same bytes.
    private static func equal(_ a: UnsafeBufferPointer<UInt8>, from offsetA: Int, _ b: [UInt8], from offsetB: Int) -> Bool {
        guard a.count - offsetA == b.count - offsetB else { return false }
        return b.withUnsafeBufferPointer { b in
            guard let baseA = a.baseAddress, let baseB = b.baseAddress else { return a.count == b.count }
            return memcmp(baseA + offsetA, baseB + offsetB, a.count - offsetA) == 0
        }
    }

    static func etag(_ version: Int) -> String {
        // Versions count from 1. Digits between quotes in a stack buffer: a string of up to 15 bytes is stored
        // inline, where interpolation would allocate and call `description` on every event.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 22) { buffer in
            var start = buffer.count - 1
            buffer[start] = UInt8(ascii: "\"")
            var rest = version.magnitude
            repeat {
                start -= 1
                buffer[start] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
                rest /= 10
            } while rest > 0
            start -= 1
            buffer[start] = UInt8(ascii: "\"")
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[start...]), as: UTF8.self)
        }
    }

    /// The client's error for `error`: a swipe naming no screen of the app says so, not only that nobody took it.
    private func serviceError(_ error: EventError, for event: AppEvent) -> ServiceError {
        if case .notHandled = error, let screen = event.swipedScreen {
            if !app.canShow(screen: screen) {
                return .eventNotHandled("`\(event.type.rawValue)` names `\(screen)`, no screen of the app `\(app.id)`")
            }
            // No app takes a swipe no user could make: the move is invalid, whichever app is asked.
            if let reason = event.impossibleGesture(in: runtime.window) { return .invalidNavigation(reason) }
        }
        return Self.serviceError(error)
    }

    private static func serviceError(_ error: EventError) -> ServiceError {
        switch error {
        case let .notHandled(detail): .eventNotHandled(detail)
        case let .invalidNavigation(detail): .invalidNavigation(detail)
        case .internalFailure: .internalError()
        }
    }
}
