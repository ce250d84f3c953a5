// libFuzzer entry point over event decoding and dispatch into the built-in apps.
//
// Input: byte 0 picks the app (navigation, login, todo, flow; modulo 4), the rest is split on '\n'
// into request bodies (with bit 2 of byte 0 set, each run of lines between empty ones is the array of
// one batch body, `{"events":[line,line,...]}`; with bit 3 set, the app also declares event types of its own,
// aliases of its built-in ones: `DeclaredAliases`). A line starting with `@` (outside batches) is a deep link's
// URL, opened as `POST …/links` opens it: matched against the app's patterns, its walk run all or nothing. Each body goes through `EventBody(json:batchLimit:catalog:)`
// (one event, or a batch `{"events": [...]}`, against the app's catalog) and, when it decodes, into the app's
// runtime, exactly as `SessionCore` drives it
// (a refused move that changed the rendered state rebuilds the runtime from the history; a batch is
// applied all or none). After every event the state must be valid JSON of the contract's shape.
//
// Invariants (a violation calls `fatalError`, which libFuzzer reports as a crash):
//  1. nothing traps: decoding gives an event or a typed `EventDecodingError`, applying gives a new
//     state or a typed `EventError`;
//  2. `EventError.internalFailure` never happens (it is a 500 over HTTP);
//  3. the state written by `writeState(to:)` parses with JSONSerialization and has the contract's
//     fields (`tree`, `layers`, `stack`, `top`, `accepts`, `leaks`) with the right types;
//  4. a refused event leaves the state bytes exactly as before (after the rebuild, when one was needed);
//  5. an event that changed the state was listed in `accepts` before it;
//  6. `leaks` stays empty (the built-in apps are correct apps);
//  7. replaying the history of applied events on a fresh runtime gives the same state bytes
//     (the determinism `AppRuntime` promises and the session's rebuild relies on);
//  8. differential check of the event reader against Foundation's JSONDecoder (which is more lenient:
//     trailing commas, repeated names): a body the reader accepts must parse there too, as an object
//     whose fields equal the event's (strings: same unescaping, same UTF-8 validation; a declared event's
//     integers and booleans too); a batch the reader accepts parses there with as many `events`, each
//     element's fields equal to its event's;
//  9. a body with a `type`, or without `events`, decodes through `EventBody` exactly as through
//     `AppEvent(json:catalog:)` (the same event or the same error, with no index); a batch's refusal names an
//     index inside the batch and under the limit, or none;
// 10. a batch refused at any of its events leaves the state bytes exactly as before its first (the
//     events it applied taken back by a replay of the history before it, as `SessionCore.undoEvents`);
// 11. a link no pattern matches changes nothing; a walk that cannot go on leaves the state bytes exactly as
//     before (after a replay of the history), its refusal naming a step of the walk; an opened link joins the
//     history and replays (invariant 7) to the same state.
//
// In a plain `swift build` this file is an executable whose top-level code is empty: running it does
// nothing. Built with `--sanitize fuzzer`, libFuzzer's `main` drives `LLVMFuzzerTestOneInput`.

import AppHosting
import BuiltinApps
import Foundation

private let apps: [AppDefinition] = [BuiltinApps.navigation, BuiltinApps.login, BuiltinApps.todo, BuiltinApps.flow]

/// The longest single event body handed to the decoder (the service's default body cap).
private let maxEventBytes = 65536

