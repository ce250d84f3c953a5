import AppHosting

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
        case let .ifShows(screen): guard LinkWalk.shows(screen, in: runtime) else { return .stay }
        case let .unlessShows(screen): guard !LinkWalk.shows(screen, in: runtime) else { return .stay }
        }
        switch move {
        case let .send(templates):
            var events: [AppEvent] = []
            for template in templates {
                do throws(EventDecodingError) {
                    events.append(try template.event(parameters, catalog: catalog))
                } catch {
                    return .cannotProceed("`\(template.type)` is no event with these parameters: \(error.reason)")
                }
            }
            return .events(events)
        case let .navigate(step):
            return .navigate(to: step)
        case let .refuse(reason):
            return .cannotProceed(reason)
        }
    }
}
