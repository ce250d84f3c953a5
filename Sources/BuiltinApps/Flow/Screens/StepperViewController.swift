import Flows
import HeadlessUI

/// A screen that emits steps from its buttons (the seed's view controllers are their own steppers).
class StepperViewController: ViewController, Stepper {
    let steps = StepRelay()
}

/// The init screen: when its work is done it asks for main (clients send `mainIsRequired`).
final class AppInitViewController: StepperViewController {}

/// The main screen: its button asks for coding.
final class MainViewController: StepperViewController {}

/// The coding screen.
final class CodingViewController: StepperViewController {}
