import AppHosting
import HeadlessUI

/// Every event a client could send the built-in apps, and some no app takes: each screen name any of them
/// shows (and a few it does not) in every event that names one, every step, both login names.
enum Candidates {
    static let screens = [
        "Root", "Login", "Home", "A", "B", "C", "Profile", "Navigation", "LoggedOut", "Todo", "AppInit", "Main", "Coding",
        "HomeFlow", "NavigationController", "Nowhere",
    ]

    static let events: [AppEvent] = {
        var events: [AppEvent] = [.login(name: "kim"), .login(name: "lee"), .logout, .pop, .dismiss]
        for screen in screens {
            events += [
                .push(screen: screen), .didPop(screen: screen), .didDismiss(screen: screen), .present(screen: screen, style: nil),
                .present(screen: screen, style: .fullScreen), .present(screen: screen, style: .pageSheet),
            ]
        }
        for step in ["introIsRequired", "mainIsRequired", "codingIsRequired", "unknownStep"] { events.append(.step(step)) }
        return events
    }()
}