/// The most events a batch may hold here: smaller than the service's default (100), so that inputs cross it.
private let batchLimit = 8

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEvents(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    guard count > 0 else { return 0 }
    let bytes = UnsafeRawBufferPointer(start: start, count: count)
    let builtIn = apps[Int(bytes[0]) % apps.count]
    // Bit 3 of byte 0: the app declares aliases too (a bit of its own, so that the seeds keep their apps).
    let app = bytes[0] & 8 != 0 ? DeclaredAliases.wrapping(builtIn) : builtIn
    // Bit 2 of byte 0: the lines are the events of batches, `{"events":[line,line,...]}`, one per run of
    // lines between empty ones; so every seed of single events is one bit away from a batch of them.
    let batched = bytes[0] & 4 != 0
    var harness = Harness(app: app)
    var group: [UInt8] = []
    func feedGroup() {
        if !group.isEmpty, group.count + 13 <= maxEventBytes {
            harness.feed(Array(#"{"events":["#.utf8) + group + Array("]}".utf8))
        }
        group = []
    }
    var lineStart = 1
    var index = 1
    while index <= count {
        if index == count || bytes[index] == UInt8(ascii: "\n") {
            let line = bytes[lineStart..<index]
            if !batched, line.first == UInt8(ascii: "@") {
                harness.open(link: Array(line.dropFirst()))
            } else if !batched {
                if line.count <= maxEventBytes { harness.feed(Array(line)) }
            } else if line.isEmpty {
                feedGroup()
            } else {
                if !group.isEmpty { group.append(UInt8(ascii: ",")) }
                group += line
            }
            lineStart = index + 1
        }
        index += 1
    }
    if batched { feedGroup() }
    harness.checkReplay()
    harness.runtime.tearDown()
    return 0
}

/// One app's runtime driven like a session's core.
private struct Harness {
    let app: AppDefinition
    var runtime: any AppRuntime
    var history: [Applied] = []

    /// What the history holds: an applied event, or an opened link (replayed by opening it again).
    enum Applied {
        case event(AppEvent)
        case link(String)
    }
    var content: [UInt8]

    init(app: AppDefinition) {
        self.app = app
        runtime = app.launch()
        content = []
        content = check(render(runtime), after: "launch")
    }

    mutating func feed(_ body: [UInt8]) {
        let decoded: EventBody
        do {
            decoded = try EventBody(json: body, batchLimit: batchLimit, catalog: app.catalog)
        } catch {
            // A typed decoding error: the 400s. Nothing reached the app.
            checkRefusedBody(error, body: body)
            return
        }
        switch decoded {
        case .single(let event):
            // Invariant 9: the same event `AppEvent(json:catalog:)` reads.
            guard let alone = try? AppEvent(json: body, catalog: app.catalog), alone == event else {
                fail("EventBody read \(describe(event)) where AppEvent(json:catalog:) reads otherwise", body: body)
            }
            checkAgainstFoundation(event, body: body)
            apply(event, body: body)
        case .batch(let events):
            if events.isEmpty || events.count > batchLimit { fail("a batch of \(events.count) events decoded", body: body) }
            if isSingleShaped(body) == true { fail("a body with `type` or without `events` decoded as a batch", body: body) }
            checkBatchAgainstFoundation(events, body: body)
            applyAllOrNone(events, body: body)
        }
    }

    /// Whether `body` is one event to `EventBody` (a `type`, or no `events`); nil when it is no JSON object.
    func isSingleShaped(_ body: [UInt8]) -> Bool? {
        guard let fields = try? JSONFields(body) else { return nil }
        return fields["type"] != nil || fields["events"] == nil
    }

    /// Invariant 9 for a refused body: the single event's error exactly, or a batch's with a sound index.
    func checkRefusedBody(_ refusal: EventBodyError, body: [UInt8]) {
        switch refusal.error {
        case .malformed(let detail), .unknownType(let detail):
            if detail.isEmpty { fail("empty decoding error detail", body: body) }
        }
        if isSingleShaped(body) ?? true {
            var alone: EventDecodingError?
            do {
                _ = try AppEvent(json: body, catalog: app.catalog)
            } catch {
                alone = error
            }
            if refusal.index != nil || refusal.error != alone {
                fail("EventBody refused one event with \(refusal), AppEvent(json:catalog:) with \(String(describing: alone))", body: body)
            }
        } else if let index = refusal.index, index < 0 || index >= batchLimit {
            fail("a batch refused at index \(index), outside 0..<\(batchLimit)", body: body)
        }
    }

    /// Invariant 10: applies `events` in order; at the first refusal the ones applied before it are taken back.
    mutating func applyAllOrNone(_ events: [AppEvent], body: [UInt8]) {
        let historyCount = history.count, before = content
        for event in events {
            if apply(event, body: body) { continue }
            if history.count > historyCount {
                history.removeSubrange(historyCount...)
                rebuild()
                content = check(render(runtime), after: "taking back a refused batch")
            }
            if content != before {
                fail("a refused batch changed the state:\nbefore \(text(before))\nafter  \(text(content))", body: body)
            }
            return
        }
    }

    /// Applies one decoded event; false when the app refused it (the state then as before it).
    @discardableResult
    mutating func apply(_ event: AppEvent, body: [UInt8]) -> Bool {
        let accepted = runtime.acceptedEvents
        do {
            try runtime.apply(event)
        } catch {
            switch error {
            case .notHandled:
                break
            case .invalidNavigation:
                // As `SessionCore` does: replay only when the refusal changed what the state shows. Invariant 7
                // then catches a refusal that changed something the state does not show: the live runtime and
                // the replay of its history would part ways.
                if render(runtime) != content { rebuild() }
            case .internalFailure(let detail):
                fail("internalFailure (a 500 over HTTP): \(detail)", body: body)
            }
            let after = check(render(runtime), after: "refused \(describe(event))")
            if after != content {
                fail("a refused event (\(error)) changed the state:\nbefore \(text(content))\nafter  \(text(after))", body: body)
            }
            return false
        }
        let next = check(render(runtime), after: describe(event))
        guard next != content else { return true }  // an idempotent repeat
        if !accepted.contains(event.type) {
            fail("\(describe(event)) changed the state but accepts was \(accepted.map(\.rawValue))", body: body)
        }
        content = next
        history.append(.event(event))
        return true
    }

    /// Invariant 8: what the event reader accepted, Foundation's JSONDecoder parses to the same fields.
    /// (JSONDecoder, not JSONSerialization: the latter refuses numbers beyond Double, such as 1e400,
    /// which are valid JSON; the decoder leaves unused values unconverted.)
    func checkAgainstFoundation(_ event: AppEvent, body: [UInt8]) {
        let fields: FoundationFields
        do {
            fields = try JSONDecoder().decode(FoundationFields.self, from: Data(body))
        } catch {
            fail("AppEvent(json:) accepted a body Foundation's JSONDecoder refuses (\(error)) as \(describe(event))", body: body)
        }
        checkFields(fields, of: event, body: body)
    }

    /// Invariant 8 for a batch: Foundation reads as many `events`, each with its event's string fields.
    func checkBatchAgainstFoundation(_ events: [AppEvent], body: [UInt8]) {
        let batch: FoundationBatch
        do {
            batch = try JSONDecoder().decode(FoundationBatch.self, from: Data(body))
        } catch {
            fail("EventBody accepted a batch Foundation's JSONDecoder refuses (\(error))", body: body)
        }
        if batch.events.count != events.count {
            fail("EventBody read \(events.count) events, Foundation \(batch.events.count)", body: body)
        }
        for (fields, event) in zip(batch.events, events) { checkFields(fields, of: event, body: body) }
    }

    func checkFields(_ fields: FoundationFields, of event: AppEvent, body: [UInt8]) {
        guard let canonical = try? JSONDecoder().decode(FoundationFields.self, from: Data(event.canonicalJSON)) else {
            fail("the canonical JSON of \(describe(event)) does not parse", body: body)
        }
        for (key, value) in canonical.values where fields[key] != value {
            fail("field \(key): the reader says \(value), Foundation says \(String(describing: fields[key]))", body: body)
        }
    }

    /// What `SessionCore.rebuild()` does after a refused event that may have run halfway.
    /// Applies an event, or opens a link, as the history first did.
    static func replay(_ applied: Applied, of app: AppDefinition, on runtime: any AppRuntime) {
        switch applied {
        case .event(let event): try? runtime.apply(event)
        case .link(let url):
            if let (declaration, parameters) = app.link(for: url) { try? declaration.open(parameters, runtime) }
        }
    }

    /// Opens a deep link as `POST …/links` does (invariant 11).
    mutating func open(link bytes: [UInt8]) {
        guard let url = String(validating: bytes, as: UTF8.self), let (declaration, parameters) = app.link(for: url) else { return }
        let before = content
        do throws(LinkRefusal) {
            try declaration.open(parameters, runtime)
        } catch {
            if error.step < 1 || error.name.isEmpty || error.reason.isEmpty { fail("a refusal naming no step: \(error)", body: bytes) }
            rebuild()
            if render(runtime) != before { fail("a refused link \(url) left the state changed", body: bytes) }
            return
        }
        content = check(render(runtime), after: "link \(url)")
        history.append(.link(url))
    }

    mutating func rebuild() {
        runtime.tearDown()
        runtime = app.launch()
        for applied in history { Self.replay(applied, of: app, on: runtime) }
    }

    func checkReplay() {
        let fresh = app.launch()
        for applied in history {
            switch applied {
            case .event(let event):
                do {
                    try fresh.apply(event)
                } catch {
                    fail("replaying \(describe(event)) failed: \(error)", body: [])
                }
            case .link(let url):
                guard let (declaration, parameters) = app.link(for: url) else { fail("the link \(url) no longer matches", body: []) }
                do throws(LinkRefusal) {
                    try declaration.open(parameters, fresh)
                } catch {
                    fail("replaying the link \(url) failed: \(error)", body: [])
                }
            }
        }
        let replayed = render(fresh)
        fresh.tearDown()
        if replayed != content {
            fail("replay differs:\nlive   \(text(content))\nreplay \(text(replayed))", body: [])
        }
    }

    func render(_ runtime: any AppRuntime) -> [UInt8] {
        var json = JSONWriter(capacity: 512)
        json.beginObject()
        runtime.writeState(to: &json)
        json.endObject()
        return json.bytes
    }

    /// Parses the state and checks the contract's fields; returns the bytes.
    func check(_ bytes: [UInt8], after what: String) -> [UInt8] {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: Data(bytes))
        } catch {
            fail("state after \(what) is not JSON (\(error)): \(text(bytes))", body: [])
        }
        guard let state = object as? [String: Any] else { fail("state after \(what) is not an object", body: []) }
        let treeOK = state["tree"] is [String: Any] || (app.id == "flow" && state["tree"] is NSNull)
        guard treeOK,
            let layers = state["layers"] as? [[String: Any]],
            let stack = state["stack"] as? [String],
            let accepts = state["accepts"] as? [String],
            let leaks = state["leaks"] as? [Any]
        else { fail("state after \(what) lacks a contract field: \(text(bytes))", body: []) }
        let top = state["top"]
        if let top = top as? String {
            if stack.last != top { fail("top \(top) is not the last of stack \(stack) after \(what)", body: []) }
        } else if !(top is NSNull) || !stack.isEmpty {
            fail("top is missing or not null for an empty stack after \(what): \(text(bytes))", body: [])
        }
        if let last = layers.last, (last["stack"] as? [String]) != stack {
            fail("stack is not the frontmost layer's stack after \(what): \(text(bytes))", body: [])
        }
        for name in accepts where EventType(named: name) == nil && app.catalog.declaration(of: name) == nil {
            fail("accepts lists an unknown type \(name) after \(what)", body: [])
        }
        if !leaks.isEmpty { fail("leaks after \(what): \(text(bytes))", body: []) }
        return bytes
    }

    func describe(_ event: AppEvent) -> String { "\(app.id): " + text(event.canonicalJSON) }

    func text(_ bytes: some Collection<UInt8>) -> String { String(decoding: bytes, as: UTF8.self) }

    func fail(_ message: String, body: [UInt8]) -> Never {
        var line = "FuzzEvents invariant broken [\(app.id)] \(message)"
        if !body.isEmpty { line += "\nevent body: \(text(body.prefix(512)))" }
        let replayed = history.map { applied -> String in
            switch applied {
            case .event(let event): text(event.canonicalJSON)
            case .link(let url): "link " + url
            }
        }
        line += "\nhistory: \(replayed)\n"
        FileHandle.standardError.write(Data(line.utf8))
        fatalError("FuzzEvents invariant broken")
    }
}

