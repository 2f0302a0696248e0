// libFuzzer harness: arbitrary text as a message file must load or be
// refused with a located MessageFileError; never crash, never hang. What
// loads is used to word a message with every kind of argument.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMessageLoader(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    do {
        let catalog = try MessageCatalog(source: text, file: "fuzz.messages")
        let arguments: [String: MessageArgument] = [
            "count": .number(21), "n": .decimal("1.5"), "name": .text("Groceries"),
            "items": .list([.text("eggs"), .message(Message(.goodbye)), .text("milk")], .and),
            "lines": .lines([.text("a"), .text("b")]),
        ]
        for key in catalog.keys { _ = catalog.render(Message(key, arguments)) }
    } catch {
        precondition(error.line >= 1 && error.column >= 1, "an error without a place")
    }
    return 0
}
