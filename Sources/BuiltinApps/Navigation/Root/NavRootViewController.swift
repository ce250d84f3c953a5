import HeadlessUI
import RIBs

/// The navigation app's root screen (the seed's `RootViewControllable` with present / dismiss).
final class NavRootViewController: ViewController, ViewControllable, Presentable {}
