import AppHosting
import DeclaredApps
import Foundation
import HTTPServer
import Locking
import SessionStorage
import Synchronization

/// Sessions over HTTP: creates them, applies events under each session's lock, and answers the contract's JSON.
public final class SessionService: Sendable {
    /// The apps new sessions are made with now (a reload swaps them: `replaceApps`).
    public var registry: AppRegistry { apps.current.registry }
    /// The hosted apps, swapped whole by a reload, and the declared definitions sessions hold.
    let apps: HostedApps
    /// The service's limits.
    public let configuration: ServiceConfiguration
    let store: SessionStore
    let clock: any ServiceClock
    let ids: any SessionIDSource
    /// Where sessions' records outlive the process; nil keeps them in memory only (`--store memory`).
    let records: (any SessionRecordStore)?
    /// Counters served at `GET /metrics`.
    public let metrics = ServiceMetrics()
    /// What the sessions hold that grows with use, against `configuration.maxHeldBytes`.
    package let heldMemory: HeldMemory
    /// When a refused request last swept expired sessions (uptime, milliseconds).
    private let lastCreationSweep = Atomic<Int64>(Int64.min)
    /// The earliest uptime at which a session the last sweep found can expire (`Int64.max`: none seen). None of
    /// those expires sooner: a session's expiry only moves later as it is used, and one the sweep skipped, in use
    /// then, counts as expiring at once. One made or restored since may, which `maintain` tells by
    /// `SessionStore.addedCount`.
    private let nextExpiry = Atomic<Int64>(Int64.max)
    /// The store's `addedCount` when `maintain` last walked the sessions; nil before the first walk.
    private let addedAtLastWalk = Lock<UInt64?>(nil)
    /// Set by `endStreams`: the server is stopping, and a stream opened now would miss its `end` frame.
    let streamsEnded = Atomic<Bool>(false)
    /// The logger `instrument` was given: `/metrics` shows the lines it dropped.
    let logger = Lock<RequestLogger?>(nil)
    /// When `maintain` hands freed memory back, and what does it (the heap's trim; tests count the calls).
    private let heapReturn: Lock<HeapReturnPolicy>
    private let returnFreePages: @Sendable () -> Void

    /// Creates the service; clock and id source are injected so that tests and replays control them, and so are
    /// what hands freed memory back to the system, the durable store (`restoreSessions` reads it) and, for apps
    /// that are data, their stored form and what rebuilds an app from it (`sources`: a session keeps its
    /// definition in the store, and a restart replays it with that one whatever is loaded then).
    public init(
        registry: AppRegistry, configuration: ServiceConfiguration = ServiceConfiguration(),
        clock: any ServiceClock = SystemClock(), ids: any SessionIDSource = RandomSessionIDs(),
        returnFreePages: @escaping @Sendable () -> Void = { ProcessHeap.returnFreePages() },
        records: (any SessionRecordStore)? = nil, sources: AppSources? = nil
    ) {
        self.records = records
        self.apps = HostedApps(registry: registry, sources: sources, batchLimit: configuration.maxBatchEvents)
        self.configuration = configuration
        self.clock = clock
        self.ids = ids
        self.store = SessionStore(limit: configuration.maxSessions)
        self.heldMemory = HeldMemory(limit: configuration.maxHeldBytes)
        self.heapReturn = Lock(HeapReturnPolicy(threshold: configuration.heapReturnThreshold))
        self.returnFreePages = returnFreePages
        // Other instances' changes to the sessions streamed here (a shared store): their versions, to the streams.
        records?.observeAppends { [weak self] id, version in self?.heardShared(id, version: version) }
    }

    /// Sessions alive now.
    public var sessionCount: Int { store.count }

