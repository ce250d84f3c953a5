import CMicroHTTPD

#if canImport(Glibc)
import Glibc
#endif

/// What the server reads off a request target before routing it, as MHD hands it over: a C string, decoded
/// in place for the access handler, raw at the request line.
enum RequestTarget {
    /// The path of an absolute-form target (`http://host/path?query`), which RFC 9112 §3.2.2 has every server
    /// accept although clients send it only to proxies; any other target as it is. MHD passes the form on
    /// unchanged, and routes match paths only.
    static func path(_ url: UnsafePointer<CChar>) -> UnsafePointer<CChar> {
        if url[0] == 0x2F { return url }  // "/": the origin form of nearly every request
        let scheme: Int
        if strncasecmp(url, "http://", 7) == 0 {
            scheme = 7
        } else if strncasecmp(url, "https://", 8) == 0 {
            scheme = 8
        } else {
            return url
        }
        // The authority ends at the path's "/", or at a query or the end, where the path is "/" (RFC 9110 §4.2.3).
        guard let end = strpbrk(url + scheme, "/?"), end.pointee == 0x2F else { return root }
        return UnsafePointer(end)
    }

    /// Whether the raw target's path (before any `?`) has a `%00`, which MHD would decode in place into the
    /// C string it hands the access handler, cutting the path short there.
    static func pathHasEncodedNUL(_ uri: UnsafePointer<CChar>) -> Bool {
        // glibc's strstr, not a loop here: every request pays this.
        guard let nul = strstr(uri, "%00") else { return false }
        guard let query = strchr(uri, Int32(UInt8(ascii: "?"))) else { return true }
        return nul < query
    }

    /// "/" as a C string: a static string's bytes live in the binary, as long as the program.
    private static var root: UnsafePointer<CChar> {
        UnsafeRawPointer(("/" as StaticString).utf8Start).assumingMemoryBound(to: CChar.self)
    }
}
