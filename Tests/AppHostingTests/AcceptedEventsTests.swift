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

    @Test("a handler's list is shown in its order, each type once even if listed twice", arguments: [
        ([EventType.push, .pop], [EventType.push, .pop]),
        ([.push, .pop, .push, .logout, .pop], [.push, .pop, .logout]),
        ([], []),
    ])
    func listedOnce(listed: [EventType], shown: [EventType]) {
        let runtime = RIBAppRuntime(root: RootRouter(
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
