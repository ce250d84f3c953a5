#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The terminal on stdin and stdout in raw mode: keys arrive one by one, unechoed, and the screen is redrawn
/// whole in the alternate buffer. `restore` puts the terminal back as it was.
final class RawTerminal {
    private var saved = termios()
    private var restored = false

    /// Switches the terminal to raw mode; nil when stdin or stdout is not a terminal.
    init?() {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1, tcgetattr(STDIN_FILENO, &saved) == 0 else { return nil }
        var raw = saved
        // No echo, no line editing, and Ctrl-C / Ctrl-Z / Ctrl-S as plain keys; output processing stays on, so
        // "\n" still starts a line.
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL | BRKINT | INPCK | ISTRIP)
        withUnsafeMutableBytes(of: &raw.c_cc) { characters in
            characters[Int(VMIN)] = 1
            characters[Int(VTIME)] = 0
        }
        guard tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw) == 0 else { return nil }
        // The alternate screen, the cursor hidden.
        emit("\u{1B}[?1049h\u{1B}[?25l")
    }

    deinit { restore() }

    /// The terminal's columns (80 when it does not say).
    var width: Int {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
        return Int(size.ws_col)
    }

    /// Replaces the screen with `lines`, each cut to the terminal's width so that none wraps.
    func draw(_ lines: [String]) {
        let width = self.width
        let body = lines.map { String($0.prefix(width)) + "\u{1B}[K" }.joined(separator: "\n")
        emit("\u{1B}[H" + body + "\u{1B}[J")
    }

    /// The cursor shown, the main screen back, and the terminal's modes as they were; once.
    func restore() {
        guard !restored else { return }
        restored = true
        emit("\u{1B}[?25h\u{1B}[?1049l")
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved)
    }

    /// Writes `text` to stdout, unbuffered.
    func emit(_ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }
            bytes = bytes.dropFirst(written)
        }
    }
}
