import ShopTalkGrammar
import ShopTalkGrammarFiles
import Testing

/// The grammar language itself, on small grammars written for each test.
@Suite("Grammar language")
struct GrammarLanguageTests {
    func grammar(_ body: String) throws -> Grammar {
        try Grammar.compile(source: "language: xx\n" + body, file: "test.grammar")
    }

    func error(_ body: String) -> String? {
        do {
            _ = try grammar(body)
            return nil
        } catch {
            return (error as? GrammarError)?.description ?? "\(error)"
        }
    }

    @Test func alternativesOptionalsAndRules() throws {
        let g = try grammar("""
            rule put = add | put [in]
            intent add_items
              example: put in milk
              say: <put> {items} [(to|on) {list}]
            """)
        #expect(g.parse("add milk to Groceries")?.intent == "add_items")
        #expect(g.parse("put in milk")?[slot: "items"] == .items([ItemPhrase(name: "milk")]))
        #expect(g.parse("put milk on the Groceries") != nil)
        #expect(g.parse("take milk") == nil)
    }

    /// A "#" alone starts a comment; stuck to a word it is a channel's name.
    @Test func aHashAloneStartsACommentAndAChannelIsText() throws {
        let g = try grammar("""
            # a comment on its own line
            intent announce_list
              example: announce Groceries in #home   # and one after
              say: announce {list} in {channel}
              say: post in #home#
            """)
        #expect(g.parse("announce Groceries in #home")?[slot: "channel"] == .text("#home"))
        #expect(g.parse("post in #home#")?.intent == "announce_list")
        #expect(g.parse("post in") == nil)
    }

    @Test func groupsGluedToAWordChooseItsEnding() throws {
        let g = try grammar("""
            intent add_items
              example: добавь хлеб
              say: добав(ить|ь|ьте) {items}
              say: apple[s] please
            """)
        #expect(g.parse("добавить хлеб")?.intent == "add_items")
        #expect(g.parse("Добавьте хлеб")?.intent == "add_items")
        #expect(g.parse("добав хлеб") == nil)
        #expect(g.parse("apples please") != nil)
        #expect(g.parse("apple please") != nil)
    }

    @Test func textWithoutSpacesIsMatchedAroundTheGrammarsWords() throws {
        let g = try grammar("""
            items
              separators: 和 | 、
            intent add_items
              example: 把鸡蛋加到购物清单
              say: 把{items}加到{list}
            """)
        let parse = try #require(g.parse("把鸡蛋和牛奶加到周末清单"))
        #expect(parse[slot: "items"] == .items([ItemPhrase(name: "鸡蛋"), ItemPhrase(name: "牛奶")]))
        #expect(parse[slot: "list"] == .list(name: "周末清单", spoken: "周末清单"))
    }

    @Test func valueListsFillSlotsWithTheirCanonicalValue() throws {
        let g = try grammar("""
            values permission
              read-only = read only | view only
            items
              separators: and | ,
            intent share_list
              example: share Food with bob read only
              say: share {list} with {users} [{permission}]
              say: let {users} see {list} -> permission=read-only
            """)
        #expect(g.parse("share Food with bob view only")?[slot: "permission"] == .value("read-only"))
        #expect(g.parse("let bob and carol see Food")?[slot: "users"] == .users(["bob", "carol"]))
        #expect(g.parse("let bob see Food")?[slot: "permission"] == .value("read-only"))
    }

    @Test func fillersAreSkippedOnlyAtTheEdges() throws {
        let g = try grammar("""
            before: please | can you
            after: thanks
            intent add_items
              example: add milk
              say: add {items}
            """)
        #expect(g.parse("can you please add milk thanks")?[slot: "items"] == .items([ItemPhrase(name: "milk")]))
        #expect(g.parse("add please milk")?[slot: "items"] == .items([ItemPhrase(name: "please milk")]))
    }

