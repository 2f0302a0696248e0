// The grammars the `sentences` and `evidence` harnesses feed: every file of
// Grammar/ (read once from $FUZZ_GRAMMAR_DIR, default ./Grammar).
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
