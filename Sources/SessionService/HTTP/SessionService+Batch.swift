import AppHosting
import HTTPServer

/// Several events in one request, applied all or none (`{"events": [...]}`): a deep link's walk, or a test's
/// fixture, in one round trip. Each applied event gets its own version and history entry, so histories, replays
/// and streams stay per event; the answer is the last state.
extension SessionService {
    /// Applies `events` to `core` under its lock, stores them as one record and tells the streams; at the first
    /// refusal, or when the store cannot take them, the session is as it was before the first.
    func applyBatch(
        _ events: [AppEvent], to core: SessionCore, outlets: SessionOutlets, key: IdempotencyKey?, digest: BodyDigest?
    ) throws(ServiceError) -> HTTPResponse {
        let divergences = core.replayDivergences
        // A replay that diverged closed the session, which cannot go on: the store forgets it, as after a DELETE.
        defer {
            if core.replayDivergences != divergences {
                reportReplayDivergence(in: core)
                forgetStored(core.id)
            }
        }
        let historyCount = core.history.count
        let applied = try applyAll(events, to: core, keyed: key != nil)
        do throws(ServiceError) {
            try recordEvents(of: core, since: historyCount, states: applied.states, key: key, digest: digest)
        } catch {
            core.undoEvents(keeping: historyCount)
            throw error
        }
        for (event, changed) in zip(events, applied.changed) {
            metrics.recordEvent(event.type.rawValue, changed ? .applied : .unchanged)
        }
        metrics.recordLeaks(applied.leaks)
        for (offset, state) in applied.states.enumerated() {
            outlets.watchers.publish(version: core.history[historyCount + offset].version, state: state)
        }
        if let key, let digest { core.remember(key, body: digest) }
        return HTTPResponse.json(core.stateJSON, etag: core.etag)
    }

    /// What `applyAll` did: whether each event changed the session, the state after each change, the leaks
    /// found on the way.
    struct AppliedEvents {
        var changed: [Bool] = []
        var states: [[UInt8]] = []
        var leaks = 0
    }

    /// Applies `events` in order; at the first refusal takes back those applied before it and throws the
    /// refusal, naming its event's index. The session's limits hold for every event as they hold for one sent
    /// alone: a batch that would pass `--max-events` or the memory limit is refused whole, and a swipe of a screen
    /// already gone is the no-op it always is (at the memory limit, only without an `Idempotency-Key`, whose
    /// answer would have to be remembered).
    func applyAll(_ events: [AppEvent], to core: SessionCore, keyed: Bool = false) throws(ServiceError) -> AppliedEvents {
        let historyCount = core.history.count
        var applied = AppliedEvents()
        for (index, event) in events.enumerated() {
            do throws(ServiceError) {
                let atEventLimit = core.history.count >= core.eventLimit, memoryFull = heldMemory.isFull
                if atEventLimit || memoryFull {
                    guard event.namesScreenAlreadyGone(from: core.runtime.window, of: core.app), !(keyed && memoryFull) else {
                        if atEventLimit { throw .eventLimit(core.eventLimit) }
                        throw .memoryLimit(heldMemory.recordLimit, retryAfter: retryAfterSeconds)
                    }
                    applied.changed.append(false)
                    continue
                }
                let changed = try core.apply(event, now: clock.nowMilliseconds())
                applied.changed.append(changed)
                if changed {
                    applied.states.append(core.stateJSON)
                    applied.leaks += core.newLeakCount
                }
            } catch {
                metrics.recordEvent(event.type.rawValue, Self.outcome(of: error))
                if !core.isClosed { core.undoEvents(keeping: historyCount) }
                throw error.at(index: index)
            }
        }
        return applied
    }
}
