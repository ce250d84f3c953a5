import Foundation
import SessionService
import Testing

/// RFC 9110 §13 preconditions on the session itself: a GET revalidates with If-None-Match (304) and may demand a
/// version with If-Match; a DELETE with If-Match deletes only the version its client saw.
@Suite("preconditions on GET and DELETE")
struct ConditionalReadTests {
    @Test("GET with If-None-Match of the current version: 304 with the ETag and the 200's length, no body; any other: the state")
    func ifNoneMatch() throws {
        try withTestServer { client in
            let id = try client.loggedInSession()
            let full = try client.state(id)
            for tags in ["\"2\"", "W/\"2\"", "\"1\", \"2\"", "*", "\"7\",\t W/\"2\""] {
                let notModified = try client.state(id, headers: [("If-None-Match", tags)])
                #expect(notModified.status == 304, "\(tags)")
                #expect(notModified.header("ETag") == "\"2\"", "\(tags)")
                #expect(notModified.header("Content-Length") == String(full.body.count), "\(tags)")
                #expect(notModified.body.isEmpty, "\(tags)")
            }
            for tags in ["\"1\"", "W/\"1\", \"3\"", "\"2\"\u{A0}"] {
                expectState(
                    try client.state(id, headers: [("If-None-Match", tags)]),
                    Expected.login(id, version: 2, user: "kim"))
            }
            // After an event the tag a client holds is stale: the new state comes back.
            try client.apply(id, #"{"type":"push","screen":"A"}"#)
            expectState(
                try client.state(id, headers: [("If-None-Match", "\"2\"")]),
                Expected.login(id, version: 3, user: "kim", pages: ["A"]))
        }
    }

    @Test("GET with If-Match: the state at that version, else 412 version_mismatch; If-Match is read before If-None-Match")
    func ifMatchOnGet() throws {
        try withTestServer { client in
            let id = try client.createSession()
            expectState(try client.state(id, headers: [("If-Match", "\"1\"")]), Expected.login(id, version: 1))
            expectProblem(try client.state(id, headers: [("If-Match", "\"2\"")]), status: 412, code: "version_mismatch")
            expectProblem(
                try client.state(id, headers: [("If-Match", "\"2\""), ("If-None-Match", "\"1\"")]),
                status: 412, code: "version_mismatch")
            #expect(try client.state(id, headers: [("If-Match", "\"1\""), ("If-None-Match", "\"1\"")]).status == 304)
            // A session that does not exist is not found, whatever the preconditions.
            expectProblem(
                try client.state("AAAAAAAAAAAAAAAAAAAAAA", headers: [("If-Match", "\"1\"")]),
                status: 404, code: "session_not_found")
        }
    }

    @Test("DELETE with If-Match of another version: 412 version_mismatch and the session stays; of its version: deleted")
    func ifMatchOnDelete() throws {
        try withTestServer { client in
            let id = try client.loggedInSession()
            let before = try client.snapshot(id)

            expectProblem(try client.delete(id, headers: [("If-Match", "\"1\"")]), status: 412, code: "version_mismatch")
            try client.expectUnchanged(id, since: before)
            #expect(client.service.sessionCount == 1)

            #expect(try client.delete(id, headers: [("If-Match", "\"1\", \"2\"")]).status == 204)
            #expect(client.service.sessionCount == 0)
            expectProblem(try client.delete(id, headers: [("If-Match", "*")]), status: 404, code: "session_not_found")
        }
    }

    @Test("If-None-Match naming the version on a DELETE or an event: 412 version_mismatch and nothing changes; another version: done")
    func ifNoneMatchOnChanges() throws {
        try withTestServer { client in
            let id = try client.loggedInSession()
            let before = try client.snapshot(id)

            for tags in ["\"2\"", "W/\"2\"", "*"] {
                expectProblem(try client.delete(id, headers: [("If-None-Match", tags)]), status: 412, code: "version_mismatch")
                try client.expectRefusal(
                    id, #"{"type":"push","screen":"A"}"#, status: 412, code: "version_mismatch", headers: [("If-None-Match", tags)])
            }
            try client.expectUnchanged(id, since: before)

            expectState(
                try client.send(id, #"{"type":"push","screen":"A"}"#, headers: [("If-None-Match", "\"2\"\u{A0}, \"1\"")]),
                Expected.login(id, version: 3, user: "kim", pages: ["A"]))
            #expect(try client.delete(id, headers: [("If-None-Match", "\"2\"")]).status == 204)
            #expect(client.service.sessionCount == 0)
        }
    }
}
