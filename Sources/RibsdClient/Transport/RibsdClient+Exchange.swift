import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension RibsdClient {
    /// Sends `request` until it gets an answer, as `configuration.retry` allows, and answers it, whatever its
    /// status. A `503 store_unavailable` counts as no answer (nothing changed, and the server asks for a retry).
    func exchange(_ request: ClientRequest) async throws(RibsdError) -> ClientResponse {
        let policy = configuration.retry
        var attempt = 0
        var resent = false
        while true {
            attempt += 1
            let response: ClientResponse
            do {
                response = try await sendOnce(request, resent: resent)
            } catch {
                if error.code == .cancelled || Task.isCancelled { throw .cancelled }
                let unsent = Self.neverSent(error)
                guard request.retry == .always || unsent, policy.allowsAttempt(after: attempt) else {
                    throw .transport(error, attempts: attempt)
                }
                resent = resent || !unsent
                try await Self.pause(policy.delay(beforeRetry: attempt))
                continue
            }
            guard response.status == 503, response.failure.code == .storeUnavailable, policy.allowsAttempt(after: attempt) else {
                return response
            }
            try await Self.pause(max(policy.delay(beforeRetry: attempt), .seconds(response.retryAfter ?? 0)))
        }
    }

    /// The URL of `path` under the base URL.
    func url(_ path: [String]) -> URL {
        path.reduce(baseURL) { $0.appendingPathComponent($1) }
    }

    /// One attempt: an answer, or the transport error that stopped it.
    private func sendOnce(_ request: ClientRequest, resent: Bool) async throws(URLError) -> ClientResponse {
        var address = url(request.path)
        if !request.query.isEmpty, var components = URLComponents(url: address, resolvingAgainstBaseURL: false) {
            components.queryItems = request.query
            address = components.url ?? address
        }
        var urlRequest = URLRequest(url: address)
        urlRequest.httpMethod = request.method
        urlRequest.timeoutInterval = configuration.requestTimeout.seconds
        urlRequest.httpBody = request.body
        if request.body != nil { urlRequest.setValue("application/json", forHTTPHeaderField: "Content-Type") }
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        let data: Data
        let answer: URLResponse
        do {
            (data, answer) = try await urlSession.data(for: urlRequest)
        } catch let error as URLError {
            throw error
        } catch {
            throw URLError(.unknown, userInfo: [NSUnderlyingErrorKey: error])
        }
        guard let http = answer as? HTTPURLResponse else { throw URLError(.badServerResponse) }
        let retryAfter = http.value(forHTTPHeaderField: "Retry-After").flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        return ClientResponse(status: http.statusCode, body: data, retryAfter: retryAfter, resent: resent)
    }

    /// Whether a failed attempt surely never reached the server: no connection was made.
    static func neverSent(_ error: URLError) -> Bool {
        [.cannotConnectToHost, .cannotFindHost, .dnsLookupFailed, .notConnectedToInternet].contains(error.code)
    }

    /// Waits `duration`; a cancelled task stops waiting and the call with it.
    static func pause(_ duration: Duration) async throws(RibsdError) {
        do {
            try await Task.sleep(for: duration)
        } catch {
            throw .cancelled
        }
    }
}
