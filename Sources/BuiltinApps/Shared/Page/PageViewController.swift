import AppHosting
import RIBs

/// A page's screen: reports pops and dismissals (seed 003's base view controller does the work).
final class PageViewController: BaseViewController, Presentable {}
