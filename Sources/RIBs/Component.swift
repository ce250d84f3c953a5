/// What a RIB needs from its parent.
public protocol Dependency: AnyObject {}

/// A dependency that provides nothing: the root's.
public protocol EmptyDependency: Dependency {}

/// A RIB's scope: wraps its parent's dependency and caches `shared` instances.
///
/// A component belongs to one RIB tree, which one session drives under its lock: no locking here.
open class Component<DependencyType>: Dependency {
    /// The parent's dependency.
    public let dependency: DependencyType
    private var sharedInstances: [String: Any] = [:]

    /// Creates the component.
    public init(dependency: DependencyType) {
        self.dependency = dependency
    }

    /// One instance per property for the component's life: the first call builds it, later calls return it.
    public final func shared<T>(_ key: String = #function, _ factory: () -> T) -> T {
        // Looked up before the cast: a missing entry cast to an Optional `T` succeeds (as nil), which would return
        // nil without building. (RIBs' own workaround rebuilds a nil result on every call instead.)
        if let stored = sharedInstances[key], let instance = stored as? T { return instance }
        let instance = factory()
        sharedInstances[key] = instance
        return instance
    }
}

/// The component of a root RIB: depends on nothing.
open class EmptyComponent: EmptyDependency {
    /// Creates it.
    public init() {}
}
