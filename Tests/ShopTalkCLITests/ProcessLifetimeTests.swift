import Testing
@testable import ShopTalkCLI

@Suite("What a command keeps to the process's end")
struct ProcessLifetimeTests {
    /// The tests run command after command in one process: what each loads
    /// is freed when it ends (only the executable, whose process ends with
    /// its command, leaves it to the system).
    @Test func aProcessThatGoesOnKeepsNothing() {
        let ends = ProcessLifetime.endsWithTheCommand.load(ordering: .relaxed)
        #expect(!ends)
        let before = ProcessLifetime.keptCount
        ProcessLifetime.keepToTheEnd([1, 2, 3])
        #expect(ProcessLifetime.keptCount == before)
    }
}
