/// The request methods the router distinguishes; anything else is `.other`.
public enum HTTPMethod: String, Sendable, Hashable, CaseIterable {
    case GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS, other

    /// Classifies a NUL-terminated method token from MHD without allocating a String.
    init(cString method: UnsafePointer<CChar>?) {
        guard let method else {
            self = .other
            return
        }
        // Compare raw bytes: the common tokens are short and ASCII, and this runs on every request.
        func equals(_ token: StaticString) -> Bool {
            let count = token.utf8CodeUnitCount
            let bytes = token.utf8Start
            for index in 0..<count where UInt8(bitPattern: method[index]) != bytes[index] {
                return false
            }
            return method[count] == 0
        }
        switch UInt8(bitPattern: method[0]) {
        case UInt8(ascii: "G"): self = equals("GET") ? .GET : .other
        case UInt8(ascii: "H"): self = equals("HEAD") ? .HEAD : .other
        case UInt8(ascii: "P"):
            if equals("POST") {
                self = .POST
            } else if equals("PUT") {
                self = .PUT
            } else if equals("PATCH") {
                self = .PATCH
            } else {
                self = .other
            }
        case UInt8(ascii: "D"): self = equals("DELETE") ? .DELETE : .other
        case UInt8(ascii: "O"): self = equals("OPTIONS") ? .OPTIONS : .other
        default: self = .other
        }
    }
}
