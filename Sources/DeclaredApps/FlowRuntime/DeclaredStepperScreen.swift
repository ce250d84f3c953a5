import Flows
import HeadlessUI

/// A screen a declared flow contributes: its own stepper, as seed 004's screens are (a client's step is emitted
/// as if by its buttons).
final class DeclaredStepperScreen: ViewController, Stepper {
    let steps = StepRelay()
}
