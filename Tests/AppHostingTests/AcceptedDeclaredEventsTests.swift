import AppHosting
import HeadlessUI
import RIBs
import Testing

@Suite("RIBAppRuntime: a handler's list with declared types, each type once")
struct AcceptedDeclaredEventsTests {
    private final class ListingInteractor: Interactor, EventHandling {
        let listed: [EventType]
        init(listing listed: [EventType]) { self.listed = listed }
        var acceptedEvents: [EventType] { listed }
        func handle(_ event: AppEvent) throws(EventError) -> Bool { false }
    }

    private final class Screen: BaseViewController {}
    private final class RootRouter: LaunchRouter<ListingInteractor, Screen> {}

    @Test(
        "shown in the handler's order, each type once, declared ones among built-in ones",
        arguments: [
            ([EventType.declared("roll"), .push, .declared("roll")], [EventType.declared("roll"), .push]),
            ([.push, .declared("roll"), .push], [.push, .declared("roll")]),
            ([.declared("roll"), .declared("hold")], [.declared("roll"), .declared("hold")]),
            ([.step, .logout, .didDismiss, .logout], [.step, .logout, .didDismiss]),
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
}
