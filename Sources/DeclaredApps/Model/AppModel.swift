import AppHosting

/// One app file, read and checked: everything `AppDefinition` lists, and what its launch builds.
struct AppModel: Sendable {
    /// What the app's launch builds: a RIB tree from its root, or RxFlow-style flows.
    enum Body: Sendable {
        case ribs(RibModel)
        case flows(FlowAppModel)
    }

    let id: String
    let description: String
    /// The event types the app handles, in the order the file lists them (or the contract's order).
    let events: [EventType]
    /// The app's own event types.
    let declarations: [EventDeclaration]
    /// Every screen the app can show, in the order the file first names them.
    let screens: [String]
    let body: Body
    /// The links the app opens, in the order they are matched.
    let links: [LinkModel]
}
