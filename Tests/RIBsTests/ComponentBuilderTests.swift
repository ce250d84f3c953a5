import RIBs
import Testing

private final class Store {}
private final class Session {}

private protocol AppDependency: Dependency {}
private final class AppComponent: Component<any EmptyDependency>, AppDependency {
    private(set) var storeFactoryCalls = 0
    var store: Store {
        shared {
            storeFactoryCalls += 1
            return Store()
        }
    }
    var session: Session { shared { Session() } }
    var unsharedStore: Store { Store() }
    private(set) var optionalFactoryCalls = 0
    /// Shared, and absent: RIBs users declare optional dependencies this way.
    var missingSession: Session? {
        shared {
            optionalFactoryCalls += 1
            return nil
        }
    }
    var presentStore: Store? {
        shared {
            optionalFactoryCalls += 1
            return Store()
        }
    }
}

private final class AppBuilder: Builder<any AppDependency> {}

@Suite("Component.shared and Builder")
struct ComponentBuilderTests {
    @Test("shared returns the same instance per property, built once")
    func sharedPerProperty() {
        let component = AppComponent(dependency: EmptyComponent())

        let first = component.store
        let second = component.store

        #expect(first === second)
        #expect(component.storeFactoryCalls == 1)
        #expect(component.session === component.session)
        #expect(component.unsharedStore !== component.unsharedStore)
    }

    @Test("shared with an Optional result builds once: a nil result is cached as nil, a value as that value")
    func sharedOptional() {
        let component = AppComponent(dependency: EmptyComponent())

        #expect(component.missingSession == nil)
        #expect(component.missingSession == nil)
        #expect(component.optionalFactoryCalls == 1)

        let first = component.presentStore
        #expect(first != nil)
        #expect(component.presentStore === first)
        #expect(component.optionalFactoryCalls == 2)
    }

    @Test("a new component gives new instances")
    func newComponentNewInstances() {
        let dependency = EmptyComponent()
        let first = AppComponent(dependency: dependency)
        let second = AppComponent(dependency: dependency)

        #expect(first.store !== second.store)
        #expect(first.session !== second.session)
    }

    @Test("a component keeps its parent's dependency")
    func componentKeepsDependency() {
        let parent = EmptyComponent()
        #expect(AppComponent(dependency: parent).dependency === parent)
    }

    @Test("a builder stores the dependency it was given")
    func builderStoresDependency() {
        let component = AppComponent(dependency: EmptyComponent())
        let builder = AppBuilder(dependency: component)
        #expect(builder.dependency === component)
    }
}
