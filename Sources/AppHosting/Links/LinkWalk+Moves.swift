import HeadlessUI

extension LinkWalk {
    /// Whether a layer's stack shows `screen` anywhere (under a sheet too): what a step reads before it moves.
    public static func shows(_ screen: String, in runtime: any AppRuntime) -> Bool {
        runtime.window.layers.contains { layer in layer.stack.contains { $0.screenName == screen } }
    }
}

extension LinkWalk.Move {
    /// The step named `step` sent to the root flow and every child flow (RxFlow's `navigate(to:)`); an app
    /// without flows cannot take it.
    public static func navigate(to step: String) -> Self {
        .perform { runtime throws(EventError) in
            guard let flows = runtime as? FlowAppRuntime else { throw .internalFailure("not a flow app") }
            try flows.navigate(to: step)
        }
    }
}
