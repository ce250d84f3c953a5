/// The roles a declared RIB's interactor plays for the host, as a type: whether it handles events
/// (`EventHandling`) and exposes state (`StateExposing`). A host learns roles per type, not per object (and
/// caches them so), so each combination is a type of its own: the interactor classes take one as a parameter,
/// and conform conditionally.
///
/// A RIB without handlers then is no handler at all, as a hand-written page is not: dispatch and every render
/// pass it by instead of asking it; and one without state shows no `state` object, as the built-in apps' nodes
/// without state do not.
protocol InteractorRoles {}

/// Marks roles that handle events.
protocol HandlesEvents: InteractorRoles {}

/// Marks roles that expose state.
protocol ExposesState: InteractorRoles {}

/// Neither role (a page).
enum NoRoles: InteractorRoles {}

/// Handles events only (HomeFlow, Login).
enum HandlerRole: HandlesEvents {}

/// Exposes state only (Home).
enum StateRole: ExposesState {}

/// Both (the todo app's Todo).
enum HandlerAndStateRoles: HandlesEvents, ExposesState {}