    /// A word typed in a hurry is read whole, and a particle after a hyphen
    /// is taken off, except where it makes a word of its own.
    @Test func shorthandIsSpelledOutAndParticlesTakenOff() throws {
        let g = try grammar("""
            shorthand: không = ko | k | hông
            shorthand: nước = nc
            particles after hyphen: то | ка
            particles kept after: что | кто
            intent add_items
              example: add milk
              say: add {items}
            """)
        #expect(g.shorthand.spelledOut("thêm nc giặt, nc xả") == "thêm nước giặt, nước xả")
        #expect(g.shorthand.spelledOut("Khổ qua hông cần nữa, K") == "Khổ qua không cần nữa, không")
        #expect(g.shorthand.spelledOut("Молоко-то купили? добавь-ка гречку") == "Молоко купили? добавь гречку")
        #expect(g.shorthand.spelledOut("купи что-то к чаю, кто-то съел всё") == "купи что-то к чаю, кто-то съел всё")
        // Only whole words as listed: "hong", "nca", "5k" and "то" alone are left as typed.
        #expect(g.shorthand.spelledOut("hong nca 5k -то") == "hong nca 5k -то")
        #expect(error("shorthand: không = k\nshorthand: kilo = k\n")?.contains("“k” is shorthand for both “không” and “kilo”") == true)
        #expect(error("shorthand: được = đ c\n")?.contains("a shorthand is typed as one word, not “đ c”") == true)
        #expect(error("shorthand: ko\n")?.contains("a shorthand reads “shorthand: word = typed | typed”") == true)
    }

    /// A pronoun after a hyphen is a word of its own ("ôte-le" is "ôte ça",
    /// which points back at what was named), and a person it is for falls away.
    @Test func wordsAfterAHyphenStandApart() throws {
        let g = try grammar("""
            words after hyphen: ça = le | la | les | en | m'en
            particles after hyphen: moi | nous
            intent add_items
              example: add milk
              say: add {items}
            """)
        #expect(g.shorthand.spelledOut("le jambon, Ôte-le donc") == "le jambon, Ôte ça donc")
        #expect(g.shorthand.spelledOut("des bananes, rajoutes-en 6") == "des bananes, rajoutes ça 6")
        #expect(g.shorthand.spelledOut("les bananes, enlève-m'en 2") == "les bananes, enlève ça 2")
        #expect(g.shorthand.spelledOut("mets-nous 2 packs d'eau, mets-nous-en") == "mets 2 packs d'eau, mets ça")
        // A word that is the whole of what is typed, or no listed word after the hyphen, stays.
        #expect(g.shorthand.spelledOut("-le chou-fleur, lave-vaisselle") == "-le chou-fleur, lave-vaisselle")
        #expect(error("words after hyphen: ça = le\nwords after hyphen: lui = le\n")?.contains("“-le” stands for both “ça” and “lui”") == true)
    }

    @Test func russianItemsAreStoredInTheNominative() throws {
        let g = try grammar("""
            values number
              2 = два | две
              5 = пять
            values unit
              litre = литр | литра | литров
              pack = пачка | пачку | пачки
            items
              separators: , | и
              word forms: russian
              one unit: пачку
            intent add_items
              example: добавь гречку
              say: (добавь|купи) {items}
            """)
        func items(_ line: String) -> SlotValue? { g.parse(line)?[slot: "items"] }
        #expect(items("добавь гречку и туалетную бумагу") == .items([ItemPhrase(name: "гречка"), ItemPhrase(name: "туалетная бумага")]))
        #expect(items("купи два литра молока") == .items([ItemPhrase(name: "молоко", quantity: Fraction(2), unit: "litre")]))
        #expect(items("купи две пачки сливочного масла") == .items([ItemPhrase(name: "сливочное масло", quantity: Fraction(2), unit: "pack")]))
        #expect(items("купи пять помидоров") == .items([ItemPhrase(name: "помидоры", quantity: Fraction(5))]))
        #expect(items("купи пачку сливочного масла") == .items([ItemPhrase(name: "сливочное масло", unit: "pack")]))
        #expect(items("купи молоко") == .items([ItemPhrase(name: "молоко")]))
        #expect(error("items\n  word forms: latin\nintent x\n  example: q\n  say: q\n")?.contains("no word forms called “latin”") == true)
    }

