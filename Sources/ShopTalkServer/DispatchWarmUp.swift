import Dispatch
import Foundation

/// Makes libdispatch open the descriptors it keeps for good (its epoll, a
/// timerfd for each clock) before the server accepts anyone.
///
/// Dispatch opens them lazily, the first time a timer or a source needs
/// them. Under a crowd of connections that has used up the open-files limit,
/// that first time fails: a failed epoll is a trap (the server dies with
/// SIGILL), a failed timerfd is a timer that never fires (a sleep that never
/// ends), a failed signalfd a SIGTERM never heard. Opened while descriptors
/// are plentiful, they are kept, and running out later costs connections only.
enum DispatchWarmUp {
    /// Fires one timer on each of dispatch's three clocks and waits for them:
    /// uptime (``SuspendingClock``), monotonic (``ContinuousClock``) and wall.
    /// A deadline already past when dispatch gets to it is run without
    /// arming a timer, which a busy machine makes of a short wait: so where
    /// the process's descriptors can be read (Linux), the timers are fired
    /// again, each time waiting longer, until all three timerfds are there.
    /// Never call it from one of Swift's shared threads: the sleeps resume
    /// on them, and two callers blocked there on two cores would wait for
    /// each other for ever.
    static func prepareTimers() {
        for wait in [1, 10, 100, 1_000] {
            fireOnEachClock(after: .milliseconds(wait))
            guard let held = timerDescriptors(), held < 3 else { return }
        }
    }

    private static func fireOnEachClock(after wait: Duration) {
        let fired = DispatchGroup()
        fired.enter()
        let milliseconds = Int(wait.components.seconds * 1_000 + wait.components.attoseconds / 1_000_000_000_000_000)
        DispatchQueue.global().asyncAfter(wallDeadline: .now() + .milliseconds(milliseconds)) { fired.leave() }
        fired.enter()
        Task.detached {
            try? await Task.sleep(for: wait, clock: .suspending)
            fired.leave()
        }
        fired.enter()
        Task.detached {
            try? await Task.sleep(for: wait, clock: .continuous)
            fired.leave()
        }
        fired.wait()
    }

    /// How many timerfds the process holds; nil where that cannot be read.
    private static func timerDescriptors() -> Int? {
        let folder = "/proc/self/fd"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return nil }
        return names.count { (try? FileManager.default.destinationOfSymbolicLink(atPath: "\(folder)/\($0)")) == "anon_inode:[timerfd]" }
    }
}
