// libFuzzer harness: arbitrary bytes as a sentence, against every grammar
// of Grammar/ (read once from $FUZZ_GRAMMAR_DIR, default ./Grammar).
import Foundation

let grammars: [Grammar] = {
    let folder = ProcessInfo.processInfo.environment["FUZZ_GRAMMAR_DIR"] ?? "Grammar"
    // One folder per language: Grammar/<code>/<code>.grammar.
    let codes = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    let files = codes.sorted().map { "\($0)/\($0).grammar" }.filter { FileManager.default.fileExists(atPath: folder + "/" + $0) }
    precondition(!files.isEmpty, "no grammar files in \(folder)")
    return files.map { file in
        try! Grammar(source: try! String(contentsOfFile: folder + "/" + file, encoding: .utf8), file: file)
    }
}()

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
