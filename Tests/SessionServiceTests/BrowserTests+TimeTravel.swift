import Foundation
import Testing

extension BrowserTests {
    @Test(
        "the link box, a batch, and the timeline: a past version shown, a rewind to it, a fork at another",
        .enabled(if: chromium != nil, "Chromium is not installed: run scripts/install-deps chromium"),
        .enabled(if: executable("python3") != nil, "python3 is needed to drive Chromium"))
    func timeTravel() throws {
        try withTestServer { client in
            let steps = try #require(try Self.run("timetravel", port: client.port)["steps"] as? [String: Any])
            let apps = try #require(client.get("/v1/apps").json?["apps"] as? [[String: Any]])
            let login = try #require(apps.first { $0["id"] as? String == "login" })
            let patterns = try #require(login["links"] as? [[String: Any]]).compactMap { $0["pattern"] as? String }

            // The app's patterns are offered, as examples and in the field's list.
            #expect(steps["patterns"] as? [String] == patterns)
            #expect(steps["datalist"] as? [String] == patterns.map { "app://\($0)" })
            // Refused links show their problem with its detail, and nothing changes.
            let refused = try #require(steps["refusedLink"] as? [String: Any])
            let refusedText = try #require(refused["message"] as? String)
            #expect(refusedText.hasPrefix("app://home/A → 409 link_not_routable: "), "\(refusedText)")
            #expect(refusedText.contains("step 1 (logged in)"))
            #expect(refused["error"] as? Bool == true && refused["version"] as? Int == 1)
            let unknown = try #require(steps["unknownLink"] as? [String: Any])
            let unknownText = try #require(unknown["message"] as? String)
            #expect(unknownText.hasPrefix(#"app://nope → 422 unknown_link: no link of this app matches "app://nope""#))
            #expect(unknown["error"] as? Bool == true && unknown["version"] as? Int == 1)
            // The example's parameter, selected by the click, typed over; the link opened.
            #expect(steps["typedLink"] as? String == "app://welcome?name=kim")
            let linked = try #require(steps["linked"] as? [String: Any])
            #expect(linked["message"] as? String == "app://welcome?name=kim → version 2")
            #expect(Self.layers(linked) == ["root: Home"])

            // Two events queued and sent as one batch: two versions.
            #expect(steps["queued"] as? [String] == [#"{"type":"push","screen":"A"}"#, #"{"type":"push","screen":"B"}"#])
            let batch = try #require(steps["batch"] as? [String: Any])
            #expect(batch["message"] as? String == "batch of 2 → version 4")
            #expect(batch["version"] as? Int == 4 && (batch["queue"] as? [String])?.isEmpty == true)
            #expect(Self.layers(batch) == ["root: Home A B"])
            // A batch refused at its second event: that event marked, the queue kept, the session unchanged.
            let refusedBatch = try #require(steps["refusedBatch"] as? [String: Any])
            #expect(refusedBatch["failed"] as? Int == 1)
            #expect((refusedBatch["queue"] as? [String])?.count == 2)
            #expect(
                refusedBatch["message"] as? String
                    == #"batch refused at event 1 {"type":"push","screen":"A"} → 409 invalid_navigation: event 1: A is already on the stack"#
            )
            #expect(refusedBatch["version"] as? Int == 4 && refusedBatch["serverVersion"] as? Int == 4)

            // The timeline: newest first, the live version tagged.
            #expect(
                Self.entries(steps["timeline"]) == [
                    "v4 push screen=B live chosen", "v3 push screen=A", "v2 link app://welcome?name=kim", "v1 created",
                ])
            try expectPast(try #require(steps["past"] as? [String: Any]), client: client)
            // Another client popped B while version 2 was shown: the timeline and the banner follow, the drawing stays.
            let pastWhileLive = try #require(steps["pastWhileLive"] as? [String: Any])
            #expect(pastWhileLive["viewing"] as? Int == 2 && pastWhileLive["version"] as? Int == 5)
            #expect(Self.layers(pastWhileLive) == ["root: Home"])
            #expect((pastWhileLive["pastText"] as? String)?.contains("the session itself is at version 5") == true)
            #expect(Self.entries(pastWhileLive["timeline"]).prefix(2) == ["v5 pop live", "v4 push screen=B"])

            // Rewound to version 2: a new version with version 2's screens, and the page live again.
            let rewound = try #require(steps["rewound"] as? [String: Any])
            #expect(rewound["message"] as? String == "rewound to v2 → version 6")
            #expect(rewound["version"] as? Int == 6 && rewound["viewing"] is NSNull)
            #expect(Self.layers(rewound) == ["root: Home"])
            #expect(Self.entries(rewound["timeline"]).first == "v6 rewind to v2 live chosen")

            // Forked at version 4: the page follows the new session, which starts with the source's history to 4.
            let forked = try #require(steps["forked"] as? [String: Any])
            let source = try #require(forked["source"] as? String)
            let fork = try #require(forked["session"] as? String)
            #expect(fork != source)
            #expect(forked["status"] as? String == "live" && forked["version"] as? Int == 4)
            #expect(Self.layers(forked) == ["root: Home A B"])
            #expect((forked["message"] as? String)?.hasPrefix("forked at v4 as session \(fork), from \(source)") == true)
            #expect(Self.entries(forked["timeline"]).count == 4)
            #expect(forked["sourceVersion"] as? Int == 6)
            #expect(try client.state(fork).header("ETag") == "\"4\"")
            let history = try #require(client.history(source).json?["events"] as? [[String: Any]])
            #expect(history.map { ($0["event"] as? [String: Any])?["type"] as? String } == ["link", "push", "push", "pop", "rewind"])
            // Each version's time, as the history has it; the fork's are its source's, copied with its history.
            Self.expectTimes(rewound["timeline"], history: history, count: 5)
            Self.expectTimes(forked["timeline"], history: history, count: 3)
        }
    }

    /// The timeline's entries past version 1 (the creation, which the history gives no time) show their
    /// version's time: the history's `at` in the tooltip, and the time of day it names in the entry, whatever
    /// the browser's locale and time zone (so only its seconds are compared).
    static func expectTimes(_ timeline: Any?, history: [[String: Any]], count: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        let entries = (timeline as? [[String: Any]] ?? []).filter { ($0["version"] as? Int ?? 0) >= 2 }
        #expect(entries.count == count, "\(entries)", sourceLocation: sourceLocation)
        for entry in entries {
            let version = entry["version"] as? Int ?? 0
            let at = history.first { $0["version"] as? Int == version }?["at"] as? String
            #expect(at != nil && entry["at"] as? String == at, "v\(version): \(entry)", sourceLocation: sourceLocation)
            let time = entry["time"] as? String ?? ""
            let shown = time.wholeMatch(of: /(\d{1,2}):(\d{2}):(\d{2})(?:[ \u{202F}]?[AP]M)?/)
            let stamped = at?.firstMatch(of: /T\d{2}:\d{2}:(\d{2})/)
            #expect(
                shown != nil && shown?.3 == stamped?.1, "v\(version) shows \"\(time)\" for \(at ?? "no time")",
                sourceLocation: sourceLocation)
        }
    }

    /// Version 2 chosen while the session was at 4: drawn as the server answers `?version=2`, marked as past, the
    /// session left at 4, and its change listed as `diff?from=1&to=2` gives it.
    func expectPast(_ past: [String: Any], client: ServiceClient) throws {
        let id = try #require(past["session"] as? String)
        let answered = try #require(client.get("/v1/sessions/\(id)?version=2").json as? [String: Any])
        #expect(past["viewing"] as? Int == 2)
        #expect(Self.outline(past["tree"] as? [String: Any] ?? [:]) == Self.outline(answered["tree"] as? [String: Any] ?? [:]))
        #expect(Self.layers(past) == Self.layers(answered) && Self.layers(past) == ["root: Home"])
        #expect(past["version"] as? Int == 4 && past["serverVersion"] as? Int == 4)
        #expect(past["statusText"] as? String == "live · v4")
        #expect(past["versionLabel"] as? String == "login · version 2 (past)")
        #expect(past["banner"] as? Bool == true && past["actionsDisabled"] as? Bool == true)
        #expect(
            past["pastText"] as? String
                == "Showing version 2, a past version: the session itself is at version 4 and stays there unless you rewind.")
        #expect(
            Self.entries(past["timeline"]) == [
                "v4 push screen=B live", "v3 push screen=A", "v2 link app://welcome?name=kim chosen", "v1 created",
            ])
        let diff = try client.get("/v1/sessions/\(id)/diff?from=1&to=2")
        let operations = try #require(try JSONSerialization.jsonObject(with: Data(diff.body)) as? [Any])
        #expect(past["changes"] as? Int == operations.count && operations.count > 0)
        let path = try #require(past["screenshot"] as? String)
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        #expect(size > 10_000, "screenshot \(path) is missing or empty")
    }

    /// "v<version> <label>", then "live" (the session's version) and "chosen" (the version drawn) where they
    /// apply, per timeline entry as the page lists them.
    static func entries(_ timeline: Any?) -> [String] {
        (timeline as? [[String: Any]] ?? []).map { entry in
            var words = ["v\(entry["version"] as? Int ?? 0)", entry["label"] as? String ?? "?"]
            if entry["live"] as? Bool == true { words.append("live") }
            if entry["chosen"] as? Bool == true { words.append("chosen") }
            return words.joined(separator: " ")
        }
    }
}
