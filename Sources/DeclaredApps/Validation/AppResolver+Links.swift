import AppHosting
import HeadlessUI

extension AppResolver {
    /// What a link's checks need to know of the app, once its body is resolved.
    struct LinkContext {
        /// The event types the app handles.
        let handled: [EventType]
        /// The screens it can show.
        let screens: [String]
        /// The steps its flows take, by name; nil for a RIB tree.
        let flowSteps: [String]?
        /// The app's event types, as its sessions decode events.
        let catalog: EventCatalog
    }

    /// Checks the app's links: each pattern reads as one and matches URLs no earlier link matches; each step's
    /// screen is the app's; each event it sends is of a type the app handles, uses only the pattern's
    /// parameters, and decodes; a `navigate` names a step of the app's flows.
    mutating func resolveLinks(_ links: [AppSource.Link], in context: LinkContext) -> [LinkModel] {
        var patterns: [(pattern: LinkPattern, pointer: JSONPointer)] = []
        var models: [LinkModel] = []
        for link in links {
            guard let pattern = LinkPattern(link.pattern.value) else {
                report(
                    link.pattern.pointer,
                    "`\(link.pattern.value)` is not a link pattern: path segments, each literal or `{parameter}`, then an optional query of `name={parameter}` pairs, no parameter named twice"
                )
                continue
            }
            if let earlier = patterns.first(where: { $0.pattern.matchesSameURLs(as: pattern) }) {
                report(
                    link.pattern.pointer,
                    "`\(pattern)` matches the same URLs as `\(earlier.pattern)` (\(earlier.pointer)): it would never be opened")
            }
            patterns.append((pattern, link.pattern.pointer))
            let steps = link.steps.enumerated().compactMap { position, step in
                resolveLinkStep(step, position: position + 1, pattern: pattern, in: context)
            }
            models.append(LinkModel(pattern: pattern.description, description: link.description, steps: steps))
        }
        return models
    }

    private mutating func resolveLinkStep(
        _ step: AppSource.LinkStep, position: Int, pattern: LinkPattern, in context: LinkContext
    ) -> LinkStepModel? {
        for screen in [step.ifShows, step.unlessShows].compactMap(\.self) where !context.screens.contains(screen.value) {
            report(screen.pointer, "no screen is named `\(screen.value)`; the app's screens: \(context.screens.joined(separator: ", "))")
        }
        let condition: LinkStepModel.Condition =
            if let screen = step.ifShows { .ifShows(screen.value) } else if let screen = step.unlessShows {
                .unlessShows(screen.value)
            } else { .always }
        let move: LinkStepModel.Move
        let name: String
        switch step.move {
        case let .send(events):
            let templates = events.compactMap { resolveLinkEvent($0, pattern: pattern, in: context) }
            guard templates.count == events.count else { return nil }
            move = .send(templates)
            name = "send " + templates.map(\.type).joined(separator: ", ")
        case let .navigate(flowStep):
            if let steps = context.flowSteps {
                if !steps.contains(flowStep.value) {
                    report(
                        flowStep.pointer,
                        "no flow takes a step named `\(flowStep.value)`; the app's steps: \(steps.joined(separator: ", "))")
                }
            } else {
                report(flowStep.pointer, "`navigate` sends a step to an app's flows, and this app is a RIB tree")
            }
            move = .navigate(flowStep.value)
            name = "navigate to \(flowStep.value)"
        case let .refuse(reason):
            move = .refuse(reason)
            name = "step \(position)"
        }
        return LinkStepModel(name: step.name?.value ?? name, condition: condition, move: move)
    }

    /// The template of an event a step sends: a type the app handles, strings whose `{}`s name the pattern's
    /// parameters (in string fields only), and a body that decodes with any values those parameters take that
    /// their fields accept.
    private mutating func resolveLinkEvent(
        _ event: Located<[JSONNode.Member]>, pattern: LinkPattern, in context: LinkContext
    ) -> EventTemplate? {
        guard case let .string(typeName)? = event.value.first(where: { $0.name == "type" })?.value,
            let type = eventType(named: Located(value: typeName, pointer: event.pointer.appending("type")))
        else { return nil }
        if !context.handled.contains(type) {
            report(event.pointer.appending("type"), "nothing in the app handles `\(typeName)`: the step would always be refused")
            return nil
        }
        let known = pattern.parameters
        var fields: [(name: String, value: EventTemplate.Value)] = []
        // The same fields, each parameter's string replaced by a value its field accepts, to decode at load.
        var sample: [(name: String, value: EventTemplate.Value)] = []
        var fine = true
        for member in event.value {
            let pointer = event.pointer.appending(member.name)
            guard case let .string(text) = member.value, member.name != "type" else {
                fields.append((member.name, member.name == "type" ? .string([.text(typeName)]) : .literal(member.value)))
                sample.append(fields[fields.count - 1])
                continue
            }
            guard let pieces = EventTemplate.pieces(of: text) else {
                report(pointer, "a `{` opens no parameter: a parameter is written `{name}`, a name of the pattern's")
                fine = false
                continue
            }
            for case let .parameter(name) in pieces where !known.contains(name) {
                report(
                    pointer,
                    "`{\(name)}` is no parameter of `\(pattern)`; its parameters: \(known.isEmpty ? "none" : known.joined(separator: ", "))"
                )
                fine = false
            }
            fields.append((member.name, .string(pieces)))
            guard pieces.contains(where: { if case .parameter = $0 { true } else { false } }) else {
                sample.append((member.name, .string(pieces)))
                continue
            }
            guard let value = sampleValue(of: member.name, in: type, screens: context.screens) else {
                report(pointer, "a parameter fills only a string field, and `\(member.name)` is not one")
                fine = false
                continue
            }
            sample.append((member.name, .string([.text(value)])))
        }
        guard fine else { return nil }
        do throws(EventDecodingError) {
            _ = try EventTemplate(type: typeName, fields: sample).event([:], catalog: context.catalog)
        } catch {
            report(event.pointer, "the event would be refused: \(error.reason)")
            return nil
        }
        return EventTemplate(type: typeName, fields: fields)
    }

    /// A value the field `field` of `type` accepts, for a body to decode at load; nil when it takes no string.
    private func sampleValue(of field: String, in type: EventType, screens: [String]) -> String? {
        let kind: EventField.Kind? =
            if case let .declared(name) = type {
                declared[name]?.fields.first { $0.name == field }?.kind
            } else {
                switch field {
                case "screen": .screen
                case "style": .oneOf(ModalPresentationStyle.allCases.map(\.rawValue))
                default: .string
                }
            }
        switch kind {
        case .string?, nil: return "x"
        case .screen?: return screens.first ?? "x"
        case let .oneOf(values)?: return values.first
        case .integer?, .boolean?: return nil
        }
    }
}
