import Foundation
import Testing

/// What a restart after kill -9 must bring back, checked against what the clients heard (`Ledger`).
struct RestartCheck {
    let sessions: [String]
    /// Each session's history entries (canonical JSON, times included) at the last check: every later restart
    /// must still have them as they were.
    private var histories: [String: [String]] = [:]

    init(sessions: [String]) {
        self.sessions = sessions
    }

    /// One session as the restarted server shows it, and which request each of its versions answered.
    private struct Found {
        var version: Int
        var entries: [NSDictionary]
        /// The newest version, once retries apply events anew.
        var latest: Int
        /// version → the key of the request whose 2xx named it.
        var claimed: [Int: String] = [:]
    }

    mutating func verify(_ server: StoreServer, ledger: Ledger, round: Int) throws {
        var problems: [String] = []
        let records = ledger.answeredRecords
        let bySession = Dictionary(grouping: records, by: \.sent.session)
        var found: [String: Found] = [:]

        // 1. Every session as it came back, before anything changes it: each answered version is there, holding
        //    the event that was sent, and answered to one request only; the history of earlier checks is unchanged.
        for id in sessions {
            let state = try server.get("/v1/sessions/\(id)"), history = try server.get("/v1/sessions/\(id)/history")
            guard state.status == 200, history.status == 200, let version = state.etagVersion else {
                problems.append("\(id): state \(state.status) \(state.text.prefix(200)), history \(history.status)")
                continue
            }
            var session = Found(version: version, entries: historyEntries(history), latest: version)
            problems += contiguous(id, session.entries, through: version)
            let canonical = session.entries.map(relCanonical)
            if let old = histories[id], Array(canonical.prefix(old.count)) != old {
                problems.append("\(id): history entries of an earlier restart changed")
            }
            for record in bySession[id] ?? [] {
                guard let answered = record.answer.version else {
                    problems.append("\(record.sent.key): answered without an ETag")
                    continue
                }
                if let other = session.claimed[answered] {
                    problems.append("\(id): version \(answered) answered to both \(other) and \(record.sent.key)")
                }
                session.claimed[answered] = record.sent.key
                guard answered <= version else {
                    problems.append("\(id): version \(answered) was answered (\(record.sent.key)) but the restart is at \(version)")
                    continue
                }
                if answered >= 2, eventJSON(session.entries, answered) != canonicalEvent(record.sent.body) {
                    problems.append("\(id): version \(answered) holds \(eventJSON(session.entries, answered)), not \(record.sent.body)")
                }
                if answered == version, record.answer.body != state.body {
                    problems.append("\(id): state of version \(version) differs from its 2xx answer")
                }
            }
            found[id] = session
        }

        // 2. Every answered request, retried with its key: the first answer, byte for byte. (A session keeps its
        //    last 1,000 keys: with more, only this round's are sure to be there.)
        for record in records where (bySession[record.sent.session]?.count ?? 0) <= 900 || record.sent.key.hasPrefix("r\(round)-") {
            let retry = try server.event(record.sent.session, record.sent.body, key: record.sent.key)
            if retry.status != 200 || retry.body != record.answer.body || retry.header("ETag") != record.answer.etag {
                problems.append("\(record.sent.key) retried: \(retry.status) ETag \(retry.header("ETag") ?? "-") \(retry.text.prefix(120))")
            }
        }

        // 3. Requests in flight at the kill, retried: one whose event was committed gets that answer (a version
        //    nobody else was answered); any other applies now, as the next version, or is refused.
        for sent in ledger.takeInFlight() {
            guard var session = found[sent.session] else { continue }
            let retry = try server.event(sent.session, sent.body, key: sent.key)
            switch retry.status {
            case 200:
                guard let version = retry.etagVersion else {
                    problems.append("\(sent.key): 200 without an ETag")
                    continue
                }
                if let other = session.claimed[version] {
                    problems.append("\(sent.session): \(sent.key) retried got version \(version), answered to \(other) already")
                } else if version <= session.version {
                    if eventJSON(session.entries, version) != canonicalEvent(sent.body) {
                        problems.append("\(sent.key) retried got version \(version), whose event is another")
                    }
                } else if version != session.latest + 1 {
                    problems.append("\(sent.key) retried applied as version \(version), not \(session.latest + 1)")
                }
                session.latest = max(session.latest, version)
                session.claimed[version] = sent.key
                ledger.answered(sent, Ledger.Answer(retry))
            case 409:
                break
            default:
                problems.append("\(sent.key) retried: \(retry.status) \(retry.text.prefix(200))")
            }
            found[sent.session] = session
        }

        // 4. Exactly once: every version in a log now belongs to one answered request. A version nobody claims is
        //    an event applied without its key's answer kept, or applied twice.
        for id in sessions {
            guard let session = found[id] else { continue }
            let history = try server.get("/v1/sessions/\(id)/history")
            let entries = historyEntries(history)
            let latest = entries.count + 1
            problems += contiguous(id, entries, through: latest)
            for version in 2..<(latest + 1) where session.claimed[version] == nil {
                problems.append("\(id): version \(version) (\(eventJSON(entries, version))) answers no request")
            }
            histories[id] = entries.map(relCanonical)
        }
        #expect(problems.isEmpty, "round \(round), \(problems.count) problems:\n\(problems.prefix(20).joined(separator: "\n"))")
    }

    private func contiguous(_ id: String, _ entries: [NSDictionary], through version: Int) -> [String] {
        let versions = entries.map { ($0["version"] as? Int) ?? -1 }
        guard versions == Array(stride(from: 2, through: version, by: 1)) else {
            return ["\(id): history versions \(versions.prefix(5))…\(versions.suffix(5)) for state version \(version)"]
        }
        return []
    }

    /// The event of the entry that made `version` (the first entry makes version 2), canonical.
    private func eventJSON(_ entries: [NSDictionary], _ version: Int) -> String {
        guard version >= 2, version - 2 < entries.count else { return "(no entry)" }
        return entries[version - 2]["event"].map(relCanonical) ?? "?"
    }

    private func canonicalEvent(_ body: String) -> String {
        (try? JSONSerialization.jsonObject(with: Data(body.utf8))).map(relCanonical) ?? "?"
    }
}
