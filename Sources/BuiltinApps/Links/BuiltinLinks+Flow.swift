import AppHosting

extension BuiltinLinks {
    /// `intro` (AppInit), `main` (Main on it) and `coding` (Coding on Main), from every state: the pops down to a
    /// screen on the stack, else the steps that show it, each sent to every flow as RxFlow's `navigate(to:)` sends
    /// it. Every state of the app reaches every screen, so none of them is refused.
    static let flow: [LinkDeclaration] = [
        LinkDeclaration("intro", description: "AppInit: the stack popped back to it (MainFlow ends)") { _, runtime throws(LinkRefusal) in
            try LinkWalk().step("back to AppInit") { ScreenLinks.back(to: "AppInit", in: $0) }.run(on: runtime)
        },
        LinkDeclaration("main", description: "Main: popped back to, or the step mainIsRequired to every flow") {
            _, runtime throws(LinkRefusal) in
            try LinkWalk()
                .step("on to Main") {
                    ScreenLinks.frontStack(of: $0).contains("Main") ? ScreenLinks.show("Main", in: $0) : .navigate(to: "mainIsRequired")
                }
                .run(on: runtime)
        },
        LinkDeclaration("coding", description: "Coding on Main: the steps mainIsRequired, then codingIsRequired, as needed") {
            _, runtime throws(LinkRefusal) in
            try LinkWalk()
                .step("on to Main") { ScreenLinks.frontStack(of: $0).contains("Main") ? .stay : .navigate(to: "mainIsRequired") }
                .step("on to Coding") { ScreenLinks.frontStack(of: $0).contains("Coding") ? .stay : .navigate(to: "codingIsRequired") }
                .run(on: runtime)
        },
    ]
}
