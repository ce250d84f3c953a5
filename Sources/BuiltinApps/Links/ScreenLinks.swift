import AppHosting
import HeadlessUI

/// The moves the built-in apps' links are made of, read from what the window shows when the step runs.
enum ScreenLinks {
    /// The screen names of the front layer's stack, bottom to top.
    static func frontStack(of runtime: any AppRuntime) -> [String] {
        runtime.window.layers.last?.stack.map(\.screenName) ?? []
    }

    /// `screen` on top of the front stack: the pops back to it when it is on the stack, else a push of it.
    static func show(_ screen: String, in runtime: any AppRuntime) -> LinkWalk.Move {
        let stack = frontStack(of: runtime)
        guard let index = stack.lastIndex(of: screen) else { return .event(.push(screen: screen)) }
        return .events(Array(repeating: .pop, count: stack.count - 1 - index))
    }

    /// The front stack back to its root (`root` is its name, for the reason when the front stack is another).
    static func back(to root: String, in runtime: any AppRuntime) -> LinkWalk.Move {
        let stack = frontStack(of: runtime)
        guard stack.first == root else { return .cannotProceed("\(root) is not on screen") }
        return .events(Array(repeating: .pop, count: stack.count - 1))
    }

    /// A link to each of `screens` pushed on a stack whose root is `root`, as `<prefix>/<screen>`, after `before`.
    static func stackLinks(prefix: String, root: String, screens: [String], before: LinkWalk) -> [LinkDeclaration] {
        let home = LinkDeclaration(prefix, description: "\(root), its stack back to its root") { _, runtime throws(LinkRefusal) in
            try before.step("back to \(root)") { back(to: root, in: $0) }.run(on: runtime)
        }
        return [home]
            + screens.map { screen in
                LinkDeclaration("\(prefix)/\(screen)", description: "\(screen) on \(root)'s stack") { _, runtime throws(LinkRefusal) in
                    try before.step("show \(screen)") { show(screen, in: $0) }.run(on: runtime)
                }
            }
    }
}
