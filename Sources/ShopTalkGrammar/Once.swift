import Synchronization

/// A value made when first asked for, once; whoever asks while it is being
/// made waits for it, and once made it is read without a lock: grammars,
/// word lists, anything start-up defers to the line that first needs it.
///
/// Read on every line (each grammar is one), so the read is an atomic load
/// of an address and nothing else: the box holding the value is kept alive
/// by the lock's state, and its address published once it is made.
public final class Once<Value: Sendable>: Sendable {
    private final class Made: Sendable {
        let value: Value
        init(_ value: Value) { self.value = value }
    }

    private struct State: @unchecked Sendable {
        var make: (@Sendable () -> Value)?
        /// Owns the box whose address `published` holds.
        var made: Made?
    }

    private let state: Mutex<State>
    /// The made box's address, 0 until it is made.
    private let published = Atomic<UInt>(0)

    public init(_ make: @escaping @Sendable () -> Value) {
        state = Mutex(State(make: make, made: nil))
    }

    public init(value: Value) {
        let made = Made(value)
        state = Mutex(State(make: nil, made: made))
        published.store(UInt(bitPattern: Unmanaged.passUnretained(made).toOpaque()), ordering: .releasing)
    }

    public var value: Value {
        let address = published.load(ordering: .acquiring)
        if address != 0 { return Self.box(at: address).value }
        return state.withLock { state in
            if let made = state.made { return made.value }
            let made = Made(state.make!())
            state.make = nil
            state.made = made
            published.store(UInt(bitPattern: Unmanaged.passUnretained(made).toOpaque()), ordering: .releasing)
            return made.value
        }
    }

    private static func box(at address: UInt) -> Made {
        Unmanaged<Made>.fromOpaque(UnsafeRawPointer(bitPattern: address)!).takeUnretainedValue()
    }
}
