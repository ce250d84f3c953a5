/// RxFlow's `Flows.use`: run a block with a flow's root once the flow is created or ready.
public enum Flows {
    /// When the block runs.
    public enum ExecuteStrategy: Sendable {
        /// At once.
        case created
        /// Once the flow and every child flow it contributed have navigated.
        case ready
    }

    /// Runs `block` with `flow`'s root now (`.created`) or when `coordinator` reports the flow ready (`.ready`).
    public static func use<F: Flow>(
        _ flow: F, in coordinator: FlowCoordinator? = nil, when strategy: ExecuteStrategy, block: @escaping (any FlowPresentable) -> Void
    ) {
        switch strategy {
        case .created:
            block(flow.root)
        case .ready:
            guard let coordinator else {
                block(flow.root)
                return
            }
            coordinator.whenReady(flow) { block(flow.root) }
        }
    }
}
