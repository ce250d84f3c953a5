import AppHosting
import RIBs

/// Builds declared RIBs from their models: screen, interactor (of the class the model's roles need), logic,
/// routing half and router, wired as a hand-written builder wires them. One builder serves a whole tree: a
/// declared RIB needs nothing from its parent's scope that the listener chain does not give it.
final class DeclaredBuilder: Builder<any EmptyDependency> {
    /// Builds the root, to be launched from the session's window.
    func buildLaunch(_ model: RibModel) -> DeclaredLaunchRouter {
        let (interactor, view, routes) = parts(of: model, fields: .none, listener: nil)
        return wire(DeclaredLaunchRouter(interactor: interactor, viewController: view, routes: routes))
    }

    /// Builds a child with a screen; `fields` are those of the event that led to it.
    func buildViewable(_ model: RibModel, fields: EventFields, listener: RibLogic) -> DeclaredViewableRouter {
        let (interactor, view, routes) = parts(of: model, fields: fields, listener: listener)
        return wire(DeclaredViewableRouter(interactor: interactor, viewController: view, routes: routes))
    }

    /// Builds a view-less child.
    func buildViewless(_ model: RibModel, fields: EventFields, listener: RibLogic) -> DeclaredViewlessRouter {
        let logic = RibLogic(model: model, fields: fields)
        logic.listener = listener
        let interactor: Interactor =
            switch (model.handlers.isEmpty, model.state.isEmpty) {
            case (true, true): DeclaredInteractor<NoRoles>(logic: logic)
            case (false, true): DeclaredInteractor<HandlerRole>(logic: logic)
            case (true, false): DeclaredInteractor<StateRole>(logic: logic)
            case (false, false): DeclaredInteractor<HandlerAndStateRoles>(logic: logic)
            }
        let routes = DeclaredRoutes(model: model, logic: logic, builder: self, view: nil)
        return wire(DeclaredViewlessRouter(interactor: interactor, routes: routes))
    }

    private func parts(of model: RibModel, fields: EventFields, listener: RibLogic?) -> (Interactor, DeclaredViewController, DeclaredRoutes)
    {
        let logic = RibLogic(model: model, fields: fields)
        logic.listener = listener
        let view = DeclaredViewController(screenName: model.name, view: model.view)
        let interactor: any Interactor & ScreenCloseListener =
            switch (model.handlers.isEmpty, model.state.isEmpty) {
            case (true, true): DeclaredPresentableInteractor<NoRoles>(presenter: view, logic: logic)
            case (false, true): DeclaredPresentableInteractor<HandlerRole>(presenter: view, logic: logic)
            case (true, false): DeclaredPresentableInteractor<StateRole>(presenter: view, logic: logic)
            case (false, false): DeclaredPresentableInteractor<HandlerAndStateRoles>(presenter: view, logic: logic)
            }
        if model.detachesOnClose { view.closeListener = interactor }
        return (interactor, view, DeclaredRoutes(model: model, logic: logic, builder: self, view: view))
    }

    private func wire<Router: DeclaredRouting>(_ router: Router) -> Router {
        if router.routes.model.movesChildren { router.routes.logic.router = router }
        return router
    }
}
