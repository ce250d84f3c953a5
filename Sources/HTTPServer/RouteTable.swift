/// The compiled, immutable routing table. Matching splits the raw path bytes once (on the stack),
/// then compares only patterns with the same number of segments; nothing is allocated.
struct RouteTable: Sendable {
    /// All routes sharing one pattern.
    final class Pattern: Sendable {
        /// One method's handler. A struct, not a tuple: a closure inside a tuple in an array is stored at the
        /// generic abstraction level, and taking it out built a reabstraction thunk (an allocation) per request.
        struct MethodHandler: Sendable {
            let method: HTTPMethod
            let handler: HTTPHandler
            let precheck: HTTPPrecheck?
        }

        let pattern: String
        let parameterNames: [String]
        /// For each parameter (same order as `parameterNames`), the index of its segment.
        let parameterSegments: [Int]
        let handlers: [MethodHandler]
        /// Per segment: start and length in `literalBytes`, or length -1 for a parameter.
        private let segments: [(start: Int, length: Int)]
        private let literalBytes: [UInt8]

        var segmentCount: Int { segments.count }

        init(pattern: String, handlers: [MethodHandler]) {
            self.pattern = pattern
            self.handlers = handlers
            var segments: [(start: Int, length: Int)] = []
            var bytes: [UInt8] = []
            var names: [String] = []
            var parameterSegments: [Int] = []
            let parts = pattern.utf8.dropFirst().split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
            for (index, part) in parts.enumerated() {
                if part.first == UInt8(ascii: ":") {
                    segments.append((0, -1))
                    names.append(String(decoding: part.dropFirst(), as: UTF8.self))
                    parameterSegments.append(index)
                } else {
                    segments.append((bytes.count, part.count))
                    bytes.append(contentsOf: part)
                }
            }
            self.segments = segments
            self.literalBytes = bytes
            self.parameterNames = names
            self.parameterSegments = parameterSegments
        }

        /// Whether the split path matches: literals byte for byte, parameters any non-empty segment.
        func matches(_ path: UnsafeBufferPointer<UInt8>, _ bounds: UnsafeBufferPointer<Range<Int>>) -> Bool {
            guard bounds.count == segments.count else { return false }
            for index in 0..<bounds.count {
                let segment = segments[index]
                let range = bounds[index]
                if segment.length < 0 {
                    if range.isEmpty { return false }
                    continue
                }
                guard range.count == segment.length else { return false }
                var offset = 0
                while offset < segment.length {
                    if path[range.lowerBound + offset] != literalBytes[segment.start + offset] { return false }
                    offset += 1
                }
            }
            return true
        }

        /// The handler for `method`; HEAD falls back to GET.
        func handler(for method: HTTPMethod) -> HTTPHandler? {
            // By index: a copy of the whole entry would retain its precheck too, on every request.
            index(for: method).map { handlers[$0].handler }
        }

        /// The precheck of the handler `handler(for:)` finds, if it has one.
        func precheck(for method: HTTPMethod) -> HTTPPrecheck? {
            index(for: method).flatMap { handlers[$0].precheck }
        }

        /// Where `method`'s entry is in `handlers`; HEAD falls back to GET.
        private func index(for method: HTTPMethod) -> Int? {
            if let index = handlers.firstIndex(where: { $0.method == method }) { return index }
            if method == .HEAD { return handlers.firstIndex { $0.method == .GET } }
            return nil
        }
    }

    /// The outcome of routing one request.
    enum Resolution {
        case matched(Pattern, HTTPHandler)
        /// The path matched `route`, but no handler there takes the method.
        case methodNotAllowed(route: String, allow: String)
        case notFound
    }

    /// Patterns grouped by segment count; each group is ordered most specific first (literal before
    /// parameter, segment by segment), then by registration order.
    private let patternsBySegmentCount: [[Pattern]]

