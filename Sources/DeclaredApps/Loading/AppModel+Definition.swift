import AppHosting
import Flows
import RIBs

extension AppModel {
    /// The app as a server hosts it: each session's launch builds a fresh tree from this model.
    var definition: AppDefinition {
        let body = self.body
        // The links decode their events as the app's sessions do: the same types and screens.
        let catalog = EventCatalog(declarations: declarations, screens: screens)
        return AppDefinition(
            id: id, description: description, events: events, declaring: declarations, screens: screens,
            links: links.map { $0.declaration(catalog: catalog) }
        ) {
            switch body {
            case let .ribs(root):
                return RIBAppRuntime(root: DeclaredBuilder(dependency: EmptyComponent()).buildLaunch(root))
            case let .flows(app):
                let stepper: any Stepper = app.initialStep.map { OneStepper(withSingleStep: DeclaredStep(rawValue: $0)) } ?? NoneStepper()
                return FlowAppRuntime(
                    flow: DeclaredFlow(model: app.root, parentStack: nil), stepper: stepper,
                    steps: app.steps.map { ($0, DeclaredStep(rawValue: $0) as any Step) }, eventSteps: app.eventSteps)
            }
        }
    }
}
