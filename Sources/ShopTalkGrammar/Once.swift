import Synchronization

/// A value made when first asked for, once; whoever asks while it is being
/// made waits for it, and once made it is read without a lock: grammars,
/// word lists, anything start-up defers to the line that first needs it.
public final class Once<Value: Sendable>: Sendable {
    /// Holds the value; a class of its own outside `Once`, so that loading it
    /// needs no generic metadata looked up at run time on every read.
    private let made = AtomicLazyReference<OnceValue>()
    private let make: Mutex<(@Sendable () -> Value)?>

    public init(_ make: @escaping @Sendable () -> Value) {
        self.make = Mutex(make)
    }

    public init(value: Value) {
        make = Mutex(nil)
        _ = made.storeIfNil(Made(value))
    }

    public var value: Value {
        if let made = made.load() { return unsafeDowncast(made, to: Made.self).value }
        return make.withLock { make in
            if let made = made.load() { return unsafeDowncast(made, to: Made.self).value }
            let value = make!()
            make = nil
            return unsafeDowncast(made.storeIfNil(Made(value)), to: Made.self).value
        }
    }

    private final class Made: OnceValue, @unchecked Sendable {
        let value: Value
        init(_ value: Value) { self.value = value }
    }
}

/// What a ``Once`` holds once made.
class OnceValue: @unchecked Sendable {}
