// ribsd-bench: in-process microbenchmarks of ribsd (release build; scripts/bench runs it).
//
//   ribsd-bench [--quick] [--only app|declared|depth|dispatch|memory|http|timetravel] [--alive N]
//   ribsd-bench --profile NAME [--iterations N]   (one of Profile.names, in a bare loop, for callgrind/perf)
//
// Each row: the median over 7 batches (ns per operation unless told), and the fastest–slowest batch.
// Machine-readable copies of the rows are the lines starting with RESULT (tab-separated).
import AppHosting
import BuiltinApps

#if canImport(Glibc)
    import Glibc
#endif

var only: String?
var alive = 100_000
var profile: String?
var iterations = 10_000
var arguments = Array(CommandLine.arguments.dropFirst())
while !arguments.isEmpty {
    let argument = arguments.removeFirst()
    switch argument {
    case "--quick": Harness.batchMilliseconds = 25
    case "--only": only = arguments.isEmpty ? nil : arguments.removeFirst()
    case "--alive": alive = Int(arguments.isEmpty ? "" : arguments.removeFirst()) ?? alive
    case "--profile": profile = arguments.isEmpty ? nil : arguments.removeFirst()
    case "--iterations": iterations = Int(arguments.isEmpty ? "" : arguments.removeFirst()) ?? iterations
    case "--help", "-h":
        print(
            "usage: ribsd-bench [--quick] [--only app|declared|depth|dispatch|memory|http|timetravel] [--alive N]\n       ribsd-bench --profile \(Profile.names.joined(separator: "|")) [--iterations N]"
        )
        exit(0)
    default:
        print("ribsd-bench: unknown option \(argument)")
        exit(2)
    }
}

if let profile {
    guard Profile.names.contains(profile) else {
        print("ribsd-bench: unknown profile \(profile); one of \(Profile.names.joined(separator: ", "))")
        exit(2)
    }
    guard Profile.run(profile, iterations: iterations) else {
        print("ribsd-bench: profile \(profile) failed")
        exit(1)
    }
    exit(0)
}

let selected = only
let section: (String) -> Bool = { name in selected == nil || selected == name }

#if DEBUG
    print("warning: ribsd-bench is a debug build; numbers mean nothing (build with -c release)")
#endif
print(
    "\(Harness.pad("benchmark", 46)) \(Harness.pad("median", 10, right: true)) \(Harness.pad("unit", 8)) \(Harness.pad("batch range", 19)) note"
)
// Memory first: RSS growth is only meaningful before other benchmarks have freed memory.
if section("memory") { Harness.print(DispatchBench.modelMemory(count: alive)) }
if section("app") {
    AppBenches.run().forEach(Harness.print)
    FloorBench.run().forEach(Harness.print)
}
if section("declared") { DeclaredBench.run().forEach(Harness.print) }
if section("depth") { AppBenches.depth().forEach(Harness.print) }
if section("dispatch") { DispatchBench.appLevel(alive: [1, alive]).forEach(Harness.print) }
if section("http") { DispatchBench.http(fillers: alive - 1).forEach(Harness.print) }
if section("timetravel") { TimeTravelBench.run().forEach(Harness.print) }
