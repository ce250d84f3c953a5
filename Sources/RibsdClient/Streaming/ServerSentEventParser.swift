/// Reads an event stream (`text/event-stream`) from bytes in pieces of any size, as the WHATWG HTML standard's
/// "Interpreting an event stream" says: lines end in CRLF, LF or CR; a blank line dispatches the frame; a line
/// starting with `:` is a comment (the server's heartbeat).
struct ServerSentEventParser: Sendable {
    /// The last `retry` field, in milliseconds: how long the server asks a client to wait before it reconnects.
    private(set) var reconnectionTime: Int?
    private var line: [UInt8] = []
    /// The last byte read was a CR: a LF right after it ends the same line.
    private var afterCarriageReturn = false
    private var event = ""
    private var data: [String] = []
    private var lastEventID: String?

    /// A parser at the start of a stream; `reconnectionTime` carries an earlier connection's `retry` over.
    init(reconnectionTime: Int? = nil) {
        self.reconnectionTime = reconnectionTime
    }

    /// Reads `bytes` and returns the events they complete.
    mutating func feed(_ bytes: some Sequence<UInt8>) -> [ServerSentEvent] {
        var events: [ServerSentEvent] = []
        for byte in bytes {
            if afterCarriageReturn {
                afterCarriageReturn = false
                if byte == Self.lineFeed { continue }
            }
            if byte == Self.carriageReturn || byte == Self.lineFeed {
                afterCarriageReturn = byte == Self.carriageReturn
                if let dispatched = endLine() { events.append(dispatched) }
            } else {
                line.append(byte)
            }
        }
        return events
    }

    /// Takes the line read so far: a field, a comment, or the blank line that dispatches the frame.
    private mutating func endLine() -> ServerSentEvent? {
        defer { line.removeAll(keepingCapacity: true) }
        guard !line.isEmpty else { return dispatch() }
        guard line.first != Self.colon else { return nil }
        let text = String(decoding: line, as: UTF8.self)
        let name: Substring
        var value: Substring = ""
        if let colon = text.firstIndex(of: ":") {
            name = text[..<colon]
            value = text[text.index(after: colon)...]
            if value.first == " " { value = value.dropFirst() }
        } else {
            name = text[...]
        }
        switch name {
        case "event": event = String(value)
        case "data": data.append(String(value))
        case "id" where !value.contains("\0"): lastEventID = String(value)
        case "retry" where !value.isEmpty && value.allSatisfy({ $0.isASCII && $0.isNumber }): reconnectionTime = Int(value)
        default: break
        }
        return nil
    }

    /// The frame read since the last blank line, if it had data; the frame's fields are cleared either way.
    private mutating func dispatch() -> ServerSentEvent? {
        defer {
            event = ""
            data = []
        }
        guard !data.isEmpty else { return nil }
        return ServerSentEvent(event: event.isEmpty ? "message" : event, data: data.joined(separator: "\n"), id: lastEventID)
    }

    private static let lineFeed = UInt8(ascii: "\n")
    private static let carriageReturn = UInt8(ascii: "\r")
    private static let colon = UInt8(ascii: ":")
}
