import CMicroHTTPD
import CMicroHTTPDShim

/// The `@convention(c)` content-reader callbacks of streamed responses. Like `MHDCallbacks` they capture
/// nothing: each response's `cls` is a retained `Binding`, released by `free` when MHD drops the response.
enum StreamCallbacks {
    /// What one streamed response needs in its callbacks: the stream, the registry counting it, and the
    /// connection with the idle timeout to give back when the stream ends (with the system's TCP user timeout).
    final class Binding: Sendable {
        let stream: StreamBody
        let registry: StreamRegistry
        let connection: MHDHandle
        let idleTimeout: UInt32

        init(stream: StreamBody, registry: StreamRegistry, connection: MHDHandle, idleTimeout: UInt32) {
            self.stream = stream
            self.registry = registry
            self.connection = connection
            self.idleTimeout = idleTimeout
        }
    }

    /// Preferred block size for reader calls (advisory; MHD passes whatever room its buffer has).
    static let blockSize = 4096

    /// MHD asks for the next bytes; runs on the thread serving the connection.
    static let reader: MHD_ContentReaderCallback = { cls, _, buffer, capacity in
        guard let cls, let buffer else { return cmhd_reader_end_with_error() }
        let binding = Unmanaged<Binding>.fromOpaque(cls).takeUnretainedValue()
        switch binding.stream.read(into: UnsafeMutableRawPointer(buffer), capacity: capacity) {
        case .bytes(let count): return count
        case .suspended: return 0
        case .endOfStream:
            // The connection may serve further requests (keep-alive): those get the normal timeouts again.
            // Safe here: the reader runs on the connection's own thread while it is alive.
            _ = cmhd_set_connection_timeout(binding.connection.pointer, binding.idleTimeout)
            _ = cmhd_socket_set_user_timeout(cmhd_connection_socket(binding.connection.pointer), 0)
            return cmhd_reader_end_of_stream()
        case .error: return cmhd_reader_end_with_error()
        }
    }

    /// MHD dropped the response (stream ended, client went away, or the server stopped).
    static let free: MHD_ContentReaderFreeCallback = { cls in
        guard let cls else { return }
        let binding = Unmanaged<Binding>.fromOpaque(cls).takeRetainedValue()
        binding.stream.release()
        binding.registry.remove(binding.stream)
    }
}
