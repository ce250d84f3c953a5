import Flows

/// Seed 004's steps.
enum AppStep: String, Step {
    case introIsRequired
    case mainIsRequired
    case codingIsRequired
}

/// The steps of the scripted test flows.
enum TestStep: String, Step {
    case start, a, b, c, done
}
