/// The body of `POST /v1/sessions`.
struct CreateSessionBody: Encodable {
    let app: String?
    let events: [Event]?
}

/// The body of a fork: `POST /v1/sessions {"from": {...}}`.
struct ForkBody: Encodable {
    struct From: Encodable {
        let session: String
        let version: Int
    }

    let from: From
}

/// The body of `POST /v1/sessions/<id>/rewind`.
struct RewindBody: Encodable {
    let version: Int
}

/// The body of `POST /v1/sessions/<id>/links`, and a creation's link.
struct LinkBody: Encodable {
    let app: String?
    let url: String
}

/// The body of a batch of events.
struct EventBatch: Encodable {
    let events: [Event]
}

/// The body of `GET /v1/apps`.
struct AppList: Decodable {
    let apps: [AppInfo]
}

/// The body of `GET /v1/sessions/<id>/history`.
struct History: Decodable {
    let events: [HistoryEntry]
}
