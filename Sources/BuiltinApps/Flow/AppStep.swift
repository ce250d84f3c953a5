import Flows

/// Seed 004's steps.
enum AppStep: String, Step, CaseIterable {
    case introIsRequired
    case mainIsRequired
    case codingIsRequired
}
