import RIBs

/// A page's router: a leaf.
final class PageRouter: ViewableRouter<PageInteractor, PageViewController> {}
