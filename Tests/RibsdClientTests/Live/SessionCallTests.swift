import Foundation
import RibsdClient
import Testing

@Suite("RibsdClient against a real ribsd: apps, sessions, events, batches, history, delete")
struct SessionCallTests {
    @Test("apps lists the hosted apps with their events and screens")
    func apps() async throws {
        let server = try RibsdServer()
        let apps = try await server.client().apps()
        #expect(apps.map(\.id) == ["navigation", "login", "todo", "flow", "tictactoe"])
        let login = try #require(apps.first { $0.id == "login" })
        #expect(login.events.contains(.present) && login.screens?.contains("Profile") == true)
        #expect(login.declaredEvents == nil && login.links?.contains { $0.pattern == "welcome?name={name}" } == true)
    }

    @Test("an app's declared events, typed: an event built from its declaration is one the server takes")
    func declaredEvents() async throws {
        let server = try RibsdServer()
        let client = server.client()
        let tictactoe = try #require(try await client.apps().first { $0.id == "tictactoe" })
        #expect(tictactoe.declaredEvents?.map(\.type) == ["loginPlayers", "startGame", "placeMark", "determineWinner", "closeGame"])
        // Each declared type is also in `events`, beside the built-in `logout` the port adds.
        #expect(tictactoe.events == (tictactoe.declaredEvents?.map(\.type) ?? []) + ["logout"])
        let start = try #require(tictactoe.declaration(of: "startGame"))
        #expect(start.field("gameId")?.kind == .oneOf(["randomwin", "tictactoe"]) && start.field("gameId")?.isOptional == false)
        let mark = try #require(tictactoe.declaration(of: "placeMark"))
        #expect(mark.fields.map(\.name) == ["row", "col"] && mark.fields.allSatisfy { $0.kind == .integer(0...2) })

        let session = try await client.createSession(app: "tictactoe").session
        let login = try #require(tictactoe.declaration(of: "loginPlayers")).event(["player1Name": "kim"], screens: tictactoe.screens)
        #expect(try await client.send(login, to: session).top == "OffGame")
        let game = try await client.send(try start.event(["gameId": "tictactoe"], screens: tictactoe.screens), to: session)
        #expect(game.top == "TicTacToe" && game.accepts == ["placeMark"])
        let marked = try await client.send(try mark.event(["row": 1, "col": 2]), to: session)
        #expect(marked.tree.allNodes.first { $0.name == "TicTacToe" }?.state?["board"] == ".../..X/...")
        // What the builder refuses, the server refuses too.
        #expect(throws: EventFieldError.self) { try mark.event(["row": 3, "col": 0]) }
        let outside = Event(type: "placeMark", fields: ["row": 3, "col": 0])
        await #expect { _ = try await client.send(outside, to: session) } throws: { ($0 as? RibsdError)?.code == .malformedEvent }
    }

    @Test("create (the default app, or with events), get, an event, a batch, history, delete")
    func lifecycle() async throws {
        let server = try RibsdServer()
        let client = server.client()

        let created = try await client.createSession()
        #expect(created.app == "login" && created.version == 1)
        #expect(created.stack == ["Login"] && created.top == "Login" && created.accepts == [.login])
        #expect(try await client.session(created.session) == created)

        let home = try await client.send(.login(name: "kim"), to: created.session)
        #expect(home.version == 2 && home.stack == ["Home"])
        #expect(home.tree.allNodes.first { $0.name == "Home" }?.state == ["name": "kim"])

        let sheet = try await client.send([.push("A"), .present("Profile", style: .pageSheet)], to: created.session, ifMatch: 2)
        #expect(sheet.version == 4)
        #expect(sheet.layers == [Layer(style: .root, stack: ["Home", "A"]), Layer(style: .pageSheet, stack: ["Profile"])])
        #expect(sheet.top == "Profile" && sheet.accepts.contains(.dismiss))

        let history = try await client.history(of: created.session)
        #expect(history.map(\.version) == [2, 3, 4])
        #expect(history.map(\.event) == [.login(name: "kim"), .push("A"), .present("Profile", style: .pageSheet)])
        #expect(zip(history, history.dropFirst()).allSatisfy { $0.at <= $1.at })

        try await client.deleteSession(created.session, ifMatch: 4)
        await #expect(throws: RibsdError.self) { try await client.session(created.session) }
    }

    @Test("a session created with events starts where they lead; the flow app's steps come as extras")
    func createdDeep() async throws {
        let server = try RibsdServer()
        let client = server.client()
        let deep = try await client.createSession(app: "login", events: [.login(name: "kim"), .push("A"), .push("B")])
        #expect(deep.version == 4 && deep.stack == ["Home", "A", "B"])
        let flow = try await client.createSession(app: "flow")
        #expect(flow.tree.kind == .flow && flow.extras["steps"]?.stringArrayValue == ["mainIsRequired"])
        let main = try await client.send(.step("mainIsRequired"), to: flow.session)
        #expect(main.stack == ["AppInit", "Main"])
    }

    @Test("the same Idempotency-Key and body twice: the first answer again, applied once")
    func explicitKey() async throws {
        let server = try RibsdServer()
        let client = server.client()
        let session = try await client.createSession(app: "navigation").session
        let first = try await client.send(.push("A"), to: session, idempotencyKey: "push-a")
        let again = try await client.send(.push("A"), to: session, idempotencyKey: "push-a")
        #expect(first == again && again.version == 2)
        #expect(try await client.history(of: session).count == 1)
    }
}
