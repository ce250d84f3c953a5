import AppHosting
import HeadlessUI

/// What one app file declares, as written: names not resolved yet, each with its place in the file, for the
/// checks that follow (`AppResolver`) to point at.
struct AppSource {
    var id: Located<String>?
    var description = ""
    var events: [Located<String>]?
    var declarations: [Located<EventDeclaration>] = []
    var root: Located<String>?
    var ribs: [Rib] = []
    var flowApp: FlowApp?
    var links: [Link] = []

    /// A RIB as the file declares it.
    struct Rib {
        let name: Located<String>
        var view = RibModel.View.screen
        var detachesOnClose: Located<Bool>?
        var state: [Located<StateKey>] = []
        var stack: Located<String>?
        var children: [Child] = []
        var onLoad: [Located<String>] = []
        var handlers: [Handler] = []
        var listeners: [Listener] = []
        let pointer: JSONPointer
    }

    /// A child entry: which RIB, how it is shown, its slot.
    struct Child {
        let rib: Located<String>
        let show: Show
        let slot: Located<String>?
        let pointer: JSONPointer
    }

    /// How a child is shown, before its container is resolved.
    enum Show {
        case attach
        case push
        case present(ModalPresentationStyle, inStack: Bool)
        /// In the container of the named RIB (nil: the parent's own).
        case content(container: Located<String>?)
        case tab(inStack: Bool)
    }

    /// An event type a RIB handles.
    struct Handler {
        let event: Located<String>
        let when: HandlerModel.Guard
        let action: Action
        let pointer: JSONPointer
    }

    /// A message a RIB hears from its children.
    struct Listener {
        let message: Located<String>
        let action: Action
        let pointer: JSONPointer
    }

    /// What a handler or a listener does, with the names it uses.
    enum Action {
        case route(Choice)
        case pop
        case didPop(field: Located<String>)
        case dismiss
        case didDismiss(field: Located<String>)
        case tell(Located<String>)
        case set([Located<StateBinding>])
        case selectTab(Choice)
    }

    /// A fixed child, or the one an event field names (among some children, or any).
    enum Choice {
        case fixed(Located<String>)
        case field(Located<String>, among: [Located<String>]?)
    }

    /// The flows' half of a file.
    struct FlowApp {
        let rootFlow: Located<String>
        var initialStep: Located<String>?
        var steps: [Located<String>] = []
        var eventSteps: [Located<String>] = []
        var flows: [Flow] = []
        let pointer: JSONPointer
    }

    /// A flow as the file declares it.
    struct Flow {
        let name: Located<String>
        var root = FlowModel.Root.stack(navigationBarHidden: false)
        var navigations: [Navigation] = []
        let pointer: JSONPointer
    }

    /// A step a flow takes, and what it contributes.
    struct Navigation {
        let step: Located<String>
        let contribution: Contribution
        let pointer: JSONPointer
    }

    /// A contribution, before its names are resolved.
    enum Contribution {
        case push(screen: Located<String>, animated: Bool)
        case present(screen: Located<String>, style: ModalPresentationStyle)
        case flow(Located<String>, step: Located<String>?, presented: ModalPresentationStyle?)
        case dismiss
        case end(forward: Located<String>)
    }
}
