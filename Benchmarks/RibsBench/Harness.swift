#if canImport(Glibc)
    import Glibc
#endif

/// One measured quantity, printed as a table row and as a machine-readable `RESULT` line.
struct Measurement {
    let name: String
    /// Median over the batches.
    let value: Double
    let low: Double
    let high: Double
    let unit: String
    let note: String
}

/// Sink the optimizer cannot see through, so measured work is not removed. A plain global: a lock or an atomic
/// would add its own cost to every measured call, and only the main thread, which runs every benchmark, writes it.
nonisolated(unsafe) var blackHoleSink = 0

@inline(never)
func blackHole(_ value: Int) {
    blackHoleSink &+= value
}

enum Harness {
    /// Milliseconds each timed batch should last (`--quick` lowers it). Set while the arguments are read, before
    /// any benchmark runs, and read on the main thread only.
    nonisolated(unsafe) static var batchMilliseconds = 100.0

    /// Times `body`: a calibration run sizes the batches to about `batchMilliseconds` each (at least
    /// `minimumIterations` calls), one warm-up batch, then `batches` timed ones. The value is the median
    /// batch's nanoseconds per call; low/high are the fastest and slowest batch.
    static func measure(
        _ name: String, iterations minimumIterations: Int = 1, batches: Int = 7, note: String = "", _ body: () -> Void
    ) -> Measurement {
        let clock = ContinuousClock()
        var calibration = 0
        let calibrationStart = clock.now
        while calibration < 5 || clock.now - calibrationStart < .milliseconds(10) {
            body()
            calibration += 1
        }
        let perCall = nanoseconds(clock.now - calibrationStart) / Double(calibration)
        let iterations = max(minimumIterations, Int(batchMilliseconds * 1e6 / max(perCall, 1)))
        for _ in 0..<iterations { body() }
        var samples: [Double] = []
        for _ in 0..<batches {
            let start = clock.now
            for _ in 0..<iterations { body() }
            let elapsed = clock.now - start
            samples.append(nanoseconds(elapsed) / Double(iterations))
        }
        return summarize(name, samples, unit: "ns/op", note: note)
    }

    static func summarize(_ name: String, _ samples: [Double], unit: String, note: String) -> Measurement {
        let sorted = samples.sorted()
        return Measurement(
            name: name, value: sorted[sorted.count / 2], low: sorted.first ?? 0, high: sorted.last ?? 0,
            unit: unit, note: note)
    }

    static func nanoseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1e9 + Double(duration.components.attoseconds) / 1e9
    }

    /// VmRSS of this process in KiB (0 if /proc is unavailable).
    static func residentKiB() -> Int {
        guard let file = fopen("/proc/self/status", "r") else { return 0 }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 256)
        while fgets(&line, Int32(line.count), file) != nil {
            let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if text.hasPrefix("VmRSS:") {
                return Int(text.dropFirst(6).filter { $0.isNumber }) ?? 0
            }
        }
        return 0
    }

    static func print(_ measurement: Measurement) {
        let value = format(measurement.value)
        let range = "\(format(measurement.low))–\(format(measurement.high))"
        let line =
            "\(pad(measurement.name, 46)) \(pad(value, 10, right: true)) \(pad(measurement.unit, 8)) \(pad(range, 19)) \(measurement.note)"
        Swift.print(line)
        Swift.print(
            "RESULT\t\(measurement.name)\t\(value)\t\(measurement.unit)\t\(format(measurement.low))\t\(format(measurement.high))\t\(measurement.note)"
        )
    }

    static func format(_ value: Double) -> String {
        if value >= 100 { return String(Int(value.rounded())) }
        let tenths = (value * 10).rounded() / 10
        return String(tenths)
    }

    static func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
        let count = text.count
        guard count < width else { return text }
        let space = String(repeating: " ", count: width - count)
        return right ? space + text : text + space
    }
}
