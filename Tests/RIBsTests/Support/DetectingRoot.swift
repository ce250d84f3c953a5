import RIBs
import Testing

/// A root router with `detector`, active and loaded, not launched: nothing on screen holds its view controller,
/// so what its children leave behind at release is the detector's to report.
func detectingRoot(_ detector: LeakDetector) -> TestViewableRouter {
    let root = TestViewableRouter("Root", log: EventLog())
    root.leakDetector = detector
    root.interactor.activate()
    root.load()
    return root
}

/// Attaches the router `make` builds under a root `detector` watches, detaches it, and keeps what `keep` picks of
/// it past the router's release: the detector must report `expected` while that is kept, and nothing, with nothing
/// pending, once it goes.
func expectReported<R: Routing>(
    _ expected: [Leak], whileKeeping keep: (R) -> [AnyObject], of make: () -> R, detector: LeakDetector = LeakDetector(),
    sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let root = detectingRoot(detector)
    var kept: [AnyObject] = []
    do {
        let router = make()
        try root.attachChild(router)
        try root.detachChild(router)
        kept = keep(router)
    }
    #expect(detector.leaks() == expected, sourceLocation: sourceLocation)
    kept.removeAll()
    #expect(detector.leaks().isEmpty, sourceLocation: sourceLocation)
    #expect(detector.hasPendingExpectations == false, sourceLocation: sourceLocation)
}
