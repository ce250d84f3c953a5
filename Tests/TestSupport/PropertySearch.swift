/// A property a random sequence broke, where, and how.
public struct PropertyViolation<Property: RawRepresentable & Equatable>: CustomStringConvertible where Property.RawValue == String {
    /// The property broken; a shrunk sequence must still break the same one.
    public let property: Property
    /// What broke it (a controller, a RIB).
    public let subject: String
    public let detail: String

    public init(_ property: Property, _ subject: String, _ detail: String) {
        self.property = property
        self.subject = subject
        self.detail = detail
    }

    public var description: String { "\(subject): \(detail) [\(property.rawValue)]" }
}

/// What one replay of a random sequence leaves: the properties it broke, in order, and the sequence as code.
public protocol PropertyWorld {
    associatedtype Property: RawRepresentable & Equatable where Property.RawValue == String
    /// Each property broken, in order (a replay stops at the first step that breaks one).
    var violations: [PropertyViolation<Property>] { get }
    /// The sequence as code, with the callbacks it caused.
    var transcript: [String] { get }
}

/// A world that writes its sequence down as code while it runs, each line indented as deep as the app code
/// (run from callbacks) that made it, and each broken property in its place.
public protocol TranscriptWriting: PropertyWorld, AnyObject {
    var violations: [PropertyViolation<Property>] { get set }
    var transcript: [String] { get set }
    /// How deep in app code called from callbacks the current step runs (0 at the top).
    var depth: Int { get }
}

extension TranscriptWriting {
    /// Appends a line of the transcript at the current depth, `extra` levels further in; returns its index.
    @discardableResult
    public func note(_ line: String, extra: Int = 0) -> Int {
        transcript.append(String(repeating: "    ", count: 2 * depth + extra) + line)
        return transcript.count - 1
    }

    /// Adds a comment to a line already written.
    public func amend(_ index: Int, with comment: String) { transcript[index] += "  // \(comment)" }

    /// Records a broken property, and writes it where it broke.
    public func record(_ violation: PropertyViolation<Property>) {
        violations.append(violation)
        note("// PROPERTY BROKEN: \(violation)", extra: 1)
    }
}

/// Random sequences checked against properties, the way the property suites run them: `sequences` sequences of
/// `length` steps drawn from `seed`, each replayed with a seed of its own for the app code it runs. Steps must
/// pick their targets when they run, so that a sequence with steps taken out still replays.
public struct PropertySearch<Step, World: PropertyWorld> {
    /// Names the run in reports (the mode).
    public let name: String
    public let seed: UInt64
    public let sequences: Int
    public let length: Int
    /// Draws one step.
    public let draw: (inout SplitMix64) -> Step
    /// Replays steps from a fresh start with a sequence seed, checking after each, stopping at the first breakage.
    public let replay: ([Step], UInt64) -> World

    public init(
        name: String, seed: UInt64, sequences: Int, length: Int, draw: @escaping (inout SplitMix64) -> Step,
        replay: @escaping ([Step], UInt64) -> World
    ) {
        self.name = name
        self.seed = seed
        self.sequences = sequences
        self.length = length
        self.draw = draw
        self.replay = replay
    }

    /// One report per property broken, from the first sequence that broke it, shrunk to the few steps that still
    /// break it and written as code; empty when every property held.
    public func failures() -> [String] {
        var generator = SplitMix64(seed: seed)
        var reports: [(World.Property, String)] = []
        for index in 0..<sequences {
            let steps = (0..<length).map { _ in draw(&generator) }
            let sequenceSeed = generator.next()
            guard let first = replay(steps, sequenceSeed).violations.first,
                !reports.contains(where: { $0.0 == first.property })
            else { continue }
            let shrunk = shrink(steps) { candidate in
                replay(candidate, sequenceSeed).violations.contains { $0.property == first.property }
            }
            let replayed = replay(shrunk, sequenceSeed)
            let broken = replayed.violations.first { $0.property == first.property } ?? first
            reports.append(
                (
                    first.property,
                    """
                    Mode \(name), sequence \(index + 1) of \(sequences) (seed \(hex(seed)), sequence seed \(hex(sequenceSeed))):
                    \(broken)
                    Shrunk from \(steps.count) steps to \(shrunk.count). The sequence as code, with the callbacks it caused:
                    \(replayed.transcript.map { "    " + $0 }.joined(separator: "\n"))
                    """
                ))
        }
        return reports.map(\.1)
    }

    /// Takes out runs of steps, halving their length, as long as what is left still fails.
    private func shrink(_ steps: [Step], stillFails: ([Step]) -> Bool) -> [Step] {
        var current = steps
        var chunk = max(1, current.count / 2)
        while true {
            var start = 0
            var shrunk = false
            while start < current.count {
                var candidate = current
                candidate.removeSubrange(start..<min(start + chunk, current.count))
                if stillFails(candidate) {
                    current = candidate
                    shrunk = true
                } else {
                    start += chunk
                }
            }
            if chunk == 1, !shrunk { return current }
            if !shrunk { chunk /= 2 }
        }
    }

    private func hex(_ value: UInt64) -> String { "0x" + String(value, radix: 16, uppercase: true) }
}
