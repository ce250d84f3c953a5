import Foundation
import Testing

@Suite("seed 003 over HTTP: swipe back without losing the tree")
struct SwipeBackTests {
    @Test("didPop A under B and C detaches all three; a repeat is a no-op with the same bytes")
    func didPopDetachesEverythingAbove() throws {
        try withTestServer { client in
            let id = try client.createSession(app: "login")
            try client.apply(id, #"{"type":"login","name":"kim"}"#)
            expectState(try client.send(id, #"{"type":"push","screen":"A"}"#), Expected.login(id, version: 3, user: "kim", pages: ["A"]))
            expectState(
                try client.send(id, #"{"type":"push","screen":"B"}"#), Expected.login(id, version: 4, user: "kim", pages: ["A", "B"]))
            expectState(
                try client.send(id, #"{"type":"push","screen":"C"}"#), Expected.login(id, version: 5, user: "kim", pages: ["A", "B", "C"]))

            let popped = try client.send(id, #"{"type":"didPop","screen":"A"}"#)
            expectState(popped, Expected.login(id, version: 6, user: "kim"))
            let historyAfterPop = try client.history(id)

            let repeated = try client.send(id, #"{"type":"didPop","screen":"A"}"#)
            #expect(repeated.status == 200)
            #expect(repeated.header("ETag") == "\"6\"")
            #expect(repeated.body == popped.body, "a no-op repeat must answer the same bytes")
            #expect(try client.state(id).body == popped.body)
            #expect(try client.history(id).body == historyAfterPop.body, "a no-op repeat is not in history")
            let events = try #require(historyAfterPop.json?["events"] as? [NSDictionary])
            #expect(events.map { $0["version"] as? Int } == [2, 3, 4, 5, 6])
            #expect(events.last?["event"] as? NSDictionary == ["type": "didPop", "screen": "A"])

            // The tree is usable afterwards: A can be pushed again.
            expectState(try client.send(id, #"{"type":"push","screen":"A"}"#), Expected.login(id, version: 7, user: "kim", pages: ["A"]))
        }
    }

    @Test("a swipe retried after the app moved on (a sheet up, a logout since) is a no-op, not a 409")
    func retriedSwipeAfterTheAppMovedOn() throws {
        try withTestServer { client in
            let id = try client.createSession()
            try client.apply(id, #"{"type":"login","name":"kim"}"#, #"{"type":"push","screen":"A"}"#, #"{"type":"didPop","screen":"A"}"#)
            let sheet = Expected.login(id, version: 5, user: "kim", presented: ("Profile", "pageSheet"))
            expectState(try client.send(id, #"{"type":"present","screen":"Profile"}"#), sheet)

            // A is gone: its retried didPop changes nothing, though HomeFlow takes no stack event under a sheet.
            expectState(try client.send(id, #"{"type":"didPop","screen":"A"}"#), sheet)
            // Home is on screen, under the sheet and at its stack's root: a swipe there cannot have happened.
            let home = try client.expectRefusal(id, #"{"type":"didPop","screen":"Home"}"#, status: 409, code: "invalid_navigation")
            #expect(home.json?["detail"] as? String == "cannot pop Home: it is the root of its stack")

            // After a logout only Login is on screen; the sheet's retried didDismiss changes nothing either.
            let loggedOut = try client.send(id, #"{"type":"logout"}"#)
            #expect(loggedOut.status == 200 && loggedOut.header("ETag") == "\"6\"")
            let retried = try client.send(id, #"{"type":"didDismiss","screen":"Profile"}"#)
            #expect(retried.status == 200 && retried.body == loggedOut.body)
            let history = try #require(try client.history(id).json?["events"] as? [NSDictionary])
            #expect(history.map { $0["version"] as? Int } == [2, 3, 4, 5, 6])
        }
    }

    @Test(
        "a swipe of a screen still on screen but out of the gesture's reach (not presented, on no stack, under a sheet) is an invalid move, not a no-op"
    )
    func swipeOfAScreenStillShown() throws {
        try withTestServer { client in
            let id = try client.createSession()
            try client.apply(id, #"{"type":"login","name":"kim"}"#, #"{"type":"push","screen":"A"}"#)
            let home = Expected.login(id, version: 3, user: "kim", pages: ["A"])
            // Nothing is presented: Home and A cannot have been swiped down.
            try client.expectRefusal(id, #"{"type":"didDismiss","screen":"Home"}"#, status: 409, code: "invalid_navigation")
            let notPresented = try client.expectRefusal(id, #"{"type":"didDismiss","screen":"A"}"#, status: 409, code: "invalid_navigation")
            #expect(notPresented.json?["detail"] as? String == "A is not presented: only a sheet can be swiped down")
            expectState(try client.state(id), home)

            let sheet = Expected.login(id, version: 4, user: "kim", pages: ["A"], presented: ("Profile", "pageSheet"))
            expectState(try client.send(id, #"{"type":"present","screen":"Profile"}"#), sheet)
            // A is under the sheet, on the stack: not what was presented, nor in reach of a swipe back.
            try client.expectRefusal(id, #"{"type":"didDismiss","screen":"A"}"#, status: 409, code: "invalid_navigation")
            let covered = try client.expectRefusal(id, #"{"type":"didPop","screen":"A"}"#, status: 409, code: "invalid_navigation")
            #expect(covered.json?["detail"] as? String == "cannot pop A: Profile is presented over its stack")
            expectState(try client.state(id), sheet)
            // A screen shown nowhere: the contract's no-op.
            expectState(try client.send(id, #"{"type":"didDismiss","screen":"B"}"#), sheet)

            let navigation = try client.createSession(app: "navigation")
            // Root is layer 0's screen, on no navigation stack.
            let noStack = try client.expectRefusal(
                navigation, #"{"type":"didPop","screen":"Root"}"#, status: 409, code: "invalid_navigation")
            #expect(noStack.json?["detail"] as? String == "Root is on no navigation stack: no swipe back pops it")
            expectState(try client.state(navigation), Expected.navigation(navigation, version: 1))
            // The login app's Root is the window's container around the stack: shown, though on no stack.
            for event in [#"{"type":"didPop","screen":"Root"}"#, #"{"type":"didDismiss","screen":"Root"}"#] {
                try client.expectRefusal(id, event, status: 409, code: "invalid_navigation")
            }
            expectState(try client.state(id), sheet)
            let flow = try client.createSession(app: "flow")
            // The flow app's stack is no screen of the app (`screens` leaves it out): a name no swipe can mean.
            try client.expectRefusal(flow, #"{"type":"didPop","screen":"NavigationController"}"#, status: 409, code: "event_not_handled")
            // Its first screen is the stack's root, and nothing of it is presented, in any app.
            let flowRoot = try client.expectRefusal(flow, #"{"type":"didPop","screen":"AppInit"}"#, status: 409, code: "invalid_navigation")
            #expect(flowRoot.json?["detail"] as? String == "cannot pop AppInit: it is the root of its stack")
            try client.expectRefusal(flow, #"{"type":"didDismiss","screen":"AppInit"}"#, status: 409, code: "invalid_navigation")
        }
    }

    @Test("a swipe naming no screen of the app (a client's typo) is refused and says so; a screen of it already gone is the no-op")
    func swipeOfNoScreenOfTheApp() throws {
        try withTestServer { client in
            let typos = [
                ("navigation", "didPop", "Zzz"), ("login", "didDismiss", "Profil"), ("todo", "didPop", "Todos"),
                ("flow", "didDismiss", "Mian"), ("login", "didPop", "a"),
            ]
            for (app, type, screen) in typos {
                let id = try client.createSession(app: app)
                let refused = try client.expectRefusal(
                    id, #"{"type":"\#(type)","screen":"\#(screen)"}"#, status: 409, code: "event_not_handled")
                #expect(refused.json?["detail"] as? String == "`\(type)` names `\(screen)`, no screen of the app `\(app)`")
            }
            // B was never pushed, but it is one of the app's screens: its swipe is taken for a retry.
            let id = try client.createSession(app: "login")
            try client.apply(id, #"{"type":"login","name":"kim"}"#)
            expectState(try client.send(id, #"{"type":"didPop","screen":"B"}"#), Expected.login(id, version: 2, user: "kim"))
        }
    }

    @Test("didPop of the top page only pops that page")
    func didPopTop() throws {
        try withTestServer { client in
            let id = try client.createSession()
            try client.apply(id, #"{"type":"login","name":"kim"}"#, #"{"type":"push","screen":"A"}"#, #"{"type":"push","screen":"B"}"#)
            expectState(try client.send(id, #"{"type":"didPop","screen":"B"}"#), Expected.login(id, version: 5, user: "kim", pages: ["A"]))
        }
    }

    @Test("a swipe no user could make is invalid_navigation in every app, whether or not the app takes swipes at all")
    func impossibleSwipeInEveryApp() throws {
        try withTestServer { client in
            let todo = try client.createSession(app: "todo")
            let fullScreen = try client.expectRefusal(
                todo, #"{"type":"didDismiss","screen":"LoggedOut"}"#, status: 409, code: "invalid_navigation")
            #expect(fullScreen.json?["detail"] as? String == "LoggedOut is presented full screen: no gesture dismisses it")
            try client.expectRefusal(todo, #"{"type":"didPop","screen":"LoggedOut"}"#, status: 409, code: "invalid_navigation")
            expectState(try client.state(todo), Expected.todo(todo, version: 1))

            let login = try client.createSession()
            try client.apply(login, #"{"type":"login","name":"kim"}"#)
            let profile = Expected.login(login, version: 3, user: "kim", presented: ("Profile", "fullScreen"))
            expectState(try client.send(login, #"{"type":"present","screen":"Profile","style":"fullScreen"}"#), profile)
            // The login app's own handler refuses it in the same words.
            let handled = try client.expectRefusal(
                login, #"{"type":"didDismiss","screen":"Profile"}"#, status: 409, code: "invalid_navigation")
            #expect(handled.json?["detail"] as? String == "Profile is presented full screen: no gesture dismisses it")
            expectState(try client.state(login), profile)

            let navigation = try client.createSession(app: "navigation")
            // Root presents Navigation's stack full screen.
            let presented = try client.expectRefusal(
                navigation, #"{"type":"didDismiss","screen":"Navigation"}"#, status: 409, code: "invalid_navigation")
            #expect(presented.json?["detail"] as? String == "Navigation is presented full screen: no gesture dismisses it")
            let notPresented = try client.expectRefusal(
                navigation, #"{"type":"didDismiss","screen":"Root"}"#, status: 409, code: "invalid_navigation")
            #expect(notPresented.json?["detail"] as? String == "Root is not presented: only a sheet can be swiped down")
            let root = try client.expectRefusal(
                navigation, #"{"type":"didPop","screen":"Navigation"}"#, status: 409, code: "invalid_navigation")
            #expect(root.json?["detail"] as? String == "cannot pop Navigation: it is the root of its stack")
            expectState(try client.state(navigation), Expected.navigation(navigation, version: 1))
        }
    }
}
