import Foundation

/// The JSON coders the client uses: history times as RFC 3339 with or without fractions of a second, and
/// request bodies with sorted keys, so that the same event always makes the same bytes.
enum JSONCoding {
    static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            do {
                return try Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text)
            } catch {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "not an RFC 3339 time: \(text)")
            }
        }
        return decoder
    }

    static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }

    /// `value` as JSON bytes, or why it has none (a `JSONValue.number` that is not finite).
    static func encode(_ value: some Encodable) throws(RibsdError) -> Data {
        do {
            return try encoder().encode(value)
        } catch {
            throw .invalidRequest("\(error)")
        }
    }
}
