import Dispatch
import Synchronization

/// Independent pieces of training run side by side, on as many cores as
/// the machine has. Each piece draws from its own seed and its result is
/// kept in its own place, so the model is the same bytes on one core or many.
public enum Parallel {
    /// `body(0)`, `body(1)`, ..., `body(count - 1)`, in that order, computed concurrently.
    public static func map<Result: Sendable>(_ count: Int, _ body: @Sendable (Int) -> Result) -> [Result] {
        let results = Mutex<[Int: Result]>([:])
        DispatchQueue.concurrentPerform(iterations: count) { index in
            let result = body(index)
            results.withLock { $0[index] = result }
        }
        return results.withLock { done in (0..<count).map { done[$0]! } }
    }
}
