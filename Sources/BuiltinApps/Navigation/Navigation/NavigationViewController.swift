import HeadlessUI
import RIBs

/// Navigation's screen, the root of the presented stack.
final class NavigationViewController: ViewController, ViewControllable, Presentable {}
