import RIBs

/// The navigation app's root: routes to Navigation at launch and handles no client event itself.
final class NavRootInteractor: PresentableInteractor<NavRootViewController>, NavigationListener {}
