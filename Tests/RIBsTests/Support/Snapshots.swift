import HeadlessUI
import RIBs

/// The router tree as text: "Root[Navigation[A,B,C]]"; a leaf is just its name.
func tree(_ router: any Routing) -> String {
    router.children.isEmpty ? router.name : "\(router.name)[\(router.children.map(tree).joined(separator: ","))]"
}
