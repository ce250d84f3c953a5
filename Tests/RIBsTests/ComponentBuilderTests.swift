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
