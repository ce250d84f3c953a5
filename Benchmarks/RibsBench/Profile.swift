import AppHosting
import BuiltinApps
import SessionService

/// `--profile NAME --iterations N`: one workload in a plain loop, nothing else, for callgrind or perf
/// (`valgrind --tool=callgrind ribsd-bench --profile pushpop --iterations 20000`). Instruction counts per
/// operation from callgrind do not depend on machine load, unlike the timed rows.
enum Profile {
    static let names = [
        "pushpop", "pushpop-declared", "decode", "render", "create", "tree", "floor", "bound", "http-events", "http-get", "http-create",
    ]

    static func run(_ name: String, iterations: Int) -> Bool {
        switch name {
        case "pushpop":
            let session = AppBenches.loggedInLogin()
            for _ in 0..<iterations {
                try! session.apply(.push(screen: "A"), now: 0)
                try! session.apply(.pop, now: 0)
            }
            blackHole(session.stateJSON.count)
        case "pushpop-declared":
            guard let twin = DeclaredBench.twin(of: BuiltinApps.login) else { return false }
            let session = DeclaredBench.session(twin, after: [.login(name: "bench")])
            for _ in 0..<iterations {
                try! session.apply(.push(screen: "A"), now: 0)
                try! session.apply(.pop, now: 0)
            }
            blackHole(session.stateJSON.count)
        case "decode":
            for _ in 0..<iterations {
                if case .push(let screen) = try! AppEvent(json: AppBenches.pushBody) { blackHole(screen.utf8.count) }
            }
        case "render":
            let session = AppBenches.loggedInLogin()
            try! session.apply(.push(screen: "A"), now: 0)
            for _ in 0..<iterations {
                session.rerender()
                blackHole(session.stateJSON.count)
            }
        case "create":
            for _ in 0..<iterations {
                blackHole(AppBenches.newCore().stateJSON.count)
            }
        case "tree":
            let runtime = BuiltinApps.login.launch()
            try! runtime.apply(.login(name: "bench"))
            for _ in 0..<iterations {
                try! runtime.apply(.push(screen: "A"))
                try! runtime.apply(.pop)
                blackHole(runtime.newLeakCount)
            }
        case "floor":
            FloorBench.profile(iterations: iterations)
        case "bound":
            _ = FloorBench.lowerBound(iterations: iterations)
        case "http-events", "http-get", "http-create":
            // The real server in process (1 MHD thread) and a loopback client on the main thread; with
            // `valgrind --separate-threads=yes` the MHD thread's file holds the server's instructions only.
            return DispatchBench.profileHTTP(name, iterations: iterations)
        default:
            return false
        }
        return true
    }
}