    @Test func theMoreSpecificSentenceWins() throws {
        let g = try grammar("""
            intent show_list
              example: show Food
              say: show {list}
            intent show_lists
              example: show my lists
              say: show my lists
            """)
        #expect(g.parse("show my lists")?.intent == "show_lists")
        #expect(g.parse("show my food")?.intent == "show_list")
    }

    @Test("a line is asked by its closing ? or ？, or its opening ¿, whatever quotes stand round it", arguments: [
        ("¿leche?", true), ("leche?", true), ("¿leche", true), ("leche ?  ", true), ("«¿leche?»", true),
        ("“milk?”", true), ("(milk?)", true), ("牛奶？", true), ("\"¿leche\"", true),
        ("leche", false), ("?leche", false), ("le?che", false), ("", false), ("?", true), ("»", false), ("«", false),
        ("¿", true), ("milk!", false), ("café", false), ("ę", false),
    ])
    func askedLines(line: String, asked: Bool) {
        #expect(Grammar.isAsked(line) == asked)
    }

    /// Vietnamese and Chinese ask with a word at the end, as often as with a
    /// question mark: "có trứng không", "mua sữa chưa", "鸡蛋买了吗". The
    /// word alone is an answer ("không", "没有"), and a line it does not end is said.
    @Test("a line ending in a question particle of its language is asked", arguments: [
        ("vi", "có trứng không", true), ("vi", "mua sữa chưa", true), ("vi", "trứng còn không vậy", true),
        ("vi", "hết nước mắm rồi hả", true), ("vi", "thêm 2 ký cà chua", false), ("zh", "鸡蛋买了吗", true),
        ("zh", "酱油加了没", true), ("zh", "有酱油没有", true), ("zh", "面条还有么", true),
        ("vi", "không", false), ("vi", "chưa", false), ("vi", "không cần sữa nữa", false), ("vi", "thêm trứng", false),
        ("zh", "没有", false), ("zh", "牛奶没了", false), ("zh", "加两瓶牛奶", false),
        ("zh", "加个牛奶好吗", false), ("zh", "洗衣液我买了 能帮我勾一下吗", false), ("vi", "thêm sữa chua", false), ("vi", "thêm trứng được không", false),
        ("en", "add milk and eggs", false), ("en", "do we have milk?", true),
    ])
    func particlesAsk(language: String, line: String, asked: Bool) throws {
        let grammar = try LanguageFiles.builtIn.grammar(language)
        #expect(grammar.isAsked(line) == asked, "\(language): \(line)")
    }

    @Test func aGrammarsQuestionParticlesAreItsOwn() throws {
        let g = try grammar("""
            question particles: eh | or what
            intent add_items
              example: add milk
              say: add {items}
            """)
        #expect(g.isAsked("milk eh") && g.isAsked("got milk or what"))
        #expect(!g.isAsked("eh") && !g.isAsked("add milk") && !g.isAsked("eh add milk"))
        // Closing a word said after requests, a particle asks for a yes to the request.
        let polite = try grammar("""
            question particles: eh
            after: ok eh
            intent add_items
              example: add milk
              say: add {items}
            """)
        #expect(!polite.isAsked("add milk ok eh") && polite.isAsked("milk eh"))
    }

    /// A sentence written `ask:` reads as `say:` does; the bot asks before doing it.
    @Test func aSentenceWrittenAskIsAskedAboutFirst() throws {
        let g = try grammar("""
            intent remove_item
              example: remove milk
              say: remove {item}
              ask: no more {item}
            """)
        let asked = try #require(g.parse("no more milk")), said = try #require(g.parse("remove milk"))
        #expect(asked == said, "the same reading, however it was found")
        #expect(asked.asksFirst && !said.asksFirst)
    }

