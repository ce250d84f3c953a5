/// The OpenAPI 3.1 description of the HTTP contract (docs/CONTRACT.md), served at `GET /openapi.json`.
///
/// `docs/openapi.json` is the document: the EmbedFiles plugin compiles that file in, and `json(hosting:)` fills
/// in only what depends on the hosted apps. It documents what the server actually answers, including the
/// statuses that the transport produces (404/405/413 problems, microhttpd's own text/html 400 and 431). Links
/// from the 201 of `POST /v1/sessions` (and from every state response) to the session's operations let
/// schemathesis chain stateful tests; `scripts/check-openapi` runs schemathesis against it, and `OpenAPITests`
/// checks it against the contract's tables.
enum OpenAPIDocument {
    static let json = EmbeddedFile.openAPIJSON
}