    /// Adds the contract's routes to `router`.
    public func addRoutes(to router: HTTPRouter) {
        router.add(.GET, "/healthz") { _ in .json(Array(#"{"status":"ok"}"#.utf8)) }
        router.add(.GET, "/readyz") { [self] _ in readiness() }
        router.add(.GET, "/v1/apps") { [apps] _ in .json(apps.current.appsJSON) }
        router.add(.GET, "/openapi.json") { [apps] _ in .json(apps.current.openAPIJSON) }
        // The JSON Schema of an app declared as data (`--apps`, docs/APPS-AS-DATA.md).
        router.add(.GET, "/v1/schemas/app") { _ in
            HTTPResponse(status: 200, headers: [("Content-Type", "application/schema+json")], body: DeclaredAppLoader.schemaJSON)
        }
        router.add(.GET, "/metrics") { [self] _ in
            HTTPResponse(
                status: 200, headers: [("Content-Type", "text/plain; version=0.0.4; charset=utf-8")],
                body: Array(
                    metrics.render(
                        sessionsAlive: store.count, heldBytes: heldMemory.bytes, logLinesDropped: logger.withLock { $0?.droppedLines } ?? 0,
                        store: records?.statistics()
                    ).utf8))
        }
        router.add(.POST, "/v1/sessions", precheck: { [self] in creationPrecheck($0) }) { [self] request in
            respond { () throws(ServiceError) in try createSession(request) }
        }
        router.add(.GET, "/v1/sessions/:id") { [self] request in
            respond(request) { (id: String) throws(ServiceError) in try state(request, id: id) }
        }
        router.add(.DELETE, "/v1/sessions/:id") { [self] request in
            respond(request) { (id: String) throws(ServiceError) in try deleteSession(request, id: id) }
        }
        router.add(.POST, "/v1/sessions/:id/events", precheck: { [self] in eventPrecheck($0) }) { [self] request in
            respond(request) { (id: String) throws(ServiceError) in try applyEvent(request, id: id) }
        }
        router.add(.GET, "/v1/sessions/:id/history") { [self] request in
            respond(request) { (id: String) throws(ServiceError) in try history(id: id) }
        }
        router.add(.POST, "/v1/sessions/:id/rewind", precheck: { [self] in eventPrecheck($0) }) { [self] request in
            respond(request) { (id: String) throws(ServiceError) in try rewind(request, id: id) }
        }
        router.add(.POST, "/v1/sessions/:id/links", precheck: { [self] in eventPrecheck($0) }) { [self] request in
            respond(request) { (id: String) throws(ServiceError) in try openLink(request, id: id) }
        }
        router.add(.GET, "/v1/sessions/:id/diff") { [self] request in
            respond(request) { (id: String) throws(ServiceError) in try diff(request, id: id) }
        }
        router.add(.GET, "/v1/sessions/:id/stream") { [self] request in
            respond(request) { (id: String) throws(ServiceError) in try watch(request, id: id) }
        }
        router.add(.GET, "/") { _ in ViewerPage.response }
    }

    /// Counts every request `server` finishes in `metrics` and logs it; call before `server.start()`.
    public func instrument(_ server: HTTPServer, logger: RequestLogger) {
        self.logger.withLock { $0 = logger }
        server.onRequestCompleted = { [metrics] summary in
            metrics.record(summary)
            logger.request(summary)
        }
    }

    /// The server's once-a-second upkeep: expires idle sessions, then, if the sessions have freed much since
    /// their peak (an expiry or deletion of thousands) or a fall of theirs has ended at half its peak or less,
    /// hands the heap's free pages back to the system, which glibc would otherwise keep at the peak's size.
    public func maintain() {
        sweepIfDue()
        returnFreedMemory()
    }

    /// Expires idle sessions, unless none can have expired since the last walk: no session was added since, and
    /// the earliest expiry that walk found is still to come. A million idle sessions then cost nothing between
    /// expiries, where a walk each second retains and locks every one of them. Returns whether it walked.
    @discardableResult
    func sweepIfDue() -> Bool {
        let added = store.addedCount
        let due = addedAtLastWalk.withLock { walked in
            guard walked != added || clock.uptimeMilliseconds() >= nextExpiry.load(ordering: .relaxed) else { return false }
            walked = added
            return true
        }
        if due { expireIdleSessions() }
        return due
    }

    /// Hands the heap's free pages back if the sessions freed `heapReturnThreshold` bytes since their peak, or
    /// a fall has ended at half its peak or less (`HeapReturnPolicy`); returns whether it did.
    @discardableResult
    func returnFreedMemory() -> Bool {
        let isDue = heapReturn.withLock { $0.isDue(sessions: store.count, heldBytes: heldMemory.bytes) }
        guard isDue else { return false }
        // Outside the lock: the trim holds the heap's own locks for a while.
        returnFreePages()
        metrics.recordHeapReturn()
        return true
    }

    /// Tears down every session idle longer than the TTL; returns how many expired.
    @discardableResult
    public func expireIdleSessions() -> Int {
        let now = clock.uptimeMilliseconds()
        var expired = 0
        var earliest = Int64.max
        for session in store.all() {
            // A session whose lock is held is in use now: whoever holds it marks it accessed or finds it expired
            // itself. Waiting would let one long request (a history of 100,000 events, a replay after a failed
            // move) hold up the expiry of every other session.
            let seen = session.withSlotIfAvailable { slot in expireIfIdle(&slot, now: now) }
            guard let (liveness, lastAccess) = seen else {
                // Held by whoever uses it: it may be past its TTL already, so the next sweep must look again.
                earliest = now
                continue
            }
            guard liveness != .live else {
                earliest = min(earliest, expiry(afterAccessAt: lastAccess))
                continue
            }
            forgetStored(session.id)
            // One closed before (deleted, or expired by a request or another sweep since the copy) was counted
            // by whoever closed it.
            if liveness == .expiredNow { expired += 1 }
        }
        nextExpiry.store(earliest, ordering: .relaxed)
        metrics.recordExpired(expired)
        return expired
    }

    /// A replay of `core`'s history (after a failed event, or for a rewind) rendered another state than the one it
    /// replayed: the app is not deterministic, and its sessions cannot be restored from their histories. Counted
    /// and logged with what became of the session (`outcome`) and `extra` fields.
    func reportReplayDivergence(in core: SessionCore, outcome: String = "session closed", extra: [(String, String)] = []) {
        metrics.recordReplayDivergence()
        logger.withLock { $0 }?.message(
            .error, "replay diverged: \(outcome)",
            fields: [("session", core.id), ("app", core.app.id), ("version", String(core.version))] + extra)
    }

    /// Tears down every session (server shutdown).
    public func closeAll() {
        for session in store.all() {
            store.remove(session.id)
            session.withLiveCore { core, _ in core.close(reason: .shutdown) }
        }
    }

    /// Ends every event stream with `shutdown`, leaving the sessions as they are (the server stops next).
    public func endStreams() {
        // Before the walk: a watcher that locks a session after the walk passed it sees the flag and is refused.
        streamsEnded.store(true, ordering: .sequentiallyConsistent)
        for session in store.all() {
            session.withLiveCore { _, outlets in outlets.watchers.end(.shutdown) }
        }
    }

    /// Whether this caller, refused for a full server, may sweep now: once a second, and sooner (but at most ten
    /// times a second) once a session the last sweep found live may have expired, so that a refusal does not
    /// outlast the sessions it counted by up to a second.
    func claimSweep() -> Bool {
        let now = clock.uptimeMilliseconds()
        let last = lastCreationSweep.load(ordering: .relaxed)
        let due = last == Int64.min || now - last >= 1000 || (now >= nextExpiry.load(ordering: .relaxed) && now - last >= 100)
        guard due else { return false }
        return lastCreationSweep.compareExchange(expected: last, desired: now, ordering: .relaxed).exchanged
    }

    /// The uptime from which a session last accessed at `lastAccess` is idle past the TTL (more than the TTL after).
    func expiry(afterAccessAt lastAccess: Int64) -> Int64 {
        let (expiry, overflow) = lastAccess.addingReportingOverflow(Int64(configuration.sessionTTL) * 1000 + 1)
        return overflow ? .max : expiry
    }

    /// What `expireIfIdle` found: a live session, one it expired just now, or one closed before.
    enum Liveness {
        case live
        case expiredNow
        case alreadyClosed
    }

    /// `expireIfIdle` for whatever the session holds: a dormant session expires without a replay. Returns the
    /// liveness and the last access.
    private func expireIfIdle(_ slot: inout Session.Slot, now: Int64) -> (Liveness, Int64) {
        switch slot {
        case let .live(live):
            return (expireIfIdle(live.core, now: now), live.core.lastAccessUptime)
        case let .dormant(dormant):
            guard now >= expiry(afterAccessAt: dormant.lastAccessUptime) else { return (.live, dormant.lastAccessUptime) }
            slot = .gone
            return (.expiredNow, dormant.lastAccessUptime)
        case .gone:
            return (.alreadyClosed, 0)
        }
    }

    /// `/readyz`: 200 while the store answers, 503 `store_unavailable` when it does not.
    private func readiness() -> HTTPResponse {
        do {
            try records?.checkReady()
            return .json(Array(#"{"status":"ready"}"#.utf8))
        } catch {
            return ServiceError.storeUnavailable(error.message).response
        }
    }

    /// Closes `core` if it has been idle past the TTL at `now` (uptime). Only the caller that gets `.expiredNow`
    /// counts the expiry: a sweep, a request and a DELETE may all find the same session, and it expired once.
    func expireIfIdle(_ core: SessionCore, now: Int64) -> Liveness {
        guard !core.isClosed else { return .alreadyClosed }
        guard now >= expiry(afterAccessAt: core.lastAccessUptime) else { return .live }
        core.close(reason: .expired)
        return .expiredNow
    }

    /// Runs a handler, rendering its error as problem+json.
    private func respond(_ body: () throws(ServiceError) -> HTTPResponse) -> HTTPResponse {
        do {
            return try body()
        } catch {
            return error.response
        }
    }

    /// Runs the handler of a session's route with the id from its path, read once (each read makes a string),
    /// rendering its error as problem+json; the id goes to the request log.
    private func respond(_ request: HTTPRequest, _ body: (String) throws(ServiceError) -> HTTPResponse) -> HTTPResponse {
        let id = request.parameter("id") ?? ""
        var response = respond { () throws(ServiceError) in try body(id) }
        if response.logTag == nil { response.logTag = id }
        return response
    }
}
