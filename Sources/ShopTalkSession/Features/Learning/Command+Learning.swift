import ShopTalkDomain
import ShopTalkWording

/// The household's own examples (``LearnedLine``): kept when a member says
/// yes to "did you mean …?" (see `Command.answer`), read before the model
/// (see `Bot.learnedReading`), and forgotten here, all at once.
extension Command {
    /// "forget what you learned": the household's confirmed lines go; the bot asks about such lines again.
    mutating func forgetLearned() throws -> Reply {
        let count = try household.repository.forgetLearnedLines()
        return Reply(ok: true, intent: IntentName.forgetLearned.rawValue, message: Message(.learnedForgotten, ["count": .number(count)]),
                     data: .object([("forgotten", .int(count))]))
    }
}
