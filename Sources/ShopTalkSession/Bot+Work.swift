import Foundation
import ShopTalkDomain
import ShopTalkGrammar
import ShopTalkStore

/// What the bot does inside the store's transactions, as ``RepositoryWork``:
/// each is compiled for every engine's repository (see `Store.write`).

/// One parsed sentence, applied: the reply, who is told, and what "undo"
/// keeps of it.
struct CommandWork: RepositoryWork {
    let parse: Parse
    let grammar: Grammar
    let grammars: Grammars
    let lexicon: GrammarsLexicon
    let defaultListName: ListName
    let now: Date
    let conversation: Conversation
    let question: PendingQuestion?
    let lastChange: KeptChange?
    let journal: WriteJournal

    struct Done {
        let reply: Reply
        let notified: [UserName]
        let channelNews: [ChannelNews]
        let made: KeptChange?
        let undid: Bool
        let conversation: Conversation
    }

    func run<Repository: ShoppingRepository>(_ repository: Repository) throws -> Done {
        let household = Household(
            repository: repository, now: now, defaultListName: defaultListName,
            thingNames: ThingNames(language: grammar.language, lexicon: lexicon, nameHeadFirst: grammar.nameHeadFirst))
        let user = try household.enroll(conversation.speaker)
        var command = Command(
            parse: parse, grammar: grammar, grammars: grammars, household: household, user: user,
            conversation: conversation, question: question, lastChange: lastChange)
        let reply = try command.run()
        for event in command.events {
            let recipient = try household.enroll(event.to)
            try repository.enqueueEvent(event.stored, for: recipient, at: now, keep: Event.kept)
        }
        let made = journal.entries.isEmpty || command.undid ? nil : reply.message.map {
            KeptChange(step: UndoStep(at: now, entries: journal.entries), said: $0)
        }
        return Done(reply: reply, notified: Array(Set(command.events.map(\.to))).sorted(), channelNews: command.channelNews,
                    made: made, undid: command.undid, conversation: command.conversation)
    }
}

/// The events kept for a member, taken from the store, and the language they chose.
struct TakeEvents: RepositoryWork {
    let member: UserName

    func run<Repository: ShoppingRepository>(_ repository: Repository) throws -> ([String], String?) {
        guard let user = try repository.user(named: member) else { return ([], nil) }
        return (try repository.takeEvents(for: user), user.language)
    }
}

/// The language a member chose, if any.
struct ChosenLanguage: RepositoryWork {
    let member: UserName

    func run<Repository: ShoppingRepository>(_ repository: Repository) throws -> String? {
        try repository.user(named: member)?.language
    }
}

/// Stores the language a member was found to type (see `Bot.learnLanguage`); false for no such member.
struct LearnedLanguage: RepositoryWork {
    let member: UserName
    let language: String

    func run<Repository: ShoppingRepository>(_ repository: Repository) throws -> Bool {
        guard let user = try repository.user(named: member) else { return false }
        try repository.setLanguage(language, of: user)
        return true
    }
}

/// The language a member's news is worded in, as far as the bot knows it,
/// and the other language their latest lines were typed in, if any.
struct NewsLanguage {
    /// Lines in a row typed in another language that change a member's.
    static let linesToChange = 3
    var stored: String?
    var typedInstead: (language: String, lines: Int)?

    init(stored: String?) {
        self.stored = stored
    }
}

/// The names of the lists a member sees, for reading a line that names one
/// out of place (see `Grammar.rephrasings(of:lists:)`), and, `withThings`,
/// the names of the things on them: the evidence a line no sentence holds
/// is read by (see `Grammar.readByEvidence`).
struct VisibleListsAndThings: RepositoryWork {
    let member: UserName
    let now: Date
    let defaultListName: ListName
    var withThings = false

    func run<Repository: ShoppingRepository>(_ repository: Repository) throws -> (lists: [String], things: [String]) {
        guard let user = try repository.user(named: member) else { return ([], []) }
        let household = Household(repository: repository, now: now, defaultListName: defaultListName)
        let visible = try household.visibleLists(for: user)
        var things = Set<String>()
        if withThings {
            for list in visible {
                for item in try repository.items(in: list.list.id) { things.insert(item.name.value) }
            }
        }
        return (visible.map(\.list.name.value), things.sorted())
    }
}

/// The things ticked off on the lists a member sees: what "put it back" can mean.
struct TickedThings: RepositoryWork {
    let member: UserName
    let now: Date
    let defaultListName: ListName

    func run<Repository: ShoppingRepository>(_ repository: Repository) throws -> [String] {
        guard let user = try repository.user(named: member) else { return [] }
        let household = Household(repository: repository, now: now, defaultListName: defaultListName)
        var ticked = Set<String>()
        for list in try household.visibleLists(for: user) {
            for item in try repository.items(in: list.list.id) where item.isChecked { ticked.insert(item.name.value) }
        }
        return ticked.sorted()
    }
}
