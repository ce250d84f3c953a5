import AppHosting

/// Past versions: read, rewound to, forked from. A session keeps no tree per version; it keeps its history,
/// which replays deterministically, and (once asked for) the documents it answered (`SessionTimeline`).
extension SessionCore {
    /// The steps (events and links) whose replay on a fresh launch gives `version`'s tree: the history up to it,
    /// each rewind standing for the steps of the version it went back to.
    func effectiveSteps(through version: Int) -> [HistoryStep] {
        var reversed: [HistoryStep] = []
        var current = version
        while current > 1 {
            let step = history[current - 2].step
            if case let .rewind(target) = step {
                current = target
            } else {
                reversed.append(step)
                current -= 1
            }
        }
        return reversed.reversed()
    }

    /// Applies an event or opens a link on `runtime`, as when it was first applied (it was then, so it is again).
    func replay(_ step: HistoryStep, on runtime: any AppRuntime) {
        switch step {
        case let .event(event):
            try? runtime.apply(event)
        case let .link(url):
            if let (declaration, parameters) = app.link(for: url) { try? declaration.open(parameters, runtime) }
        case .rewind:
            preconditionFailure("a rewind is replayed as the steps of its version (effectiveSteps)")
        }
    }

    /// Replaces the runtime with a fresh launch replayed to `version`'s tree. The discarded tree is detached like
    /// any other (every interactor deactivated) before its replacement.
    func relaunch(through version: Int) {
        runtime.tearDown()
        runtime = launch(replayingThrough: version)
    }

    /// A fresh launch of the app with the steps of `version` replayed on it.
    private func launch(replayingThrough version: Int) -> any AppRuntime {
        let launched = app.launch()
        // Every event in history applied once; the same code on the same inputs applies again.
        for step in effectiveSteps(through: version) { replay(step, on: launched) }
        return launched
    }

    /// Rewinds to `target` (1 through `version`): the tree, layers and stack of that version, as the next version
    /// with a `rewind` in the history. False when that is the state shown now (nothing changes). Throws
    /// `rewindDiverged`, nothing changed, when the replay does not render `target`'s document.
    func rewind(to target: Int, now: Int64) throws(ServiceError) -> Bool {
        precondition(target >= 1 && target <= version, "rewind to a version the session never had")
        // Replayed beside the tree shown, which stays until the replay is known good: an app that is not
        // deterministic would otherwise show, as the rewind's version, a state the session never had.
        let replayed = launch(replayingThrough: target)
        guard renderDocument(version: target, of: replayed) == document(atVersion: target) else {
            replayed.tearDown()
            throw .rewindDiverged(target)
        }
        runtime.tearDown()
        runtime = replayed
        return advance(by: .rewind(to: target), now: now)
    }

    /// The document answered at `version`, byte for byte; nil for a version the session never had.
    package func document(atVersion past: Int) -> [UInt8]? {
        guard past >= 1, past <= version else { return nil }
        if past == version { return stateJSON }
        return withTimeline { $0.document(at: past) }
    }

    /// The documents of versions 2 through `last`, in order (what a fork stores beside the entries it copies).
    func documents(through last: Int) -> [[UInt8]] {
        guard last >= 2 else { return [] }
        return withTimeline { timeline in (2...last).map { timeline.document(at: $0) } }
    }

    /// What the timeline holds (0 until a past version was read).
    package var timelineBytes: Int { timeline?.heldBytes ?? 0 }

    /// Takes the steps another instance applied after this copy's version, as they were stored (versions and
    /// times); returns the document of each.
    func catchUp(_ entries: [HistoryEntry]) -> [[UInt8]] {
        var states: [[UInt8]] = []
        for entry in entries {
            if case let .rewind(target) = entry.step {
                relaunch(through: target)
            } else {
                replay(entry.step, on: runtime)
            }
            history.append(entry)
            hold(entry.heldBytes)
            version = entry.version
            rerender()
            recordInTimeline()
            states.append(stateJSON)
        }
        return states
    }

    /// Adds the document just made to the timeline, if the session keeps one.
    func recordInTimeline() {
        guard timeline != nil else { return }
        changeTimeline { $0.append(stateJSON) }
    }

    /// Forgets the timeline's versions past the current one (events taken back).
    func truncateTimeline() {
        guard timeline != nil else { return }
        changeTimeline { $0.truncate(after: version) }
    }

    /// Lets the timeline go (the session closed).
    func dropTimeline() {
        guard let timeline else { return }
        heldMemory?.changeDocuments(by: -timeline.heldBytes)
        self.timeline = nil
    }

    /// Runs `body` on the timeline, building it first when the session has none. One that does not fit in the
    /// documents' share of the memory limit is used for this read and let go.
    private func withTimeline<Result>(_ body: (SessionTimeline) -> Result) -> Result {
        if let timeline { return body(timeline) }
        let built = buildTimeline()
        if heldMemory?.hasRoom(forDocument: built.heldBytes) ?? true {
            timeline = built
            heldMemory?.changeDocuments(by: built.heldBytes)
        }
        return body(built)
    }

    /// Changes the timeline in place. One that grows past the documents' share is let go, as a history document
    /// would be: it is a cache (the next past read builds it again), and no event is refused for it.
    private func changeTimeline(_ change: (inout SessionTimeline) -> Void) {
        guard var changed = timeline else { return }
        let before = changed.heldBytes
        // Out of the property while it changes, so the arrays it holds are not copied.
        timeline = nil
        change(&changed)
        let growth = changed.heldBytes - before
        if growth > 0, let heldMemory, !heldMemory.hasRoom(forDocument: growth) {
            heldMemory.changeDocuments(by: -before)
            return
        }
        timeline = changed
        heldMemory?.changeDocuments(by: growth)
    }

    /// Replays the history on a fresh launch beside the session's own runtime, rendering every version.
    private func buildTimeline() -> SessionTimeline {
        var replay = app.launch()
        var timeline = SessionTimeline(first: renderDocument(version: 1, of: replay), headerLength: versionOffset)
        for entry in history {
            if case let .rewind(target) = entry.step {
                replay.tearDown()
                replay = launch(replayingThrough: target)
            } else {
                self.replay(entry.step, on: replay)
            }
            timeline.append(entry.version == version ? stateJSON : renderDocument(version: entry.version, of: replay))
        }
        replay.tearDown()
        return timeline
    }

    private func renderDocument(version: Int, of replay: any AppRuntime) -> [UInt8] {
        var json = JSONWriter(capacity: max(stateJSON.count + 16, 512))
        _ = render(version: version, into: &json, of: replay)
        return json.bytes
    }
}