/// A batch's elements as Foundation decodes them.
private struct FoundationBatch: Decodable {
    var events: [FoundationFields]
}

/// The scalar fields of an event as Foundation decodes them: every string, and the integers and booleans of the
/// fields an alias declares; a field of another kind reads as nil (the reader ignores fields an event type does
/// not use, whatever their kind).
private struct FoundationFields: Decodable {
    enum Scalar: Equatable, CustomStringConvertible {
        case string(String)
        case integer(Int)
        case boolean(Bool)

        var description: String {
            switch self {
            case let .string(string): string.debugDescription
            case let .integer(integer): String(integer)
            case let .boolean(bool): String(bool)
            }
        }
    }

    var values: [String: Scalar] = [:]

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    private struct AnyScalar: Decodable {
        let value: Scalar?
        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let string = try? container.decode(String.self) {
                value = .string(string)
            } else if let bool = try? container.decode(Bool.self) {
                value = .boolean(bool)
            } else if let integer = try? container.decode(Int.self) {
                value = .integer(integer)
            } else {
                value = nil
            }
        }
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        let integers = ["index"], booleans = ["down"]
        for name in ["type", "name", "screen", "style", "step"] + integers + booleans {
            if let value = try container.decodeIfPresent(AnyScalar.self, forKey: Key(stringValue: name))?.value {
                values[name] = value
            }
        }
    }

    subscript(key: String) -> Scalar? { values[key] }
}
