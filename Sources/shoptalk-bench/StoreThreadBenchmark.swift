import Foundation
import ShopTalkDomain
import ShopTalkGrammar
import ShopTalkGrammarFiles
import ShopTalkSession
import ShopTalkStore

/// `shoptalk-bench --store-thread BATCH [--seconds N]`: what applying one
/// command in a batch costs the server, without sockets.
///
/// The server applies every line on one thread (see `Committer`; it was a
/// store thread of its own, hence the flag's name, and is now the reactor's),
/// so that work per command bounds its throughput. This replays the server
/// benchmark's lines ("add eggs", "add milk", "what's on my list") from 10
/// members through `Bot.respond`, BATCH commands per committed transaction on
/// a temporary database file, and prints commands per second and the time
/// per command.
func storeThreadBenchmark(batchSize: Int, seconds: Double, language: String) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("shoptalk-bench-\(getpid())")
    defer { try? FileManager.default.removeItem(at: folder) }
    guard let source = BundledGrammars.files["\(language)/\(language).grammar"] else { fail("no grammar for \(language)") }
    let grammar = try Grammar.compile(source: source, file: "Grammar/\(language)/\(language).grammar")
    let bot = Bot(grammar: grammar, store: Store(try SQLiteStore(path: folder.appendingPathComponent("bench.sqlite").path)))
    let members = try (0..<10).map { try UserName("user\($0)") }
    let lines = ["add eggs", "add milk", "what's on my list"].map { line in
        guard case .success(let read) = InputLine.read(Array(line.utf8), relay: false).result else { fail("unreadable line \(line)") }
        return read
    }
    var commands = 0
    var failures = 0
    let start = ContinuousClock.now
    let deadline = start + .milliseconds(Int(seconds * 1000))
    while ContinuousClock.now < deadline {
        try bot.batch {
            for index in 0..<batchSize {
                let member = members[(commands + index) % members.count]
                let line = lines[((commands + index) / members.count) % lines.count]
                if !bot.respond(to: line, from: member, conversation: index % members.count).reply.ok { failures += 1 }
            }
        }
        commands += batchSize
    }
    let elapsed = ContinuousClock.now - start
    let total = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    print(String(format: "shoptalk store thread, %d commands per commit: %.0f commands/s, %.1f us per command (%d commands, %d failed)",
                 batchSize, Double(commands) / total, total / Double(commands) * 1e6, commands, failures))
}
