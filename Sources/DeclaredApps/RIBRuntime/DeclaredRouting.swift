import RIBs

/// A declared RIB's router, whichever RIBs shape it has (launch, viewable, view-less): its routing half lives
/// in `routes`, which every shape shares.
protocol DeclaredRouting: Routing {
    var routes: DeclaredRoutes { get }
}
