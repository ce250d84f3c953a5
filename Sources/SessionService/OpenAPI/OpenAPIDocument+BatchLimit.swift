import Foundation

extension OpenAPIDocument {
    /// The batch limit `docs/openapi.json` states: `--max-batch`'s default.
    static let documentedBatchLimit = 100

    /// `document` with `limit` as the most events a batch (`EventBatch`) and a creation's `events` hold: the
    /// server's own `--max-batch`, so that a generator or validator reading the served document sends what it
    /// takes. The document as it is for the default limit.
    static func json(_ document: String, batchLimit limit: Int) -> String {
        guard limit != documentedBatchLimit else { return document }
        let bound = "\"maxItems\": \(documentedBatchLimit),"
        // The two lists of events, each `"maxItems": 100,` right before its items' `Event` schema.
        let items = ##""items": {"$ref": "#/components/schemas/Event"}"##
        var result = ""
        var rest = document[...]
        var replaced = 0
        while let range = rest.range(of: bound) {
            result += rest[..<range.lowerBound]
            let boundsEvents = rest[range.upperBound...].drop { $0 == " " || $0 == "\n" }.hasPrefix(items)
            result += boundsEvents ? "\"maxItems\": \(limit)," : bound
            if boundsEvents { replaced += 1 }
            rest = rest[range.upperBound...]
        }
        result += rest
        assert(replaced == 2, "the OpenAPI document no longer bounds its two lists of events as `json(_:batchLimit:)` expects")
        return result
    }
}
