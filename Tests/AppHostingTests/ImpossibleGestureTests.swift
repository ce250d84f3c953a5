import AppHosting
import HeadlessUI
import Testing

@Suite("which swipes a user could make, judged from the window alone")
struct ImpossibleGestureTests {
    /// Home and A on a stack in a visible window, `Sheet` presented over it as a page sheet.
    private static func stackUnderASheet(sheet: ViewController) throws -> Window {
        let window = Window()
        let stack = try NavigationController(rootViewController: ViewController(screenName: "Home"))
        try stack.push(ViewController(screenName: "A"), animated: false)
        window.rootViewController = stack
        window.makeKeyAndVisible()
        try stack.present(sheet, animated: false, style: .pageSheet)
        return window
    }

    @Test("each swipe of a screen on screen, possible or not, and nothing for other events or screens not shown")
    func reasons() throws {
        let window = try Self.stackUnderASheet(sheet: ViewController(screenName: "Sheet"))
        let cases: [(AppEvent, String?)] = [
            (.didDismiss(screen: "Sheet"), nil),
            (.didDismiss(screen: "A"), "A is not presented: only a sheet can be swiped down"),
            (.didPop(screen: "A"), "cannot pop A: Sheet is presented over its stack"),
            (.didPop(screen: "Home"), "cannot pop Home: it is the root of its stack"),
            (.didPop(screen: "Sheet"), "Sheet is on no navigation stack: no swipe back pops it"),
            (.didPop(screen: "Gone"), nil),
            (.pop, nil),
        ]
        for (event, reason) in cases { #expect(event.impossibleGesture(in: window) == reason, "\(event)") }
    }

    @Test("a name shown in two layers is judged in the front one, where the finger is")
    func frontLayerFirst() throws {
        // A page sheet that is a stack whose root is also named A: swiping it down is possible.
        let sheetStack = try NavigationController(rootViewController: ViewController(screenName: "A"))
        let window = try Self.stackUnderASheet(sheet: sheetStack)
        #expect(AppEvent.didDismiss(screen: "A").impossibleGesture(in: window) == nil)
    }
}
