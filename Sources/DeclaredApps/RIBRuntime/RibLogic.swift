import AppHosting
import RIBs

/// A declared RIB's business logic, as its interactor's: which events it takes and when, what it tells its
/// parent, its state, and what it asks its router to do (`RibLogic+Acceptance` says what it accepts).
final class RibLogic {
    let model: RibModel
    /// The fields of the event that led to this RIB: where its state starts, and what its own launch routes
    /// hand on (HomeFlow hands the `login` event's name to Home).
    let fields: EventFields
    /// The state the RIB exposes, in the order the file lists its keys.
    private(set) var state: [(key: String, value: String)]
    /// The parent's logic: who hears `tell` and the close signal (RIBs' listener).
    weak var listener: RibLogic?
    /// The RIB's router, set only when the RIB moves children (`RibModel.movesChildren`): a weak reference gives
    /// the router a side table, and every retain of it the slow path, which a leaf page made on every push would
    /// pay for nothing.
    weak var router: (any DeclaredRouting)?

    init(model: RibModel, fields: EventFields) {
        self.model = model
        self.fields = fields
        state = model.state.map { ($0.key, $0.field.flatMap(fields.value) ?? $0.initial ?? "") }
    }

    /// Handles `event` with the first handler of its type whose guard holds; false, passing it to the parent,
    /// when there is none or its action is about a child the event does not name.
    func handle(_ event: AppEvent) throws(EventError) -> Bool {
        let type = event.type
        let handlers = model.handlers
        for index in handlers.indices where handlers[index].event == type {
            let when = handlers[index].when
            if when != .always {
                guard let router, holds(when, routes: router.routes) else { continue }
            }
            return try perform(handlers[index].action, fields: EventFields(event: event))
        }
        return false
    }

    /// A child told this RIB `message` (a listener call).
    func hear(_ message: String, fields: EventFields) throws(EventError) {
        guard let listener = model.listeners.first(where: { $0.message == message }) else { return }
        _ = try perform(listener.action, fields: fields)
    }

    /// The RIB's screen was popped or dismissed, by anyone: its parent detaches it.
    func screenDidClose() {
        guard let listener, let parent = listener.router else { return }
        parent.routes.childDidClose(self, by: parent)
    }

    /// A view-less RIB must take down the views it put up as it resigns, or they outlive it (the leak detector's
    /// "appearance has leaked"): what it presents goes.
    func willResignActive() {
        guard model.view == .none, let router else { return }
        router.routes.cleanupViews(by: router)
    }

    /// Whether the guard lets a handler take its event now.
    func holds(_ when: HandlerModel.Guard, routes: DeclaredRoutes) -> Bool {
        switch when {
        case .always: true
        case .notPresenting: routes.presented == nil
        case .presenting: routes.presented != nil
        }
    }

    private func perform(_ action: ActionModel, fields: EventFields) throws(EventError) -> Bool {
        switch action {
        case let .tell(message):
            try listener?.hear(message, fields: fields)
            return true
        case let .set(bindings):
            for binding in bindings {
                guard let value = fields.value(binding.field), let index = state.firstIndex(where: { $0.key == binding.key }) else {
                    continue
                }
                state[index].value = value
            }
            return true
        default:
            guard let router else { return false }
            return try perform(action, fields: fields, by: router)
        }
    }

    /// An action that moves the RIB's children, through its router.
    private func perform(_ action: ActionModel, fields: EventFields, by router: any DeclaredRouting) throws(EventError) -> Bool {
        let routes = router.routes
        switch action {
        case let .route(choice):
            guard let position = child(choice, fields: fields) else { return false }
            try routes.route(to: position, fields: fields, by: router)
        case .pop:
            try routes.popTop(by: router)
        case let .didPop(field):
            guard let screen = fields.value(field) else { return false }
            return try routes.userDidPop(screen)
        case .dismiss:
            try routes.dismissPresented(by: router)
        case let .didDismiss(field):
            guard let screen = fields.value(field) else { return false }
            return try routes.userDidDismiss(screen)
        case let .selectTab(choice):
            guard let position = child(choice, fields: fields) else { return false }
            try routes.selectTab(position)
        case .tell, .set:
            return try perform(action, fields: fields)
        }
        return true
    }

    /// The child an action is about: the fixed one, or the one among its candidates the event's field names.
    func child(_ choice: ChildChoice, fields: EventFields) -> Int? {
        switch choice {
        case let .fixed(position):
            return position
        case let .field(field, among):
            guard let name = fields.value(field) else { return nil }
            return among.first { model.children[$0].rib.name == name }
        }
    }
}
