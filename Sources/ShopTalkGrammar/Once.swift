import Synchronization

/// A value made when first asked for, once; whoever asks while it is being
/// made waits for it, and once made it is read without a lock: grammars,
/// word lists, anything start-up defers to the line that first needs it.
public final class Once<Value: Sendable>: Sendable {
    private final class Made: Sendable {
        let value: Value
        init(_ value: Value) { self.value = value }
    }

    private let made = AtomicLazyReference<Made>()
    private let make: Mutex<(@Sendable () -> Value)?>

    public init(_ make: @escaping @Sendable () -> Value) {
        self.make = Mutex(make)
    }

    public init(value: Value) {
        make = Mutex(nil)
        _ = made.storeIfNil(Made(value))
    }

    public var value: Value {
        if let made = made.load() { return made.value }
        return make.withLock { make in
            if let made = made.load() { return made.value }
            let value = make!()
            make = nil
            return made.storeIfNil(Made(value)).value
        }
    }
}
