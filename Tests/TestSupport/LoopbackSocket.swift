#if canImport(Glibc)
    import Glibc
#endif

/// The blocking TCP socket to 127.0.0.1 that the tests' raw HTTP clients talk through.
public enum LoopbackSocket {
    /// Connects to 127.0.0.1:`port` with `timeout` seconds on every send and receive and Nagle off;
    /// returns the descriptor, or -1 and the errno that refused it (ECONNREFUSED when nobody listens).
    /// `receiveBuffer` sets SO_RCVBUF before connecting, where TCP sizes its window from it (set afterwards,
    /// the advertised window shrinks under the sender, which then waits on zero-window probes).
    public static func connect(port: UInt16, timeout: Double, receiveBuffer: Int32? = nil) -> (fd: Int32, errno: Int32) {
        // Close-on-exec: a child process started meanwhile (an exit test, a ribsd) must not keep a copy of
        // a test's connection open after the test closes it.
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return (-1, errno) }
        if var size = receiveBuffer {
            setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            let code = errno
            close(fd)
            return (-1, code)
        }
        setTimeout(fd, seconds: timeout)
        var one: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        return (fd, 0)
    }

    /// Reads from `fd` until the server closes the connection (true) or the receive timeout passes (false).
    public static func waitForClose(_ fd: Int32) -> Bool {
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count == 0 { return true }
            if count < 0 { return errno == ECONNRESET }
        }
    }

    /// Bounds every later send and receive on `fd` by `seconds`.
    public static func setTimeout(_ fd: Int32, seconds: Double) {
        var value = timeval(tv_sec: Int(seconds), tv_usec: Int((seconds - seconds.rounded(.down)) * 1_000_000))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &value, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &value, socklen_t(MemoryLayout<timeval>.size))
    }
}
