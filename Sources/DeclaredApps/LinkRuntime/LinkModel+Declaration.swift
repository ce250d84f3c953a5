import AppHosting
import HeadlessUI

extension LinkModel {
    /// The link as a server hosts it: a `LinkWalk` of the declared steps, each planning its move from what the
    /// window shows when it runs, run all or nothing by the session as a Swift app's link is.
    func declaration(catalog: EventCatalog) -> LinkDeclaration {
        let steps = self.steps
        return LinkDeclaration(pattern, description: description) { parameters, runtime throws(LinkRefusal) in
            var walk = LinkWalk()
            for step in steps {
                walk = walk.step(step.name) { runtime in step.move(parameters: parameters, on: runtime, catalog: catalog) }
            }
            try walk.run(on: runtime)
        }
    }
}

extension LinkStepModel {
    /// What the step does now: nothing when its screen condition does not hold; otherwise its events with the
    /// link's parameters put in (an event they make malformed stops the walk here), its step to every flow, or
    /// its refusal.
    func move(parameters: [String: String], on runtime: any AppRuntime, catalog: EventCatalog) -> LinkWalk.Move {
        switch condition {
        case .always: break
        case let .ifShows(screen): guard Self.shows(screen, in: runtime) else { return .stay }
        case let .unlessShows(screen): guard !Self.shows(screen, in: runtime) else { return .stay }
        }
        switch move {
        case let .send(templates):
            var events: [AppEvent] = []
            for template in templates {
                do throws(EventDecodingError) {
                    events.append(try template.event(parameters, catalog: catalog))
                } catch {
                    return .cannotProceed("`\(template.type)` is no event with these parameters: \(Self.reason(error))")
                }
            }
            return .events(events)
        case let .navigate(step):
            return .perform { runtime throws(EventError) in
                guard let flows = runtime as? FlowAppRuntime else { throw .internalFailure("not a flow app") }
                try flows.navigate(to: step)
            }
        case let .refuse(reason):
            return .cannotProceed(reason)
        }
    }

    /// Whether a layer's stack shows `screen` anywhere (under a sheet too).
    static func shows(_ screen: String, in runtime: any AppRuntime) -> Bool {
        runtime.window.layers.contains { layer in layer.stack.contains { $0.screenName == screen } }
    }

    private static func reason(_ error: EventDecodingError) -> String {
        switch error {
        case let .malformed(why), let .unknownType(why): why
        }
    }
}
