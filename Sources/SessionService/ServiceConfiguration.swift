/// Limits of the session service.
public struct ServiceConfiguration: Sendable, Equatable {
    /// The most sessions held at once; past it, creation answers 503 `session_limit`.
    public var maxSessions: Int
    /// Seconds a session may stay idle before it expires (torn down like DELETE).
    public var sessionTTL: Int
    /// `Idempotency-Key`s remembered per session.
    public var idempotencyKeysPerSession: Int
    /// The most events one session applies; past it, events answer 409 `event_limit`. A session keeps every
    /// event it applied (its `history`, replayed to undo a half-applied event): this bounds that memory, the
    /// replay and the `history` document, which one busy client could otherwise grow without end.
    public var maxEventsPerSession: Int
    /// The most bytes (approximately) all sessions hold together in histories, remembered `Idempotency-Key`
    /// answers and prepared `history` documents; past it, events answer 503 `memory_limit` (see `HeldMemory`).
    public var maxHeldBytes: Int
    /// The most events one request may apply at once (`{"events": [...]}`, or a creation's `events`).
    public var maxBatchEvents: Int
    /// Bytes (estimated) the sessions must have freed since their peak before the heap's free pages are handed
    /// back to the system (see `SessionService.maintain`).
    public var heapReturnThreshold: Int

    /// Creates a configuration; defaults are the contract's.
    public init(
        maxSessions: Int = 100_000, sessionTTL: Int = 1800, idempotencyKeysPerSession: Int = 1000,
        maxEventsPerSession: Int = 100_000, maxHeldBytes: Int = 4 << 30, heapReturnThreshold: Int = 32 << 20,
        maxBatchEvents: Int = 100
    ) {
        self.maxBatchEvents = maxBatchEvents
        self.maxSessions = maxSessions
        self.sessionTTL = sessionTTL
        self.idempotencyKeysPerSession = idempotencyKeysPerSession
        self.maxEventsPerSession = maxEventsPerSession
        self.maxHeldBytes = maxHeldBytes
        self.heapReturnThreshold = heapReturnThreshold
    }
}