    @Test func aSentenceEndingInAQuestionMarkHoldsOnlyForALineAsked() throws {
        let g = try grammar("""
            intent add_items
              example: necesitamos leche
              say: necesitamos {items}
            intent find_item
              example: ¿necesitamos leche?
              say: necesitamos {item} ?
            """)
        #expect(g.parse("necesitamos leche")?.intent == "add_items")
        #expect(g.parse("necesitamos leche?")?.intent == "find_item")
        #expect(g.parse("¿necesitamos leche")?.intent == "find_item")
        #expect(g.parse("  «¿necesitamos leche?»  ")?.intent == "find_item")
        #expect(g.parse("¿necesitamos leche?")?[slot: "item"] == .text("leche"))
        // Without a sentence written for the question, the mark is punctuation as ever.
        #expect(try grammar("intent add_items\n  example: add milk\n  say: add {items}\n").parse("add milk?")?.intent == "add_items")
    }

    @Test("mistakes are reported with file, line and column", arguments: [
        ("intent add_items\n  example: add x\n  say: add {items\n", "test.grammar:4:12: error: “{” is never closed with “}”"),
        ("intent add_items\n  example: add x\n  say: <ad> {items}\n", "test.grammar:4:8: error: there is no rule called <ad>"),
        ("intent add_items\n  example: add x\n  say: add {itmes}\n", "test.grammar:4:12: error: there is no slot called {itmes}; the slots are"),
        ("intent add_items\n  example: add x\n  say: add (a|b {items}\n", "test.grammar:4:12: error: “(” at column 12 is never closed with “)”"),
        ("intent add_items\n  example: add x\n  say: add {items} {list}\n", "test.grammar:4:20: error: {list} follows another slot"),
        ("intent add_items\n  example: remove x\n  say: add {items}\n", "test.grammar:3:12: error: this example of add_items is not understood at all"),
        ("intent add_items\n  say: add {items}\n", "test.grammar:2:8: error: the intent add_items needs an “example:”"),
        ("rule a = <b>\nrule b = <a>\nintent x\n  example: q\n  say: <a>\n", "test.grammar:3:10: error: the rule <a> uses itself"),
        ("  say: add\n", "test.grammar:2:3: error: this line is indented but belongs to no block"),
        ("colour: blue\n", "test.grammar:2:1: error: unknown setting “colour”"),
        ("intent x\n  example: q\n  say: q ? [r]\n", "test.grammar:4:8: error: “?” stands alone at the very end of a sentence"),
        ("intent x\n  example: q\n  say: [q]\n", "test.grammar:4:8: error: this sentence can be empty"),
        ("values multiplier\n  1 = single\nintent x\n  example: q\n  say: q\n", "test.grammar:3:3: error: the values of “multiplier” must be whole numbers above 1, not “1”"),
    ])
    func located(_ body: String, _ expected: String) {
        let message = error(body)
        #expect(message?.hasPrefix(expected) == true, "\(message ?? "no error")")
    }

    @Test func aGrammarMustNameItsLanguage() {
        #expect(throws: GrammarError.self) { try Grammar.compile(source: "intent x\n  example: q\n  say: q\n", file: "g") }
    }

    @Test("lines built to multiply readings are read within the step budget", arguments: [
        String(("share " + String(repeating: "on with ", count: 1_000)).prefix(4_090)),
        String(("share eggs " + String(repeating: "from the list with ", count: 300)).prefix(4_090)),
        String(("add " + String(repeating: "to ", count: 2_000)).prefix(4_090)),
    ])
    func hostileLinesTerminate(_ line: String) {
        // A hang would stop the test run; a result must be the same each time.
        #expect(BuiltInGrammars.english.parse(line) == BuiltInGrammars.english.parse(line))
    }
}
