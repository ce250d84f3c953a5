/// Where a controller is in its comings and goings (UIKit's appearance transitions): each `viewWill…` call
/// begins one, and its `viewDid…` ends it unless app code started another from inside the first call.
enum AppearanceState {
    /// Off the screen: it heard viewDidDisappear, or nothing yet.
    case disappeared
    /// It heard viewWillAppear; viewDidAppear comes next.
    case appearing
    /// On the screen: it heard viewDidAppear.
    case appeared
    /// It heard viewWillDisappear; viewDidDisappear comes next.
    case disappearing
}
