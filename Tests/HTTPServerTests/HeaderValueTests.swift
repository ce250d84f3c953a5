import HTTPServer
import Testing

/// Media types, charsets, codings and whitespace as `HeaderValue` reads them (RFC 9110, RFC 8259 §8.1).
@Suite("HeaderValue")
struct HeaderValueTests {
    private static func isJSON(_ value: String) -> Bool {
        Array(value.utf8).withUnsafeBufferPointer(HeaderValue.isJSON)
    }

    private static func isIdentity(_ value: String) -> Bool {
        Array(value.utf8).withUnsafeBufferPointer(HeaderValue.isIdentityCoding)
    }

    @Test(
        "JSON is application/json or application/*+json, any case, whitespace around it ignored",
        arguments: [
            "application/json", "Application/JSON", " application/json\t", "application/problem+json",
            "application/vnd.ribsd+JSON", "application/json;", "application/json; foo=bar",
        ])
    func jsonTypes(value: String) {
        #expect(Self.isJSON(value))
    }

    @Test(
        "anything else is not JSON",
        arguments: [
            "text/json", "application/jsonx", "application/+jsonx", "json", "application/", "", "application/x-json",
            "application/json5", "text/plain; charset=utf-8",
        ])
    func otherTypes(value: String) {
        #expect(!Self.isJSON(value))
    }

    @Test(
        "a charset, quoted or not, any case, must be UTF-8",
        arguments: [
            ("application/json; charset=utf-8", true), ("application/json;charset=UTF8", true),
            ("application/json; charset=\"utf-8\"", true), ("application/json; charset=\"ut\\f-8\"", true),
            ("application/json; charset=latin1", false), ("application/json; charset=\"utf-16\"", false),
            ("application/json; a=\"x;charset=latin1\"; charset=utf-8", true),
        ])
    func charsets(value: String, expected: Bool) {
        #expect(Self.isJSON(value) == expected, "\(value)")
    }

    @Test(
        "parameters with a quote out of place, or left open, are malformed: not JSON",
        arguments: [
            "application/json; charset=\"utf-8", "application/json; char\"set=utf-8", "application/json; charset=utf\"-8",
            "application/json; charset=\"utf-8\"x",
        ])
    func malformedParameters(value: String) {
        #expect(!Self.isJSON(value))
    }

    @Test("a content coding is identity when every element is empty or identity, any case")
    func codings() {
        #expect(Self.isIdentity(""))
        #expect(Self.isIdentity("identity"))
        #expect(Self.isIdentity(" IDENTITY , ,identity"))
        #expect(!Self.isIdentity("gzip"))
        #expect(!Self.isIdentity("identity, gzip"))
        #expect(!Self.isIdentity("identityx"))
    }

    @Test("OWS is spaces and tabs only, trimmed from both ends")
    func whitespace() {
        #expect(Array(HeaderValue.trimmingOWS(Array(" \t key \t".utf8))) == Array("key".utf8))
        #expect(HeaderValue.trimmingOWS(Array(" \t ".utf8)).isEmpty)
        #expect(Array(HeaderValue.trimmingOWS(Array("\u{0B}key\n".utf8))) == Array("\u{0B}key\n".utf8))
    }
}
