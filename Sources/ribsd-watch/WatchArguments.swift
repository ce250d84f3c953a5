import Foundation

/// `ribsd-watch <url> [session] [--app ID] [--name NAME]`.
struct WatchArguments: Equatable {
    /// The server, e.g. `http://127.0.0.1:8080`.
    var server: URL
    /// The session to watch; nil: create one.
    var session: String?
    /// The app of the session to create; nil: choose it from a menu.
    var app: String?
    /// The name a `login` event sends.
    var loginName = "kim"

    static let usage = """
        usage: ribsd-watch <url> [session] [--app ID] [--name NAME]
          Shows a ribsd session's RIB tree and screen live; keys send the events it accepts.
          Without a session, creates one of the app --app names, or of the app chosen from a menu.
          --name NAME   the name a login event sends (default kim)
        """

    /// Reads the arguments after the program's name; a message saying what is wrong otherwise.
    static func parse(_ arguments: [String]) -> Result<WatchArguments, UsageError> {
        var positional: [String] = []
        var app: String?
        var name: String?
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--app", "--name":
                guard let value = rest.popFirst(), !value.isEmpty else { return .failure(UsageError("\(argument) needs a value")) }
                if argument == "--app" { app = value } else { name = value }
            case "-h", "--help":
                return .failure(UsageError(nil))
            case "--":
                positional.append(contentsOf: rest)
                rest = []
            // A session id may start with `-` (ids are base64url): only `--` names an option.
            case let option where option.hasPrefix("--"):
                return .failure(UsageError("unknown option \(option)"))
            default:
                positional.append(argument)
            }
        }
        guard (1...2).contains(positional.count) else { return .failure(UsageError("expected <url> [session]")) }
        guard let server = URL(string: positional[0]), ["http", "https"].contains(server.scheme ?? ""), server.host != nil else {
            return .failure(UsageError("not an http:// or https:// URL: \(positional[0])"))
        }
        var parsed = WatchArguments(server: server, session: positional.count == 2 ? positional[1] : nil, app: app)
        if let name { parsed.loginName = name }
        return .success(parsed)
    }
}

/// Arguments ribsd-watch cannot run with; `message` nil for a request for help.
struct UsageError: Error, Equatable {
    let message: String?

    init(_ message: String?) { self.message = message }
}
