import Foundation
import Testing

@Suite("If-Match")
struct IfMatchTests {
    @Test("a matching version applies; * matches; a list containing the version matches")
    func matching() throws {
        try withTestServer { client in
            let id = try client.createSession()
            expectState(
                try client.send(id, #"{"type":"login","name":"kim"}"#, headers: [("If-Match", "\"1\"")]),
                Expected.login(id, version: 2, user: "kim"))
            expectState(
                try client.send(id, #"{"type":"push","screen":"A"}"#, headers: [("If-Match", "*")]),
                Expected.login(id, version: 3, user: "kim", pages: ["A"]))
            expectState(
                try client.send(id, #"{"type":"push","screen":"B"}"#, headers: [("If-Match", "\"1\", \"3\"")]),
                Expected.login(id, version: 4, user: "kim", pages: ["A", "B"]))
            // The ETag of a GET is what If-Match takes.
            let etag = try #require(try client.state(id).header("ETag"))
            expectState(
                try client.send(id, #"{"type":"pop"}"#, headers: [("If-Match", etag)]),
                Expected.login(id, version: 5, user: "kim", pages: ["A"]))
            try client.expectRefusal(id, #"{"type":"pop"}"#, status: 412, code: "version_mismatch", headers: [("If-Match", etag)])
            // A list split over several lines is one list (RFC 9110): the version may be on any of them.
            expectState(
                try client.send(id, #"{"type":"push","screen":"C"}"#, headers: [("If-Match", "\"1\""), ("if-match", "\"2\", \"5\"")]),
                Expected.login(id, version: 6, user: "kim", pages: ["A", "C"]))
            try client.expectRefusal(
                id, #"{"type":"pop"}"#, status: 412, code: "version_mismatch",
                headers: [("If-Match", "\"5\""), ("If-Match", "\"7\"")])
            // Tabs and spaces pad list elements; other whitespace (a no-break space) is part of the tag.
            expectState(
                try client.send(id, #"{"type":"pop"}"#, headers: [("If-Match", "\"1\",\t \"6\"\t")]),
                Expected.login(id, version: 7, user: "kim", pages: ["A"]))
            try client.expectRefusal(
                id, #"{"type":"pop"}"#, status: 412, code: "version_mismatch",
                headers: [("If-Match", "\"7\"\u{A0}")])
        }
    }

    @Test("If-Match does not turn an invalid move into a success, and a no-op keeps the version")
    func withOtherOutcomes() throws {
        try withTestServer { client in
            let id = try client.loggedInSession()
            try client.expectRefusal(id, #"{"type":"pop"}"#, status: 409, code: "invalid_navigation", headers: [("If-Match", "\"2\"")])
            let noOp = try client.send(id, #"{"type":"didPop","screen":"A"}"#, headers: [("If-Match", "\"2\"")])
            expectState(noOp, Expected.login(id, version: 2, user: "kim"))
        }
    }
}
