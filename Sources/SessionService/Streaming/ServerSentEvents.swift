/// The `text/event-stream` framing of the session stream (WHATWG HTML, "Server-sent events").
enum ServerSentEvents {
    /// The response headers of a stream: no caching, and no buffering by proxies such as nginx.
    static let headers: [(name: String, value: String)] = [
        ("Content-Type", "text/event-stream; charset=utf-8"),
        ("Cache-Control", "no-store"),
        ("X-Accel-Buffering", "no"),
    ]

    /// A comment line: ignored by clients, it keeps proxies from closing the idle stream and makes a
    /// vanished client's connection fail so the server can release it.
    static let heartbeat: [UInt8] = Array(": heartbeat\n\n".utf8)

    /// Sent first: how long a browser's EventSource waits before reconnecting (with `Last-Event-ID`).
    static let retry: [UInt8] = Array("retry: 1000\n\n".utf8)

    /// `event: state`, `id: <version>`, `data: <state JSON>`.
    static func state(version: Int, json: [UInt8]) -> [UInt8] {
        frame(event: "state", id: String(version), data: json)
    }

    /// `event: end` with `{"reason": ...}`: the last frame before the stream closes.
    static func end(reason: String) -> [UInt8] {
        frame(event: "end", id: nil, data: Array("{\"reason\":\"\(reason)\"}".utf8))
    }

    /// One event. The state JSON is written on one line, but a line break inside `data` would end the field,
    /// so each line becomes its own `data:` field (the client joins them back with `\n`).
    static func frame(event: String, id: String?, data: [UInt8]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(data.count + 48)
        bytes.append(contentsOf: "event: \(event)\n".utf8)
        if let id { bytes.append(contentsOf: "id: \(id)\n".utf8) }
        var lineStart = data.startIndex
        for index in data.indices where data[index] == UInt8(ascii: "\n") || data[index] == UInt8(ascii: "\r") {
            // CR LF is one line break, as SSE reads it; counted as two it would add an empty line to the data.
            if data[index] == UInt8(ascii: "\n"), index > data.startIndex, data[index - 1] == UInt8(ascii: "\r") {
                lineStart = index + 1
                continue
            }
            appendData(data[lineStart..<index], to: &bytes)
            lineStart = index + 1
        }
        appendData(data[lineStart...], to: &bytes)
        bytes.append(UInt8(ascii: "\n"))
        return bytes
    }

    private static func appendData(_ line: ArraySlice<UInt8>, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: "data: ".utf8)
        bytes.append(contentsOf: line)
        bytes.append(UInt8(ascii: "\n"))
    }
}
