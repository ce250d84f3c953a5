import AppHosting
import HeadlessUI
import RIBs
import Testing

/// An app's own event types go through the interactors as the built-in ones do: the RIB on top first, then its
/// ancestors, and `accepts` lists them in that order.
@Suite("Declared events: dispatch and accepts in a RIB app")
struct DeclaredEventDispatchTests {
    /// Takes the declared types it lists (reading a field, as a handler would), and writes down who took what.
    private final class TakingInteractor: Interactor, EventHandling {
        let name: String
        let listed: [EventType]
        let log: Log
        init(_ name: String, listing listed: [EventType], log: Log) {
            self.name = name
            self.listed = listed
            self.log = log
        }
        var acceptedEvents: [EventType] { listed }
        func handle(_ event: AppEvent) throws(EventError) -> Bool {
            guard case let .declared(declared) = event, listed.contains(event.type) else { return false }
            let row = declared["row"]?.int.map { " row \($0)" } ?? ""
            log.entries.append("\(name) took \(declared.type)\(row)")
            return true
        }
    }

    private final class Log { var entries: [String] = [] }
    private final class Screen: BaseViewController {}
    private final class RootRouter: LaunchRouter<TakingInteractor, Screen> {}
    private final class SheetRouter: ViewableRouter<TakingInteractor, Screen> {}

    private static func placeMark(row: Int) -> AppEvent {
        .declared(DeclaredEvent(type: "placeMark", values: [("row", .integer(row)), ("col", .integer(0))]))
    }

    @Test("the RIB on top takes its types first; one it does not take goes up to its ancestors; nobody's is not handled")
    func bubbling() throws {
        let log = Log()
        let root = RootRouter(
            interactor: TakingInteractor("Root", listing: [.declared("reset"), .declared("placeMark"), .logout], log: log),
            viewController: Screen(screenName: "Root"), name: "Root")
        let runtime = RIBAppRuntime(root: root)
        let board = SheetRouter(
            interactor: TakingInteractor("Board", listing: [.declared("placeMark")], log: log),
            viewController: Screen(screenName: "Board"), name: "Board")
        try root.presentRouter(board, from: root.viewController, animated: false)

        try runtime.apply(Self.placeMark(row: 1))
        try runtime.apply(.declared(DeclaredEvent(type: "reset")))
        #expect(throws: EventError.notHandled("no RIB on screen handles `undo` now")) {
            try runtime.apply(.declared(DeclaredEvent(type: "undo")))
        }
        // After a render, whose walk keeps the path dispatch then follows: the same order.
        var json = JSONWriter()
        json.beginObject()
        runtime.writeState(to: &json)
        json.endObject()
        try runtime.apply(Self.placeMark(row: 2))
        #expect(log.entries == ["Board took placeMark row 1", "Root took reset", "Board took placeMark row 2"])

        // Once the sheet is gone, Root is on top and takes placeMark itself.
        try root.dismissRouter(board, animated: false)
        try runtime.apply(Self.placeMark(row: 0))
        #expect(log.entries.last == "Root took placeMark row 0")
    }

    @Test("accepts lists the declared types of the RIB on top, then its ancestors', each once, in the state as well")
    func accepts() throws {
        let log = Log()
        let root = RootRouter(
            interactor: TakingInteractor("Root", listing: [.logout, .declared("reset"), .declared("placeMark")], log: log),
            viewController: Screen(screenName: "Root"), name: "Root")
        let runtime = RIBAppRuntime(root: root)
        #expect(runtime.acceptedEvents == [.logout, .declared("reset"), .declared("placeMark")])
        // A name no declaration could have: the state escapes whatever a handler lists.
        let board = SheetRouter(
            interactor: TakingInteractor("Board", listing: [.declared("placeMark"), .declared("pass \"x\"")], log: log),
            viewController: Screen(screenName: "Board"), name: "Board")
        try root.presentRouter(board, from: root.viewController, animated: false)

        #expect(runtime.acceptedEvents == [.declared("placeMark"), .declared("pass \"x\""), .logout, .declared("reset")])
        var json = JSONWriter()
        json.beginObject()
        runtime.writeState(to: &json)
        json.endObject()
        let state = json.withBytes { String(decoding: $0, as: UTF8.self) }
        #expect(state.contains(#""accepts":["placeMark","pass \"x\"","logout","reset"]"#), "\(state)")
    }
}
