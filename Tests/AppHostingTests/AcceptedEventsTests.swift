import AppHosting
import HeadlessUI
import RIBs
import Testing

@Suite("RIBAppRuntime: what the screen accepts")
struct AcceptedEventsTests {
    private final class ListingInteractor: Interactor, EventHandling {
        let listed: [EventType]
        init(listing listed: [EventType]) { self.listed = listed }
        var acceptedEvents: [EventType] { listed }
        func handle(_ event: AppEvent) throws(EventError) -> Bool { false }
    }

    private final class Screen: BaseViewController {}
    private final class RootRouter: LaunchRouter<ListingInteractor, Screen> {}

    /// Takes every type it lists, and writes down who took each event.
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
            guard listed.contains(event.type) else { return false }
            log.entries.append("\(name) took \(event.type.rawValue)")
            return true
        }
    }

    private final class Log { var entries: [String] = [] }
    private final class TakingRootRouter: LaunchRouter<TakingInteractor, Screen> {}
    private final class SheetRouter: ViewableRouter<TakingInteractor, Screen> {}

    @Test(
        "a handler's list is shown in its order, each type once even if listed twice",
        arguments: [
            ([EventType.push, .pop], [EventType.push, .pop]),
            ([.push, .pop, .push, .logout, .pop], [.push, .pop, .logout]),
            ([], []),
        ])
    func listedOnce(listed: [EventType], shown: [EventType]) {
        let runtime = RIBAppRuntime(
            root: RootRouter(
                interactor: ListingInteractor(listing: listed), viewController: Screen(screenName: "Root"), name: "Root"))

        #expect(runtime.acceptedEvents == shown)
        var json = JSONWriter()
        json.beginObject()
        runtime.writeState(to: &json)
        json.endObject()
        let accepts = "\"accepts\":[" + shown.map { "\"\($0.rawValue)\"" }.joined(separator: ",") + "]"
        #expect(json.withBytes { String(decoding: $0, as: UTF8.self) }.contains(accepts))
    }

    @Test("the RIB on top lists first and takes first; after a render (whose walk keeps the path) as before one")
    func topFirst() throws {
        let log = Log()
        let root = TakingRootRouter(
            interactor: TakingInteractor("Root", listing: [.push, .logout], log: log),
            viewController: Screen(screenName: "Root"), name: "Root")
        let runtime = RIBAppRuntime(root: root)
        let sheet = SheetRouter(
            interactor: TakingInteractor("Sheet", listing: [.pop, .push], log: log),
            viewController: Screen(screenName: "Sheet"), name: "Sheet")
        try root.presentRouter(sheet, from: root.viewController, animated: false)

        try runtime.apply(.push(screen: "A"))
        #expect(runtime.acceptedEvents == [.pop, .push, .logout])
        var json = JSONWriter()
        json.beginObject()
        runtime.writeState(to: &json)
        json.endObject()
        #expect(json.withBytes { String(decoding: $0, as: UTF8.self) }.contains(#""accepts":["pop","push","logout"]"#))
        try runtime.apply(.push(screen: "A"))
        try runtime.apply(.logout)
        #expect(log.entries == ["Sheet took push", "Sheet took push", "Root took logout"])
    }
}
