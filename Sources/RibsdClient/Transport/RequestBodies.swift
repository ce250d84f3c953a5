/// The body of `POST /v1/sessions`.
struct CreateSessionBody: Encodable {
    let app: String?
    let events: [Event]?
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
