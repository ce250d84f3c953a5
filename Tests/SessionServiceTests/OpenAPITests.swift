import AppHosting
import Foundation
import SessionService
import Testing

/// `GET /openapi.json` against the contract (docs/CONTRACT.md): every endpoint, every error code of its table
/// with its status, the State's required fields. schemathesis (`scripts/check-openapi`) checks the server against
/// the document; these tests check the document against the contract.
@Suite("OpenAPI document")
struct OpenAPITests {
    /// The contract's endpoints, plus the service's own.
    static let operations: [(method: String, path: String)] = [
        ("get", "/v1/apps"),
        ("post", "/v1/sessions"),
        ("get", "/v1/sessions/{id}"),
        ("post", "/v1/sessions/{id}/events"),
        ("get", "/v1/sessions/{id}/history"),
        ("post", "/v1/sessions/{id}/rewind"),
        ("post", "/v1/sessions/{id}/links"),
        ("get", "/v1/sessions/{id}/diff"),
        ("get", "/v1/sessions/{id}/stream"),
        ("delete", "/v1/sessions/{id}"),
        ("get", "/"),
        ("get", "/healthz"),
        ("get", "/readyz"),
        ("get", "/metrics"),
        ("get", "/openapi.json"),
        ("get", "/v1/schemas/app"),
    ]

    /// The contract's error table: status, code, and the operations that must document it.
    static let errors: [(status: Int, code: String, operations: [String])] = [
        (400, "malformed_event", ["POST /v1/sessions/{id}/events", "POST /v1/sessions"]),
        (400, "unknown_event", ["POST /v1/sessions/{id}/events", "POST /v1/sessions"]),
        (
            404, "session_not_found",
            ["GET /v1/sessions/{id}", "POST /v1/sessions/{id}/events", "GET /v1/sessions/{id}/history", "DELETE /v1/sessions/{id}"]
        ),
        (404, "not_found", ["GET /v1/sessions/{id}"]),
        (
            400, "malformed_request",
            [
                "GET /v1/sessions/{id}", "POST /v1/sessions/{id}/rewind", "GET /v1/sessions/{id}/diff", "POST /v1/sessions",
                "POST /v1/sessions/{id}/links",
            ]
        ),
        (
            404, "version_not_found",
            ["GET /v1/sessions/{id}", "POST /v1/sessions/{id}/rewind", "GET /v1/sessions/{id}/diff", "POST /v1/sessions"]
        ),
        (405, "method_not_allowed", ["GET /v1/sessions/{id}", "POST /v1/sessions/{id}/events"]),
        (409, "event_not_handled", ["POST /v1/sessions/{id}/events", "POST /v1/sessions"]),
        (409, "invalid_navigation", ["POST /v1/sessions/{id}/events", "POST /v1/sessions"]),
        (409, "event_limit", ["POST /v1/sessions/{id}/events", "POST /v1/sessions", "POST /v1/sessions/{id}/links"]),
        (503, "memory_limit", ["POST /v1/sessions/{id}/events", "POST /v1/sessions", "POST /v1/sessions/{id}/links"]),
        (412, "version_mismatch", ["POST /v1/sessions/{id}/events", "GET /v1/sessions/{id}", "DELETE /v1/sessions/{id}"]),
        (413, "payload_too_large", ["POST /v1/sessions", "POST /v1/sessions/{id}/events"]),
        (415, "unsupported_media_type", ["POST /v1/sessions", "POST /v1/sessions/{id}/events"]),
        (422, "unknown_app", ["POST /v1/sessions"]),
        (
            422, "idempotency_key_reused",
            ["POST /v1/sessions/{id}/events", "POST /v1/sessions/{id}/rewind", "POST /v1/sessions/{id}/links"]
        ),
        (422, "unknown_link", ["POST /v1/sessions/{id}/links", "POST /v1/sessions"]),
        (409, "link_not_routable", ["POST /v1/sessions/{id}/links", "POST /v1/sessions"]),
        (503, "session_limit", ["POST /v1/sessions"]),
        (
            503, "store_unavailable",
            [
                "POST /v1/sessions", "POST /v1/sessions/{id}/events", "DELETE /v1/sessions/{id}", "GET /v1/sessions/{id}",
                "GET /v1/sessions/{id}/history", "GET /v1/sessions/{id}/stream", "GET /readyz",
            ]
        ),
        (
            410, "session_not_restorable",
            [
                "GET /v1/sessions/{id}", "POST /v1/sessions/{id}/events", "GET /v1/sessions/{id}/history", "DELETE /v1/sessions/{id}",
                "GET /v1/sessions/{id}/stream",
            ]
        ),
    ]

