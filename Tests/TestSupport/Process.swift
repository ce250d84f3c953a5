import Foundation

/// Runs `work` on `count` dedicated threads at once and waits for all of them.
public func onThreads(_ count: Int, _ work: @escaping @Sendable (Int) -> Void) {
    let group = DispatchGroup()
    for index in 0..<count {
        group.enter()
        let thread = Thread {
            work(index)
            group.leave()
        }
        thread.stackSize = 1 << 20
        thread.start()
    }
    group.wait()
}

/// Number of open file descriptors of this process (entries of /proc/self/fd).
public func openFileDescriptorCount() -> Int {
    (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? -1
}
