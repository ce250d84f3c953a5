import AppHosting
import BuiltinApps
import HeadlessUI
import RIBs
import SessionService

/// In-process benchmarks of the app layer: what one event costs without HTTP.
enum AppBenches {
    static let pushBody = Array(#"{"type":"push","screen":"A"}"#.utf8)
    static let popBody = Array(#"{"type":"pop"}"#.utf8)

    /// A session core (SessionService's own type) with the login app logged in.
    static func loggedInLogin(id: String = "AAAAAAAAAAAAAAAAAAAAAA") -> SessionCore {
        let session = newCore(id: id)
        try! session.apply(.login(name: "bench"), now: 0)
        return session
    }

    static func newCore(id: String = "AAAAAAAAAAAAAAAAAAAAAA") -> SessionCore {
        SessionCore(id: id, app: BuiltinApps.login, uptime: 0, idempotencyKeys: ServiceConfiguration().idempotencyKeysPerSession)
    }

    static func run() -> [Measurement] {
        var results: [Measurement] = []

        // Event decoding (the strict byte-level reader, as the handler does).
        results.append(
            Harness.measure("decode event {push A} (JSONFields)") {
                let event = try! AppEvent(json: pushBody)
                if case .push(let screen) = event { blackHole(screen.utf8.count) }
            })

        // push + pop applied to the tree only (RIBAppRuntime.apply), no state rendering.
        let bare = BuiltinApps.login.launch()
        try! bare.apply(.login(name: "bench"))
        // No render here: LeakDetector drops its records once every detached object has gone (the popped page
        // goes at once), so the list does not grow between renders; newLeakCount is read as the service would.
        results.append(
            Harness.measure("push+pop: RIB tree only (apply ×2)", note: "login app, Home→A→Home, + leak prune") {
                try! bare.apply(.push(screen: "A"))
                try! bare.apply(.pop)
                blackHole(bare.newLeakCount)
            })

        // push + pop as a session applies them: apply, render fields, compare, render the document.
        let session = loggedInLogin()
        // bench/report.py finds the push+pop goal by this name's start: rename both together.
        results.append(
            Harness.measure("push+pop: SessionCore (apply+render) ×2", note: "the goal's push+pop (≤ 2000 ns)") {
                try! session.apply(.push(screen: "A"), now: 0)
                try! session.apply(.pop, now: 0)
                blackHole(session.stateJSON.count)
            })

        // The handler's app-level work: decode both bodies too.
        let handled = loggedInLogin()
        results.append(
            Harness.measure("push+pop: decode+apply+render ×2", note: "handler work minus HTTP/lookup") {
                try! handled.apply(try! AppEvent(json: pushBody), now: 0)
                try! handled.apply(try! AppEvent(json: popBody), now: 0)
                blackHole(handled.stateJSON.count)
            })

        // Rendering one state (login app, Home + A on the stack, 483 bytes as a document).
        let rendered = loggedInLogin()
        try! rendered.apply(.push(screen: "A"), now: 0)
        results.append(
            Harness.measure("render state: login Home,A (fields+document)", note: "\(rendered.stateJSON.count) B") {
                rendered.rerender()
                blackHole(rendered.stateJSON.count)
            })

        // Launching a session's app (what POST /v1/sessions does besides HTTP and the id).
        results.append(
            Harness.measure("create: launch login + render") {
                let created = newCore()
                blackHole(created.stateJSON.count)
            })
        return results
    }

    /// State serialization against stack depth, on the bench-only deep app.
    static func depth() -> [Measurement] {
        var results: [Measurement] = []
        for depth in [1, 10, 100] {
            let runtime = DeepApp.launch(depth: depth)
            var size = 0
            var writer = JSONWriter(capacity: 1)
            runtime.writeState(to: &writer)
            size = writer.bytes.count
            results.append(
                Harness.measure("serialize state, stack depth \(depth)", note: "\(size) B of fields") {
                    var json = JSONWriter(capacity: 512)
                    json.beginObject()
                    runtime.writeState(to: &json)
                    json.endObject()
                    blackHole(json.bytes.count)
                })
        }
        // Where the time at depth 100 goes: the public pieces writeState calls.
        if let deep = DeepApp.launch(depth: 100) as? RIBAppRuntime {
            results.append(
                Harness.measure("  depth 100: acceptedEvents (pathToTop)") {
                    blackHole(deep.acceptedEvents.count)
                })
            results.append(
                Harness.measure("  depth 100: window.layers") {
                    blackHole(deep.window.layers.count)
                })
            results.append(
                Harness.measure("  depth 100: leakDetector.leaks()") {
                    blackHole(deep.leakDetector.leaks().count)
                })
        }
        // push+pop at depth: the cost of an event on a deep stack.
        for depth in [1, 100] {
            let runtime = DeepApp.launch(depth: depth)
            results.append(
                Harness.measure("push+pop at stack depth \(depth) (apply only)") {
                    try! runtime.apply(.push(screen: "X"))
                    try! runtime.apply(.pop)
                    blackHole(runtime.newLeakCount)
                })
        }
        return results
    }
}
