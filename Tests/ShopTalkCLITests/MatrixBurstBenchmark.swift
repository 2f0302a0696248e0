import Foundation
import Testing

/// Not a test that runs by itself: a measurement for `docs/benchmarks.md`.
/// Three people in one room each say ten lines at once, as a family does
/// after a shop; the bot is held to the test Synapse's limit of one message
/// a second after a burst of four. It prints when the last line was
/// answered and how many messages the bot sent.
///
///     source scripts/synapse-venv.sh && install_synapse
///     SHOPTALK_BENCH_MATRIX=1 swift test --filter MatrixBurstBenchmark
@Suite("A family's burst of lines in Matrix, measured", .serialized,
       .enabled(if: ProcessInfo.processInfo.environment["SHOPTALK_BENCH_MATRIX"] == "1" && SynapseServer.shouldRun))
struct MatrixBurstBenchmark {
    @Test func threePeopleSayTenLinesEachAtOnce() throws {
        let (synapse, server) = try MatrixEndToEndTests.household(people: ["ana", "ben", "cy"], links: ["alice": "ana", "bob": "ben", "carol": "cy"])
        try synapse.liftRateLimit(of: ["ana", "ben", "cy"].map { "@\($0):\(SynapseServer.serverName)" })
        let people = try ["ana", "ben", "cy"].map { try MatrixTestClient(synapse, name: $0, password: "pw-\($0)") }
        let room = try people[0].createRoom(inviting: [MatrixEndToEndTests.bot, people[1].user, people[2].user])
        try people[1].join(room)
        try people[2].join(room)
        #expect(server.waitForLog(containing: "msg=\"Matrix room joined\"", seconds: 30) != nil)
        let start = Date()
        var said: [String] = []
        for index in 0..<10 {
            for (number, who) in people.enumerated() { said.append(try who.say("shopbot add thing\(number)x\(index)", in: room)) }
        }
        let timeline = try people[0].waitFor(in: room, seconds: 400) { Set(said).isSubset(of: Set(MatrixEndToEndTests.answers(in: $0).keys)) }
        let answered = said.filter { MatrixEndToEndTests.answers(in: timeline)[$0] != nil }.count
        print("Matrix burst: \(answered)/30 lines answered, the last \(String(format: "%.1f", Date().timeIntervalSince(start))) s after the first was said, in \(timeline.filter { $0.sender == MatrixEndToEndTests.bot }.count) messages")
        #expect(answered == 30)
    }
}
