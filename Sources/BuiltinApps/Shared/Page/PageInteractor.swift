import AppHosting
import RIBs

/// Told when a page left the screen, by the app or by the user's gesture.
protocol PageListener: AnyObject {
    func pageDidClose(_ screen: String)
}

/// A page's interactor: handles no event itself, so events pass on to the RIB that owns the stack.
final class PageInteractor: PresentableInteractor<PageViewController>, ScreenCloseListener {
    weak var listener: (any PageListener)?
    let screen: String

    init(presenter: PageViewController, screen: String) {
        self.screen = screen
        super.init(presenter: presenter)
    }

    func screenDidClose() {
        listener?.pageDidClose(screen)
    }
}
