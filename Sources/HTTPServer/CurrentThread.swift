import CMicroHTTPD
import CMicroHTTPDShim

/// The calling thread, as the system sees it.
public enum CurrentThread {
    /// Names the calling thread, as `top -H`, gdb and `/proc/<pid>/task/<tid>/comm` show it (at most 15 bytes
    /// are kept). Foundation's `Thread.name` does not always reach the system on Linux.
    public static func setName(_ name: String) {
        cmhd_name_current_thread(name)
    }
}
