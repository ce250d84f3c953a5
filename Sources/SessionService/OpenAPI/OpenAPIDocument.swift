/// The OpenAPI 3.1 description of the contract, served at `GET /openapi.json`.
enum OpenAPIDocument {
    static let json = #"{"openapi":"3.1.0","info":{"title":"ribsd","version":"0.1.0"},"paths":{}}"#
}
