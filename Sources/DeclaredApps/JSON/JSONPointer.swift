/// Where a value is in an app file (RFC 6901): `/ribs/2/handles/0/event`. Problems name it, so an editor or
/// `jq` can go straight there.
struct JSONPointer: Sendable, Equatable, CustomStringConvertible {
    /// The whole document.
    static let root = JSONPointer(description: "")

    /// The pointer as RFC 6901 writes it ("" for the whole document).
    let description: String

    /// The member `name` of the object here (`~` and `/` in it escaped as `~0` and `~1`).
    func appending(_ name: String) -> JSONPointer {
        let escaped = name.replacing("~", with: "~0").replacing("/", with: "~1")
        return JSONPointer(description: description + "/" + escaped)
    }

    /// The element `index` of the array here.
    func appending(_ index: Int) -> JSONPointer {
        JSONPointer(description: description + "/" + String(index))
    }
}
