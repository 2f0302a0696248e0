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
    /// A deadline already past would be run without arming a timer, so each
    /// waits a millisecond; the three wait together. Never call it from one
    /// of Swift's shared threads: the sleeps resume on them, and two callers
    /// blocked there on two cores would wait for each other for ever.
    static func prepareTimers() {
        let fired = DispatchGroup()
        fired.enter()
        DispatchQueue.global().asyncAfter(wallDeadline: .now() + .milliseconds(1)) { fired.leave() }
        fired.enter()
        Task.detached {
            try? await Task.sleep(for: .milliseconds(1), clock: .suspending)
            fired.leave()
        }
        fired.enter()
        Task.detached {
            try? await Task.sleep(for: .milliseconds(1), clock: .continuous)
            fired.leave()
        }
        fired.wait()
    }
}
