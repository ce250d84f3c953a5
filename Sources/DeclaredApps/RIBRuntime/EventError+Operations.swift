import AppHosting
import HeadlessUI
import RIBs

/// Runs a tree operation, turning its refusal into the event error a client sees (as the built-in apps do).
func routing<T>(_ body: () throws(RoutingError) -> T) throws(EventError) -> T {
    do {
        return try body()
    } catch {
        throw EventError(error)
    }
}

/// Runs a view operation, turning UIKit's refusal into an invalid move.
func viewOperation<T>(_ body: () throws(ViewHierarchyError) -> T) throws(EventError) -> T {
    do {
        return try body()
    } catch {
        throw EventError(.view(error))
    }
}