    /// The State fields the contract lists (`steps` is the flow app's extra, so optional).
    static let stateFields: Set<String> = ["session", "app", "version", "tree", "layers", "stack", "top", "accepts", "leaks"]

    /// The built-in types, and those the built-in apps declare (tictactoe's).
    static let eventTypes: Set<String> = [
        "login", "logout", "push", "pop", "didPop", "present", "dismiss", "didDismiss", "step",
        "loginPlayers", "startGame", "placeMark", "determineWinner", "closeGame",
    ]

    @Test("is OpenAPI 3.1.x, served as JSON, and documents every endpoint and nothing else")
    func endpoints() throws {
        try withTestServer { client in
            let response = try client.get("/openapi.json")
            #expect(response.status == 200)
            #expect(response.header("Content-Type") == "application/json")
            let document = try OpenAPI(response.body)
            let version = try #require(document.root["openapi"] as? String)
            #expect(version.hasPrefix("3.1."), "openapi is \(version)")
            let paths = try document.object(document.root["paths"], "paths")
            for (method, path) in Self.operations {
                let item = try document.object(paths[path], "paths[\(path)]")
                #expect(item[method] is [String: Any], "\(method.uppercased()) \(path) is not documented")
            }
            #expect(Set(paths.keys) == Set(Self.operations.map(\.path)), "documented paths: \(paths.keys.sorted())")
            let methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]
            let documented = try paths.flatMap { path, item in
                try document.object(item, path).keys.filter(methods.contains).map { "\($0) \(path)" }
            }
            #expect(Set(documented) == Set(Self.operations.map { "\($0.method) \($0.path)" }))
        }
    }

    @Test("documents every error code of the contract with its status, as application/problem+json")
    func errorCodes() throws {
        try withTestServer { client in
            let document = try OpenAPI(try client.get("/openapi.json").body)
            let problem = try document.object(try document.component("schemas", "Problem"), "Problem")
            #expect(Set(problem["required"] as? [String] ?? []) == ["type", "title", "status", "detail", "code"])
            // Every code the server sends (each has its title in the tests' table) is one the schema allows.
            let allowed = Set(
                (try document.object(try document.object(problem["properties"], "properties")["code"], "code"))["enum"] as? [String] ?? [])
            #expect(
                allowed == Set(problemTitles.keys),
                "missing: \(Set(problemTitles.keys).subtracting(allowed).sorted()), extra: \(allowed.subtracting(problemTitles.keys).sorted())"
            )
            for (status, code, operations) in Self.errors {
                for label in operations {
                    let codes = try document.problemCodes(label, status: status)
                    #expect(codes.contains(code), "\(label) does not document \(status) \(code) (it lists \(codes.sorted()))")
                }
            }
            // An event cannot be a link that is not routable: only a creation (its `url`) and `/links` list it.
            #expect(
                try document.problemCodes("POST /v1/sessions/{id}/events", status: 409) == [
                    "event_not_handled", "invalid_navigation", "event_limit",
                ])
            // The headers that go with some of them.
            #expect(try document.responseHeaders("GET /v1/sessions/{id}", status: 405).contains("Allow"))
            #expect(try document.responseHeaders("POST /v1/sessions", status: 503).contains("Retry-After"))
            #expect(try document.responseHeaders("GET /v1/sessions/{id}/stream", status: 503).contains("Retry-After"))
            for (method, path) in Self.operations {
                let label = "\(method.uppercased()) \(path)"
                // Framing the server cannot trust, or an authority that is not a host, whatever the route.
                let codes = try document.problemCodes(label, status: 400)
                #expect(codes.contains("bad_request"), "\(label) does not document 400 bad_request (it lists \(codes.sorted()))")
                // A fault of the server, whatever the route.
                #expect(try document.problemCodes(label, status: 500) == ["internal_error"], "\(label) does not document 500")
                // MHD's own answers: headers or a request line too large, a chunk size it cannot read.
                for status in [414, 431, 413] {
                    let answer = try document.response(label, status: status)
                    #expect((answer["content"] as? [String: Any])?["text/html"] != nil, "\(label) \(status) has no text/html")
                }
            }
        }
    }

    /// Client generators (openapi-python-client, `scripts/check-client`) drop a response whose schema merges
    /// `Problem` with a narrowing `allOf`: each problem response names a plain object schema of its own.
    @Test("every problem response is a plain schema with the Problem fields, its status and its codes; every operation has an operationId")
    func generatorReadable() throws {
        try withTestServer { client in
            let body = try client.get("/openapi.json").body
            #expect(!String(decoding: body, as: UTF8.self).contains("\"allOf\""), "a schema uses allOf, which generators cannot merge")
            let document = try OpenAPI(body)
            let general = try document.component("schemas", "Problem")
            let generalFields = try document.object(general["properties"], "Problem.properties")
            let allCodes = Set(try document.object(generalFields["code"], "Problem.code")["enum"] as? [String] ?? [])
            var operationIDs: [String] = []
            for (method, path) in Self.operations {
                let label = "\(method.uppercased()) \(path)"
                let operation = try document.operation(label).operation
                let id = operation["operationId"] as? String ?? ""
                #expect(!id.isEmpty, "\(label) has no operationId")
                operationIDs.append(id)
                let responses = try document.object(operation["responses"], "\(label) responses")
                for key in responses.keys {
                    let status = try #require(Int(key), "\(label): response \(key)")
                    let content = try document.response(label, status: status)["content"] as? [String: Any]
                    guard let media = content?["application/problem+json"] as? [String: Any] else { continue }
                    let reference = (media["schema"] as? [String: Any])?["$ref"] as? String ?? ""
                    #expect(
                        reference.hasPrefix("#/components/schemas/Problem"), "\(label) \(status): the schema is no named Problem schema")
                    let schema = try document.problemSchema(label, status: status)
                    #expect(schema["type"] as? String == "object", "\(label) \(status)")
                    #expect(
                        schema["allOf"] == nil && schema["anyOf"] == nil && schema["oneOf"] == nil, "\(label) \(status) combines schemas")
                    #expect(
                        Set(schema["required"] as? [String] ?? []) == Set(general["required"] as? [String] ?? []),
                        "\(label) \(status) required")
                    let fields = try document.object(schema["properties"], "\(label) \(status) properties")
                    #expect(Set(fields.keys) == Set(generalFields.keys), "\(label) \(status) has fields \(fields.keys.sorted())")
                    let statusField = try document.object(fields["status"], "\(label) \(status) status")
                    #expect(statusField["const"] as? Int == status, "\(label) \(status): status is not the constant \(status)")
                    let codes = try document.problemCodes(label, status: status)
                    #expect(!codes.isEmpty && codes.isSubset(of: allCodes), "\(label) \(status) codes \(codes.sorted())")
                }
            }
            #expect(Set(operationIDs).count == operationIDs.count, "operationIds repeat: \(operationIDs.sorted())")
        }
    }

    @Test("the State schema requires exactly the contract's fields, and every field a live state has is documented")
    func stateSchema() throws {
        try withTestServer { client in
            let document = try OpenAPI(try client.get("/openapi.json").body)
            let state = try document.object(try document.component("schemas", "State"), "State")
            #expect(Set(state["required"] as? [String] ?? []) == Self.stateFields)
            let properties = try document.object(state["properties"], "State.properties")
            #expect(Set(properties.keys) == Self.stateFields.union(["steps"]))

            let node = try document.object(try document.component("schemas", "Node"), "Node")
            #expect(Set(node["required"] as? [String] ?? []) == ["name", "kind", "active", "children"])
            let kind = try document.object(try document.object(node["properties"], "Node.properties")["kind"], "Node.kind")
            #expect(Set(kind["enum"] as? [String] ?? []) == ["launch", "viewable", "viewless", "flow", "presentable"])
            let eventType = try document.object(try document.component("schemas", "EventType"), "EventType")
            #expect(Set(eventType["enum"] as? [String] ?? []) == Self.eventTypes)

            // The hosted apps are the ones the creation body names, and each one's state is fully documented.
            let create = try document.object(try document.component("schemas", "CreateSession"), "CreateSession")
            let app = try document.object(try document.object(create["properties"], "CreateSession.properties")["app"], "app")
            let documentedApps = Set((app["enum"] as? [Any] ?? []).compactMap { $0 as? String })
            let hosted = try #require(try client.get("/v1/apps").json?["apps"] as? [NSDictionary]).compactMap { $0["id"] as? String }
            #expect(documentedApps == Set(hosted))
            for id in hosted {
                let created = try client.create(app: id)
                #expect(created.status == 201)
                let fields = Set((created.json?.allKeys as? [String]) ?? [])
                #expect(fields.isSuperset(of: Self.stateFields), "\(id): \(fields.sorted())")
                #expect(
                    fields.isSubset(of: Set(properties.keys)),
                    "\(id) has undocumented fields: \(fields.subtracting(properties.keys).sorted())")
            }
        }
    }

    @Test("links lead from a created session to its operations; state responses carry ETag, creation Location")
    func linksAndHeaders() throws {
        try withTestServer { client in
            let document = try OpenAPI(try client.get("/openapi.json").body)
            let created = try document.response("POST /v1/sessions", status: 201)
            let links = try document.object(created["links"], "201 links")
            // Each link may be a `$ref` to the shared session links; follow it to the operation.
            let targets = Set(
                try links.compactMap { name, link in
                    try document.object(link, "201 link \(name)")["operationId"] as? String
                })
            #expect(targets.isSuperset(of: ["getSession", "applyEvent", "getHistory", "deleteSession"]))
            #expect(try document.responseHeaders("POST /v1/sessions", status: 201).isSuperset(of: ["Location", "ETag"]))
            #expect(try document.responseHeaders("GET /v1/sessions/{id}", status: 200).contains("ETag"))
            #expect(try document.responseHeaders("POST /v1/sessions/{id}/events", status: 200).contains("ETag"))
            let parameters = try document.parameters("POST /v1/sessions/{id}/events")
            #expect(parameters.isSuperset(of: ["header If-Match", "header Idempotency-Key", "path id"]))
            #expect(
                try document.parameters("GET /v1/sessions/{id}").isSuperset(of: ["header If-Match", "header If-None-Match", "path id"]))
            #expect(
                try document.parameters("DELETE /v1/sessions/{id}").isSuperset(of: ["header If-Match", "header If-None-Match", "path id"]))
            #expect(parameters.contains("header If-None-Match"))
        }
    }

    @Test("a server hosting other apps serves a document whose app ids are those apps, and otherwise the same")
    func hostedApps() throws {
        let quiet = LabApps.quiet()
        let apps = ["hello", "Kiosk \"2\""].map {
            AppDefinition(id: $0, description: quiet.description, events: quiet.events, launch: quiet.launch)
        }
        let builtin = try withTestServer { client in try OpenAPI(try client.get("/openapi.json").body) }
        try withTestServer(registry: AppRegistry(apps: apps, defaultAppID: "hello")) { client in
            let document = try OpenAPI(try client.get("/openapi.json").body)
            let create = try document.component("schemas", "CreateSession")
            let app = try document.object(try document.object(create["properties"], "properties")["app"], "app")
            #expect((app["enum"] as? [Any])?.compactMap { $0 as? String } == ["hello", "Kiosk \"2\""])
            #expect((app["enum"] as? [Any])?.contains { $0 is NSNull } == true, "null (the default app) is still allowed")
            #expect(try document.component("schemas", "AppID")["examples"] as? [String] == ["hello", "Kiosk \"2\""])
            let body = try document.object(try document.operation("POST /v1/sessions").operation["requestBody"], "requestBody")
            let examples = try document.object(
                try document.object(try document.object(body["content"], "content")["application/json"], "json")["examples"], "examples")
            #expect(
                examples.mapValues { ($0 as? [String: Any])?["value"] as? [String: String] } == [
                    "hello": ["app": "hello"], "Kiosk \"2\"": ["app": "Kiosk \"2\""],
                ])
            // Nothing else differs: the paths and the other schemas are the built-in server's.
            #expect(
                Set(try document.object(document.root["paths"], "paths").keys)
                    == Set(try builtin.object(builtin.root["paths"], "paths").keys))
            #expect(
                NSDictionary(dictionary: try document.component("schemas", "State")).isEqual(to: try builtin.component("schemas", "State")))
        }
    }

    @Test("the batch limit the document states is the server's own --max-batch, for a batch and for a creation's events")
    func batchLimit() throws {
        for limit in [7, 100, 300] {
            try withTestServer(configuration: ServiceConfiguration(maxBatchEvents: limit)) { client in
                let document = try OpenAPI(try client.get("/openapi.json").body)
                let batch = try document.object(try document.component("schemas", "EventBatch")["properties"], "EventBatch")
                let created = try document.object(try document.component("schemas", "CreateSession")["properties"], "CreateSession")
                for (name, events) in [("EventBatch", batch["events"]), ("CreateSession", created["events"])] {
                    let schema = try document.object(events, "\(name).events")
                    #expect(schema["maxItems"] as? Int == limit && schema["minItems"] as? Int == 1, "\(name) with --max-batch \(limit)")
                }
                // The server takes exactly that many, and refuses one more.
                let id = try client.createSession(app: "navigation")
                let events = { (count: Int) in
                    #"{"events":["# + Array(repeating: #"{"type":"didPop","screen":"A"}"#, count: count).joined(separator: ",") + "]}"
                }
                #expect(try client.send(id, events(limit)).status == 200)
                expectProblem(try client.send(id, events(limit + 1)), status: 400, code: "malformed_event")
            }
        }
    }

    /// docs/openapi.json is compiled in (the EmbedFiles plugin): a server hosting the built-in apps serves it as is.
    @Test("docs/openapi.json is the served document, byte for byte")
    func publishedCopy() throws {
        let copy = BrowserTests.packageRoot.appendingPathComponent("docs/openapi.json")
        let published = [UInt8](try Data(contentsOf: copy))
        try withTestServer { client in
            let served = try client.get("/openapi.json").body
            // Compared here rather than in #expect, which would print both documents as byte arrays.
            let firstDifference =
                zip(served, published).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                ?? min(served.count, published.count)
            let identical = served.count == published.count && firstDifference == served.count
            #expect(
                identical,
                """
                docs/openapi.json differs from GET /openapi.json from byte \(firstDifference) \
                (\(published.count) and \(served.count) bytes): the build did not embed the file as it is
                """)
        }
    }
}

