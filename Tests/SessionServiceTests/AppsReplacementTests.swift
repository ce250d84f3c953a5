import AppHosting
import BuiltinApps
import Foundation
import SQLiteStore
import SessionStorage
import Testing

@testable import SessionService

/// `SessionService.replaceApps` over a real SQLite store, with apps whose definitions are data: one id, `app`,
/// whose first definition runs the navigation app and whose second runs the login app, so a session replayed
/// with the wrong one shows it at once. The format is the test's own (`AppSources.load`), not a declared app's.
@Suite("SessionService: apps replaced, sessions keeping their definitions, restored with them")
struct AppsReplacementTests {
    static let pushA = #"{"type":"push","screen":"A"}"#
    static let pushB = #"{"type":"push","screen":"B"}"#
    static let first = StoredDefinition(digest: String(repeating: "1f", count: 32), bytes: Array("navigation".utf8))
    static let second = StoredDefinition(digest: String(repeating: "2e", count: 32), bytes: Array("login".utf8))

    /// The built-in app named by a definition's bytes, under the id `app`.
    static func app(_ definition: StoredDefinition) -> AppDefinition? {
        guard let builtIn = BuiltinApps.registry.app(String(decoding: definition.bytes, as: UTF8.self)) else { return nil }
        return AppDefinition(
            id: "app", description: "app as \(builtIn.id)", events: builtIn.events, screens: builtIn.screens, links: builtIn.links,
            launch: builtIn.launch)
    }

    /// The built-in apps, and `app` as `definition` says when there is one.
    static func hosting(_ definition: StoredDefinition?) -> (AppRegistry, [String: StoredDefinition]) {
        guard let definition, let app = app(definition) else { return (BuiltinApps.registry, [:]) }
        return (BuiltinApps.registry.registering(app), ["app": definition])
    }

    /// What a server is given for `definition`: the app and the loader of stored definitions.
    static func sources(_ definitions: [String: StoredDefinition], loads: Bool = true) -> AppSources {
        AppSources(definitions: definitions) { loads ? app($0) : nil }
    }

    @Test("a replacement swaps the set new sessions get; live sessions and their forks keep theirs, across restarts too")
    func replaceAndRestore() throws {
        try withDataDirectory { directory in
            let (firstRegistry, firstDefinitions) = Self.hosting(Self.first)
            let life = try withStoredServer(directory: directory, registry: firstRegistry, sources: Self.sources(firstDefinitions)) {
                client, store, _ in
                let old = try client.createSession(app: "app")
                try client.apply(old, Self.pushA)

                let (secondRegistry, secondDefinitions) = Self.hosting(Self.second)
                let change = client.service.replaceApps(secondRegistry, definitions: secondDefinitions)
                #expect(change == AppsChange(added: [], changed: ["app"], removed: []))
                #expect(client.service.replaceApps(secondRegistry, definitions: secondDefinitions).isEmpty, "the same set again")
                let listed = try client.get("/v1/apps").json?["apps"] as? [[String: Any]]
                #expect(listed?.first { $0["id"] as? String == "app" }?["description"] as? String == "app as login")

                let new = try client.createSession(app: "app")
                #expect(try client.send(new, Self.pushA).status == 409, "the login app shows no stack to push on yet")
                try client.apply(new, #"{"type":"login","name":"kim"}"#)
                // The old session: still the navigation app, its events and its past as they were.
                try client.apply(old, Self.pushB)
                let fork = try client.create(from: old, version: 2)
                #expect(fork.status == 201, "\(fork.text)")
                let forked = try #require(fork.json?["session"] as? String)
                try client.apply(forked, Self.pushB)
                // Both definitions stored, once each.
                #expect(try store.definition(Self.first.digest) == Self.first)
                #expect(try store.definition(Self.second.digest) == Self.second)
                #expect(try store.log(of: old)?.session.definition == Self.first.digest)
                #expect(try store.log(of: forked)?.session.definition == Self.first.digest)
                #expect(try store.log(of: new)?.session.definition == Self.second.digest)

                // Removed: its sessions go on; a new one is refused as of any app unknown.
                let removal = client.service.replaceApps(BuiltinApps.registry, definitions: [:])
                #expect(removal == AppsChange(added: [], changed: [], removed: ["app"]))
                expectProblem(try client.create(app: "app"), status: 422, code: "unknown_app")
                try client.apply(old, #"{"type":"pop"}"#)
                return (
                    old: old, new: new, forked: forked,
                    snapshots: [try client.snapshot(old), try client.snapshot(new), try client.snapshot(forked)]
                )
            }
            // The second definition loaded now: each session replays with the one it was created with.
            let (secondRegistry, secondDefinitions) = Self.hosting(Self.second)
            try withStoredServer(directory: directory, registry: secondRegistry, sources: Self.sources(secondDefinitions)) {
                client, _, restored in
                #expect(restored == 3)
                for (id, snapshot) in zip([life.old, life.new, life.forked], life.snapshots) {
                    try client.expectUnchanged(id, since: snapshot)
                }
                try client.apply(life.old, Self.pushB)
                #expect(try client.send(life.new, Self.pushA).status == 200, "logged in: the login app's stack")
            }
            // None loaded, and nothing to rebuild stored definitions with: their sessions are not restorable.
            try withStoredServer(directory: directory, registry: BuiltinApps.registry, sources: Self.sources([:], loads: false)) {
                client, _, restored in
                #expect(restored == 3)
                expectProblem(try client.state(life.forked), status: 410, code: "session_not_restorable")
            }
        }
    }

    @Test("an app compiled in names no definition; a record without one restores with the app hosted under its id")
    func compiledAppsNameNone() throws {
        try withDataDirectory { directory in
            let id = try withStoredServer(directory: directory, sources: Self.sources([:])) {
                (client: ServiceClient, store: SQLiteSessionStore, _: Int) throws -> String in
                let id = try client.loggedInSession()
                #expect(try store.log(of: id)?.session.definition == nil)
                return id
            }
            try withStoredServer(directory: directory) { client, _, restored in
                #expect(restored == 1)
                let state = try client.state(id)
                #expect(state.status == 200 && state.text.contains(#""app":"login""#), "\(state.text)")
            }
        }
    }
}

extension ServiceClient {
    /// `POST /v1/sessions` forking `session` at `version`.
    fileprivate func create(from session: String, version: Int) throws -> HTTPResult {
        try request("POST", "/v1/sessions", body: #"{"from":{"session":"\#(session)","version":\#(version)}}"#)
    }
}
