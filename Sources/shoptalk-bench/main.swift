import Foundation
import ShopTalkGrammar
import ShopTalkGrammarFiles

/// Parsing benchmark: `shoptalk-bench SENTENCES.tsv [--seconds N] [--lang CODE|all]`.
///
/// Parses the `sentence` column of the file over and over for N seconds
/// (default 5), timing every call, and prints one line in the same shape as
/// hassil_bench.py: sentences/s, p50 and p99 in microseconds. It also
/// reports how long compiling the grammar took. `--lang all` loads every
/// built-in grammar and tries each sentence as the bot does (English first,
/// then the others until one understands it). Build it in release mode.
///
/// `--reader`: a sentence no grammar understands is read by the preferred
/// language's model (trained, or read from the cache, before timing), as
/// the bot reads such a line; the time is the grammar's and the model's.
///
/// `--compile ROUNDS` times compiling the grammar; `--store-thread BATCH`
/// times applying commands in batches as the server does (see StoreThreadBenchmark.swift).

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("shoptalk-bench: \(message)\n".utf8))
    exit(2)
}

var arguments = Array(CommandLine.arguments.dropFirst())
var seconds = 5.0
var language = "en"
var path: String?
var compileRounds = 0
var storeThreadBatch = 0
var preferLineLanguage = false
var withReader = false
while !arguments.isEmpty {
    let argument = arguments.removeFirst()
    switch argument {
    case "--seconds":
        guard let value = arguments.first.flatMap(Double.init) else { fail("--seconds needs a number") }
        arguments.removeFirst()
        seconds = value
    case "--compile":
        guard let value = arguments.first.flatMap(Int.init) else { fail("--compile needs a count") }
        arguments.removeFirst()
        compileRounds = value
    case "--store-thread":
        guard let value = arguments.first.flatMap(Int.init), value > 0 else { fail("--store-thread needs a batch size") }
        arguments.removeFirst()
        storeThreadBatch = value
    case "--prefer-line-language":
        preferLineLanguage = true
    case "--reader":
        withReader = true
    case "--lang":
        guard let value = arguments.first else { fail("--lang needs a value") }
        arguments.removeFirst()
        language = value
    default: path = argument
    }
}
if storeThreadBatch > 0 {
    try storeThreadBenchmark(batchSize: storeThreadBatch, seconds: seconds, language: language)
    exit(0)
}
if compileRounds > 0 {
    // Times compiling the built-in grammar, the bulk of start-up.
    guard let source = BundledGrammars.files["\(language)/\(language).grammar"] else { fail("no grammar for \(language)") }
    let text = source
    var times: [Double] = []
    for _ in 0..<compileRounds {
        let start = ContinuousClock.now
        _ = try Grammar.compile(source: text, file: "Grammar/\(language)/\(language).grammar")
        let elapsed = ContinuousClock.now - start
        times.append(Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000)
    }
    times.sort()
    let grammar = try Grammar.compile(source: text, file: "Grammar/\(language)/\(language).grammar")
    print(String(format: "shoptalk %@ grammar compiled %d times: median %.1f ms, min %.1f ms (%d trie nodes, %d words)",
                 language, compileRounds, times[times.count / 2], times[0], grammar.statistics.trieNodes, grammar.statistics.words))
    exit(0)
}
guard let path else { fail("usage: shoptalk-bench SENTENCES.tsv [--seconds N] [--lang CODE] | shoptalk-bench --compile ROUNDS [--lang CODE] | shoptalk-bench --store-thread BATCH [--seconds N]") }
guard let table = try? String(contentsOfFile: path, encoding: .utf8) else { fail("cannot read \(path)") }
let rows = table.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
guard let header = rows.first, let column = header.firstIndex(of: "sentence") else { fail("\(path) has no 'sentence' column") }
let sentences = rows.dropFirst().filter { $0.count > column }.map { $0[column] }

