import RIBs

/// The root of a declared RIB app, launched from the session's window.
final class DeclaredLaunchRouter: LaunchRouter<Interactor, DeclaredViewController>, DeclaredRouting {
    let routes: DeclaredRoutes

    init(interactor: Interactor, viewController: DeclaredViewController, routes: DeclaredRoutes) {
        self.routes = routes
        super.init(interactor: interactor, viewController: viewController, name: routes.model.name)
    }

    override func didLoad() {
        super.didLoad()
        routes.didLoad(by: self)
    }
}

/// A declared RIB with a screen of its own.
final class DeclaredViewableRouter: ViewableRouter<Interactor, DeclaredViewController>, DeclaredRouting {
    let routes: DeclaredRoutes

    init(interactor: Interactor, viewController: DeclaredViewController, routes: DeclaredRoutes) {
        self.routes = routes
        super.init(interactor: interactor, viewController: viewController, name: routes.model.name)
    }

    override func didLoad() {
        super.didLoad()
        routes.didLoad(by: self)
    }
}

/// A declared view-less RIB.
final class DeclaredViewlessRouter: Router<Interactor>, DeclaredRouting {
    let routes: DeclaredRoutes

    init(interactor: Interactor, routes: DeclaredRoutes) {
        self.routes = routes
        super.init(interactor: interactor, name: routes.model.name)
    }

    override func didLoad() {
        super.didLoad()
        routes.didLoad(by: self)
    }
}
