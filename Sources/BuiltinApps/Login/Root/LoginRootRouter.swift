import AppHosting
import RIBs

/// Seed 001: Root keeps its current child and swaps it, showing the new child's screen with `setRoot`.
final class LoginRootRouter: LaunchRouter<LoginRootInteractor, LoginRootViewController>, LoginRootRouting {
    private let loginBuilder: LoginBuilder
    private let homeFlowBuilder: HomeFlowBuilder
    private var currentChild: (any Routing)?

    init(
        interactor: LoginRootInteractor, viewController: LoginRootViewController, loginBuilder: LoginBuilder,
        homeFlowBuilder: HomeFlowBuilder
    ) {
        self.loginBuilder = loginBuilder
        self.homeFlowBuilder = homeFlowBuilder
        super.init(interactor: interactor, viewController: viewController, name: "Root")
        interactor.router = self
    }

    override func didLoad() {
        super.didLoad()
        // Launch starts on Login: a fresh child in an empty container cannot be refused.
        try? routeToLogin()
    }

    func routeToLogin() throws(EventError) {
        try detachCurrentChild()
        let login = loginBuilder.build(withListener: interactor)
        try routing { () throws(RoutingError) in try attachChild(login) }
        currentChild = login
        try viewController.setRoot(login.viewControllable.uiviewController)
    }

    func routeToHome(name: String) throws(EventError) {
        try detachCurrentChild()
        // HomeFlow is view-less: it attaches Home and shows it through Root's container when it loads.
        let homeFlow = homeFlowBuilder.build(withListener: interactor, name: name)
        try routing { () throws(RoutingError) in try attachChild(homeFlow) }
        currentChild = homeFlow
    }

    private func detachCurrentChild() throws(EventError) {
        guard let child = currentChild else { return }
        currentChild = nil
        try routing { () throws(RoutingError) in try detachChild(child) }
    }
}
