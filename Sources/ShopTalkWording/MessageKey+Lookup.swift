extension MessageKey {
    /// Every key by its name in the message files. `MessageKey(rawValue:)`
    /// compares a name with each of some 800 keys in turn; a message file
    /// is read at start-up, and this lookup keeps that to one hash a line.
    static let byName: [String: MessageKey] = Dictionary(uniqueKeysWithValues: allCases.map { ($0.rawValue, $0) })
}
