/// Every state document one session answered, version by version, kept compactly: the document's header
/// (`{"session":…,"app":…,"version":`, the same in every version) once, and of the fields after the version's
/// digits, the whole at every `checkpointSpacing`-th version (a checkpoint) and for each version the bytes that
/// differ from the one before it. A past version is its checkpoint with at most `checkpointSpacing - 1`
/// differences applied: byte copies, no replay.
///
/// A session builds one only when a past version is first asked for (replaying its history once), and keeps it
/// up to date from then on; it counts in the documents' share of the server's memory limit, like a kept
/// history document, and like one it is dropped rather than refusing anything when that share is full.
struct SessionTimeline {
    /// Versions between two checkpoints: a read applies at most this many less one differences.
    static let checkpointSpacing = 32

    /// What turns one version's document into the next: the bytes between a common head and a common tail.
    private struct Difference {
        let head: Int32
        let tail: Int32
        let middle: [UInt8]
    }

    /// What every document starts with, up to the version's digits.
    private let header: [UInt8]
    /// The fields (after the version's digits) at versions 1, 1 + spacing, 1 + 2 × spacing, ...
    private var checkpoints: [[UInt8]]
    /// `differences[v - 2]` turns version `v - 1` into `v`.
    private var differences: [Difference] = []
    /// The last version's document (the session's current one: the same storage, not a copy), and its fields.
    private var last: [UInt8]
    private var lastFields: ArraySlice<UInt8>
    /// About what the timeline holds beyond the session's current document.
    private(set) var heldBytes = 0

    /// A timeline holding version 1's document, whose first `headerLength` bytes every version shares.
    init(first: [UInt8], headerLength: Int) {
        header = Array(first[..<headerLength])
        last = first
        lastFields = Self.fields(of: first, headerLength: headerLength)
        checkpoints = [Array(lastFields)]
        heldBytes = first.count
    }

    /// The last version it holds.
    var lastVersion: Int { differences.count + 1 }

    /// Adds the next version's document.
    mutating func append(_ document: [UInt8]) {
        let fields = Self.fields(of: document, headerLength: header.count)
        let difference = Self.difference(from: lastFields, to: fields)
        differences.append(difference)
        heldBytes += MemoryLayout<Difference>.stride + difference.middle.count
        if (lastVersion - 1) % Self.checkpointSpacing == 0 {
            checkpoints.append(Array(fields))
            heldBytes += fields.count
        }
        last = document
        lastFields = fields
    }

    /// The document of `version` (1 through `lastVersion`).
    func document(at version: Int) -> [UInt8] {
        precondition(version >= 1 && version <= lastVersion, "version \(version) outside the timeline")
        if version == lastVersion { return last }
        let checkpoint = (version - 1) / Self.checkpointSpacing
        var fields = checkpoints[checkpoint]
        let first = checkpoint * Self.checkpointSpacing + 2
        if first <= version {
            for next in first...version { fields = Self.apply(differences[next - 2], to: fields) }
        }
        return header + Array(String(version).utf8) + fields
    }

    /// Forgets the versions after `version` (events taken back).
    mutating func truncate(after version: Int) {
        guard version < lastVersion else { return }
        let kept = document(at: version)
        for difference in differences[(version - 1)...] { heldBytes -= MemoryLayout<Difference>.stride + difference.middle.count }
        differences.removeSubrange((version - 1)...)
        let keptCheckpoints = (version - 1) / Self.checkpointSpacing + 1
        for checkpoint in checkpoints[keptCheckpoints...] { heldBytes -= checkpoint.count }
        checkpoints.removeSubrange(keptCheckpoints...)
        last = kept
        lastFields = Self.fields(of: kept, headerLength: header.count)
    }

    /// What follows the header and the version's digits.
    private static func fields(of document: [UInt8], headerLength: Int) -> ArraySlice<UInt8> {
        var start = headerLength
        while start < document.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(document[start]) { start += 1 }
        return document[start...]
    }

    private static func difference(from old: ArraySlice<UInt8>, to new: ArraySlice<UInt8>) -> Difference {
        let limit = min(old.count, new.count)
        var head = 0
        while head < limit, old[old.startIndex + head] == new[new.startIndex + head] { head += 1 }
        var tail = 0
        while tail < limit - head, old[old.endIndex - 1 - tail] == new[new.endIndex - 1 - tail] { tail += 1 }
        return Difference(head: Int32(head), tail: Int32(tail), middle: Array(new[(new.startIndex + head)..<(new.endIndex - tail)]))
    }

    private static func apply(_ difference: Difference, to old: [UInt8]) -> [UInt8] {
        var new = [UInt8]()
        new.reserveCapacity(Int(difference.head) + difference.middle.count + Int(difference.tail))
        new.append(contentsOf: old[..<Int(difference.head)])
        new.append(contentsOf: difference.middle)
        new.append(contentsOf: old[(old.count - Int(difference.tail))...])
        return new
    }
}
