// libFuzzer harness: arbitrary bytes as a line, against every grammar of
// Grammar/ (see LoadedGrammars.swift), weighed by
// the evidence the session reads a line by: its rephrasings, a list named
// whole or at the end of a name, bare items, half-read words. About 30 times
// slower per input than `sentences`, which parses only.
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEvidence(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    // The evidence the session weighs a line by, with lists named like the words of the line itself.
    let lists = ["Groceries", "BBQ on Saturday", "Grillen am Samstag", "Đi chợ", "生日派对", "Продукты"]
        + text.split(separator: " ").prefix(3).map(String.init)
    for grammar in grammars {
        if let parse = grammar.parse(text) {
            precondition(grammar.intents.contains { $0.name == parse.intent }, "an intent the grammar does not have")
            _ = Parse.json(parse).serialized
        }
        for rephrasing in grammar.rephrasings(of: text, lists: lists) { _ = grammar.parse(rephrasing.text) }
        if let whole = grammar.wholeListName(in: text, lists: lists), let read = grammar.parse(whole.text) { _ = read.puttingBack(whole.list) }
        _ = grammar.listTakenOut(of: text, lists: lists)
        _ = grammar.trailingLists(in: text)
        _ = grammar.trailingBareLists(in: text)
        _ = grammar.itemPhrases(in: text)
        _ = grammar.itemNames(in: text)
        _ = grammar.halfReadWords(inName: text)
    }
    return 0
}