    init(entries: [HTTPRouter.Entry]) {
        var order: [String] = []
        var grouped: [String: [Pattern.MethodHandler]] = [:]
        for entry in entries {
            if grouped[entry.pattern] == nil { order.append(entry.pattern) }
            grouped[entry.pattern, default: []].append(
                Pattern.MethodHandler(method: entry.method, handler: entry.handler, precheck: entry.precheck))
        }
        let compiled = order.map { Pattern(pattern: $0, handlers: grouped[$0] ?? []) }
        let longest = compiled.map(\.segmentCount).max() ?? 0
        var groups = [[Pattern]](repeating: [], count: longest + 1)
        for pattern in compiled { groups[pattern.segmentCount].append(pattern) }
        patternsBySegmentCount = groups.map { group in
            group.enumerated().sorted { lhs, rhs in
                for (a, b) in zip(lhs.element.specificity, rhs.element.specificity) where a != b { return a }
                return lhs.offset < rhs.offset
            }.map(\.element)
        }
    }

    /// Finds the handler for `method` on `path`; 405 lists every method of every pattern matching the path.
    func resolve(method: HTTPMethod, path: UnsafeBufferPointer<UInt8>) -> Resolution {
        let maxSegments = patternsBySegmentCount.count - 1
        guard maxSegments >= 1 else { return .notFound }
        return withUnsafeTemporaryAllocation(of: Range<Int>.self, capacity: maxSegments) { storage in
            guard let count = RouteTable.split(path, into: storage) else { return .notFound }
            let bounds = UnsafeBufferPointer(rebasing: storage[0..<count])
            var allowed: [HTTPMethod] = []
            var route: String?
            for pattern in patternsBySegmentCount[count] where pattern.matches(path, bounds) {
                if let handler = pattern.handler(for: method) { return .matched(pattern, handler) }
                allowed.append(contentsOf: pattern.handlers.map(\.method))
                if route == nil { route = pattern.pattern }
            }
            guard let route else { return .notFound }
            return .methodNotAllowed(route: route, allow: RouteTable.allowHeader(allowed))
        }
    }

    /// Splits `/a/b/c` into segment ranges; nil if the path does not start with `/` or has more
    /// segments than `storage` holds (then no pattern can match).
    static func split(_ path: UnsafeBufferPointer<UInt8>, into storage: UnsafeMutableBufferPointer<Range<Int>>) -> Int? {
        guard path.first == UInt8(ascii: "/") else { return nil }
        var count = 0
        var start = 1
        while true {
            var end = start
            while end < path.count && path[end] != UInt8(ascii: "/") { end += 1 }
            guard count < storage.count else { return nil }
            storage[count] = start..<end
            count += 1
            if end >= path.count { return count }
            start = end + 1
        }
    }

    /// The `Allow` value: methods in a fixed order, HEAD included wherever GET is.
    private static func allowHeader(_ methods: [HTTPMethod]) -> String {
        var allowed = Set(methods)
        if allowed.contains(.GET) { allowed.insert(.HEAD) }
        return HTTPMethod.allCases.filter { $0 != .other && allowed.contains($0) }
            .map(\.rawValue).joined(separator: ", ")
    }
}

extension RouteTable.Pattern {
    /// Sort key: per segment, true for a literal (literals sort first).
    fileprivate var specificity: [Bool] {
        (0..<segmentCount).map { !parameterSegments.contains($0) }
    }

    /// The value of parameter `name` in a path this pattern matched, without splitting the whole path.
    func parameter(_ name: String, in path: UnsafeBufferPointer<UInt8>) -> String? {
        guard let index = parameterNames.firstIndex(of: name) else { return nil }
        let wanted = parameterSegments[index]
        var segment = 0
        var start = 1
        while start <= path.count {
            var end = start
            while end < path.count && path[end] != UInt8(ascii: "/") { end += 1 }
            if segment == wanted {
                return String(decoding: UnsafeBufferPointer(rebasing: path[start..<end]), as: UTF8.self)
            }
            segment += 1
            start = end + 1
        }
        return nil
    }
}
