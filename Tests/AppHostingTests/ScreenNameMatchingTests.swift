import AppHosting
import HeadlessUI
import Testing

/// Names are matched byte for byte: `==` on `String` equates canonically equivalent spellings, so the Kelvin
/// sign (U+212A) would name the screen `K` while the history and idempotency keep the bytes the client sent.
@Suite("screen names are matched byte for byte")
struct ScreenNameMatchingTests {
    private static let kelvin = "\u{212A}"

    @Test("the spellings are canonically equivalent, so `==` alone would equate them")
    func spellings() {
        #expect(Self.kelvin == "K")
        #expect(!Self.kelvin.isSameName(as: "K"))
        #expect("K".isSameName(as: "K") && "홈".isSameName(as: "홈"))
    }

    @Test("a swipe back names a screen on the stack only by its own bytes")
    func clientDidPop() throws {
        let stack = try NavigationController(rootViewController: ViewController(screenName: "Home"))
        try stack.push(ViewController(screenName: "K"), animated: false)
        #expect(try stack.clientDidPop(Self.kelvin) == false)
        #expect(stack.viewControllers.map(\.screenName) == ["Home", "K"])
        #expect(try stack.clientDidPop("K"))
        #expect(stack.viewControllers.map(\.screenName) == ["Home"])
    }

    @Test("a screen shown as `K` is not the Kelvin sign's: a swipe of that one is of a screen already gone")
    func alreadyGone() throws {
        let window = Window()
        let stack = try NavigationController(rootViewController: ViewController(screenName: "Home"))
        try stack.push(ViewController(screenName: "K"), animated: false)
        window.rootViewController = stack
        window.makeKeyAndVisible()
        let anyNames = Self.app(screens: nil)
        #expect(AppEvent.didPop(screen: Self.kelvin).namesScreenAlreadyGone(from: window, of: anyNames))
        #expect(AppEvent.didDismiss(screen: Self.kelvin).namesScreenAlreadyGone(from: window, of: anyNames))
        #expect(!AppEvent.didPop(screen: "K").namesScreenAlreadyGone(from: window, of: anyNames))
        // An app that lists its screens: the Kelvin sign is none of them, so its swipe is no retry.
        let listing = Self.app(screens: ["Home", "K", "Gone"])
        #expect(listing.canShow(screen: "K") && !listing.canShow(screen: Self.kelvin))
        #expect(!AppEvent.didPop(screen: Self.kelvin).namesScreenAlreadyGone(from: window, of: listing))
        #expect(AppEvent.didPop(screen: "Gone").namesScreenAlreadyGone(from: window, of: listing))
        #expect(!AppEvent.didPop(screen: "K").namesScreenAlreadyGone(from: window, of: listing))
    }

    @Test("a container shown on screen is not gone, under its own name, though it is on no stack")
    func containerIsShown() throws {
        let window = Window()
        let stack = NavigationController()
        try stack.push(ViewController(screenName: "Home"), animated: false)
        window.rootViewController = stack
        window.makeKeyAndVisible()
        let anyNames = Self.app(screens: nil)
        #expect(stack.screenName == "NavigationController")
        #expect(!AppEvent.didPop(screen: stack.screenName).namesScreenAlreadyGone(from: window, of: anyNames))
        #expect(!AppEvent.didDismiss(screen: "Home").namesScreenAlreadyGone(from: window, of: anyNames))
        #expect(AppEvent.didPop(screen: "Elsewhere").namesScreenAlreadyGone(from: window, of: anyNames))
    }

    private static func app(screens: [String]?) -> AppDefinition {
        AppDefinition(id: "names", description: "test: names only", events: [.didPop], screens: screens) {
            fatalError("never launched")
        }
    }
}
