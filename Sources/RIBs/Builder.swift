/// Marks a builder protocol (RIBs' `Buildable`).
public protocol Buildable: AnyObject {}

/// Builds a RIB from its parent's dependency.
open class Builder<DependencyType>: Buildable {
    /// What the parent provides.
    public let dependency: DependencyType

    /// Creates the builder.
    public init(dependency: DependencyType) {
        self.dependency = dependency
    }
}
