import RIBs

/// A root router with `detector`, active and loaded, not launched: nothing on screen holds its view controller,
/// so what its children leave behind at release is the detector's to report.
func detectingRoot(_ detector: LeakDetector) -> TestViewableRouter {
    let root = TestViewableRouter("Root", log: EventLog())
    root.leakDetector = detector
    root.interactor.activate()
    root.load()
    return root
}
