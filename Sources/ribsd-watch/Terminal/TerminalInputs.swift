import Dispatch
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Feeds the terminal's keys and the signals that concern the screen into the watch loop's inputs.
enum TerminalInputs {
    /// Reads stdin on a thread of its own (a blocking read has no place in the async loop): each byte a key,
    /// the end of input a stop.
    static func readKeys(into inputs: AsyncStream<WatchInput>.Continuation) {
        let thread = Thread {
            var byte: UInt8 = 0
            while true {
                let count = read(STDIN_FILENO, &byte, 1)
                if count < 0 && errno == EINTR { continue }
                guard count == 1 else { break }
                inputs.yield(.key(byte))
            }
            inputs.yield(.stop)
        }
        thread.start()
    }

    /// SIGTERM and SIGHUP stop the watch (so that the terminal is restored); SIGWINCH redraws it.
    /// The sources are returned to be kept alive as long as the loop runs.
    static func watchSignals(into inputs: AsyncStream<WatchInput>.Continuation) -> [any DispatchSourceSignal] {
        [(SIGTERM, WatchInput.stop), (SIGHUP, .stop), (SIGWINCH, .resized)].map { number, input in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { inputs.yield(input) }
            source.resume()
            return source
        }
    }
}
