import Synchronization

/// What a command loads once and uses to its end, kept past the end of the
/// command when the executable's process ends with it.
///
/// The grammars, models and aisle words a command loads are tens of
/// thousands of small allocations; freed one by one as the command returns,
/// they cost a first line about a tenth of its time, for memory the system
/// takes back whole a moment later (clang's `-disable-free`, for the same
/// reason). In a process that goes on (the tests, which run commands in
/// turn), nothing is kept.
enum ProcessLifetime {
    /// Set by the executable, whose process ends with its one command.
    static let endsWithTheCommand = Atomic<Bool>(false)
    private static let kept = Mutex<[any Sendable]>([])

    /// Keeps `value` to the process's end when the process ends with the command.
    static func keepToTheEnd(_ value: some Sendable) {
        guard endsWithTheCommand.load(ordering: .relaxed) else { return }
        kept.withLock { $0.append(value) }
    }

    /// How many values are kept.
    static var keptCount: Int { kept.withLock(\.count) }
}
