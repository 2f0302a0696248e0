// libFuzzer harness: arbitrary bytes as a sentence, against every grammar
// of Grammar/ (see LoadedGrammars.swift).
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSentences(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    for grammar in grammars {
        if let parse = grammar.parse(text) {
            precondition(grammar.intents.contains { $0.name == parse.intent }, "an intent the grammar does not have")
            _ = Parse.json(parse).serialized
        }
    }
    return 0
}