// `--lang all`: every built-in grammar loaded, each sentence tried as the bot
// tries a line, English first, then the others until one understands it.
let compileStart = ContinuousClock.now
let grammars: Grammars
if language == "all" {
    grammars = try LanguageFiles.builtIn.grammars(defaultLanguage: "en")
} else {
    guard let source = BundledGrammars.files["\(language)/\(language).grammar"] else { fail("no grammar for \(language)") }
    grammars = Grammars(try Grammar.compile(source: source, file: "Grammar/\(language)/\(language).grammar"))
}
let compileTime = ContinuousClock.now - compileStart
// `--prefer-line-language`: each sentence is tried in its own row's language
// first (the `lang` column), as in a conversation already in that language.
let languageColumn = header.firstIndex(of: "lang")
let preferredLanguages: [String] = rows.dropFirst().filter { $0.count > column }.map { row in
    guard preferLineLanguage, let languageColumn, row.count > languageColumn else { return grammars.defaultLanguage }
    // "zh-CN", as hassil names it, is ShopTalk's "zh".
    return String(row[languageColumn].split(separator: "-").first ?? "")
}

// The models, loaded before timing: the bot loads a language's on the first line that needs it.
let readerStart = ContinuousClock.now
let models: [String: (LanguageModel, Grammar)] = withReader ? Dictionary(uniqueKeysWithValues: grammars.languages.compactMap { code in
    guard let grammar = grammars[code], let model = grammars.model(code) else { return nil }
    return (code, (model, grammar))
}) : [:]
let readerTime = ContinuousClock.now - readerStart
let aisles = grammars.aisles

/// How many slots the line's reading has: the grammar's, else (with `--reader`) the model's; -1 when neither reads it.
func read(_ sentence: String, preferring preferred: String) -> Int {
    if let parsed = grammars.parse(sentence, preferring: preferred) { return parsed.parse.slots.count }
    guard let (model, grammar) = models[preferred] else { return -1 }
    let reading = model.readings(of: sentence, grammar: grammar, context: ReaderContext(), isFood: { aisles.knows($0, in: preferred) }, limit: 1).first
    return reading.map { $0.parse.slots.count } ?? -1
}

let understood = zip(sentences, preferredLanguages).filter { read($0, preferring: $1) >= 0 }.count

var latencies: [Int64] = []
latencies.reserveCapacity(10_000_000)
let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
var sink = 0
var now = ContinuousClock.now
while now < deadline {
    for (sentence, preferred) in zip(sentences, preferredLanguages) {
        let start = ContinuousClock.now
        sink &+= read(sentence, preferring: preferred)
        now = ContinuousClock.now
        let elapsed = now - start
        latencies.append(elapsed.components.attoseconds / 1_000_000_000 + elapsed.components.seconds * 1_000_000_000)
    }
}
latencies.sort()
let total = Double(latencies.reduce(0, +)) / 1e9
let sorted = latencies
let p50 = Double(sorted[sorted.count / 2]) / 1000
let p99 = Double(sorted[min(sorted.count - 1, sorted.count * 99 / 100)]) / 1000
let compileMilliseconds = Double(compileTime.components.attoseconds) / 1e15 + Double(compileTime.components.seconds) * 1000
let readerMilliseconds = Double(readerTime.components.attoseconds) / 1e15 + Double(readerTime.components.seconds) * 1000
let readerNote = withReader ? String(format: "; %d models loaded in %.0f ms (%d KB)", models.count, readerMilliseconds,
                                     models.values.map(\.0.byteCount).reduce(0, +) / 1024) : ""
print(String(format: "shoptalk %@ %d sentences (%d read): %.0f sentences/s, p50 %.2f us, p99 %.2f us; grammar compiled in %.1f ms%@%@",
             language, sentences.count, understood, Double(latencies.count) / total, p50, p99,
             compileMilliseconds, readerNote, sink == -1 ? " " : ""))