/// A parsed OpenAPI document with just enough `$ref` resolution for the tests.
private struct OpenAPI {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    let root: [String: Any]

    init(_ bytes: [UInt8]) throws {
        guard let root = try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] else {
            throw Failure(description: "the document is not a JSON object")
        }
        self.root = root
    }

    /// `value` as an object, following a local `$ref`.
    func object(_ value: Any?, _ what: String) throws -> [String: Any] {
        guard var object = value as? [String: Any] else { throw Failure(description: "\(what) is not an object") }
        var seen = 0
        while let reference = object["$ref"] as? String {
            guard reference.hasPrefix("#/"), seen < 16 else { throw Failure(description: "\(what): cannot follow \(reference)") }
            var target: Any? = root
            for part in reference.dropFirst(2).split(separator: "/") { target = (target as? [String: Any])?[String(part)] }
            guard let resolved = target as? [String: Any] else { throw Failure(description: "\(what): \(reference) not found") }
            object = resolved
            seen += 1
        }
        return object
    }

    func component(_ kind: String, _ name: String) throws -> [String: Any] {
        try object(try object(try object(root["components"], "components")[kind], kind)[name], "\(kind).\(name)")
    }

    /// The operation for a label such as `POST /v1/sessions`.
    func operation(_ label: String) throws -> (path: [String: Any], operation: [String: Any]) {
        let parts = label.split(separator: " ", maxSplits: 1).map(String.init)
        let paths = try object(root["paths"], "paths")
        let item = try object(paths[parts[1]], "paths[\(parts[1])]")
        return (item, try object(item[parts[0].lowercased()], label))
    }

    func response(_ label: String, status: Int) throws -> [String: Any] {
        let responses = try object(try operation(label).operation["responses"], "\(label) responses")
        return try object(responses[String(status)], "\(label) \(status)")
    }

    func responseHeaders(_ label: String, status: Int) throws -> Set<String> {
        Set(((try response(label, status: status))["headers"] as? [String: Any])?.keys.map { $0 } ?? [])
    }

    /// `in name` of every parameter of an operation, path-level ones included.
    func parameters(_ label: String) throws -> Set<String> {
        let (item, operation) = try operation(label)
        let all = (item["parameters"] as? [Any] ?? []) + (operation["parameters"] as? [Any] ?? [])
        return Set(
            try all.map { parameter in
                let resolved = try object(parameter, "\(label) parameter")
                return "\(resolved["in"] as? String ?? "?") \(resolved["name"] as? String ?? "?")"
            })
    }

    /// The schema of a problem+json response.
    func problemSchema(_ label: String, status: Int) throws -> [String: Any] {
        let response = try response(label, status: status)
        let content = try object(response["content"], "\(label) \(status) content")
        return try object(try object(content["application/problem+json"], "\(label) \(status) problem+json")["schema"], "schema")
    }

    /// The `code` values a problem+json response may carry: the `enum` (or `const`) on its schema's `code`.
    func problemCodes(_ label: String, status: Int) throws -> Set<String> {
        let schema = try problemSchema(label, status: status)
        let code = try object(try object(schema["properties"], "\(label) \(status) properties")["code"], "\(label) \(status) code")
        if let value = code["const"] as? String { return [value] }
        return Set(code["enum"] as? [String] ?? [])
    }
}
