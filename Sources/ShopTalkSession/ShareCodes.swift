/// Share codes: short, unguessable, easy to read aloud.
enum ShareCodes {
    /// No 0/O, 1/I/L: 31 symbols, 10 of them: about 50 bits from the system's
    /// cryptographic random source (getrandom on Linux).
    static let alphabet = Array("23456789ABCDEFGHJKMNPQRSTUVWXYZ")
    static let length = 10

    static func random() -> String {
        var generator = SystemRandomNumberGenerator()
        return String((0..<length).map { _ in alphabet.randomElement(using: &generator)! })
    }
}
