// libFuzzer harness: arbitrary text as a grammar file must compile or be
// refused with a located GrammarError; never crash, never hang.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGrammarLoader(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    do {
        let grammar = try Grammar(source: text, file: "fuzz.grammar")
        _ = grammar.parse("add 3 eggs to Groceries")
    } catch {
        precondition(error.location.line >= 0 && error.location.column >= 0, "an error without a place")
    }
    return 0
}
