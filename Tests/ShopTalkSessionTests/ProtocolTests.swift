import Foundation
import Testing

/// The machine protocol of docs/protocol.md: one JSON object per line, in order.
@Suite("JSON protocol")
struct ProtocolTests {
    let chat = try! ChatDriver(format: .json)

    @Test func addItemsReturnsTheItemsAsStored() {
        chat.say("add 2 eggs")
        #expect(chat.say("add 3 eggs and a litre of milk") ==
            #"{"ok":true,"intent":"add_items","text":"Added 3 eggs (5 now) and a litre of milk to the Shopping list.","lang":"en","data":{"list":{"name":"Shopping list","owner":"alice"},"items":[{"name":"eggs","display":"eggs","quantity":5,"unit":null,"checked":false,"lang":"en"},{"name":"milk","display":"milk","quantity":1,"unit":"litre","checked":false,"lang":"en"}]}}"#)
    }

    @Test func showListAndShowListsData() {
        chat.say("create list Groceries")
        chat.say("add eggs and butter to Groceries")
        chat.say("check off butter")
        #expect(chat.say("what's on Groceries") ==
            #"{"ok":true,"intent":"show_list","text":"Groceries:\n- eggs\n- [x] butter","lang":"en","data":{"list":{"name":"Groceries","owner":"alice"},"items":[{"name":"eggs","display":"eggs","quantity":1,"unit":null,"checked":false,"lang":"en"},{"name":"butter","display":"butter","quantity":1,"unit":null,"checked":true,"lang":"en"}]}}"#)
        #expect(chat.say("show my lists") ==
            #"{"ok":true,"intent":"show_lists","text":"Your lists:\n- Groceries (2 items, 1 to get)","lang":"en","data":{"lists":[{"name":"Groceries","owner":"alice","access":"owner","items":2,"default":false}],"shared_items":[]}}"#)
    }

    @Test func findItemNamesTheOtherListsThatHaveItToo() {
        chat.say("create list Tools")
        chat.say("add 2 nails to Tools")
        chat.say("add nails to my list")
        #expect(chat.say("where are the nails") ==
            #"{"ok":true,"intent":"find_item","text":"The Shopping list has nails and Tools has 2 nails.","lang":"en","data":{"list":{"name":"Shopping list","owner":"alice"},"item":{"name":"nails","display":"nails","quantity":1,"unit":null,"checked":false,"lang":"en"},"elsewhere":[{"list":{"name":"Tools","owner":"alice"},"item":{"name":"nails","display":"nails","quantity":2,"unit":null,"checked":false,"lang":"en"}}]}}"#)
        #expect(chat.say("are there nails on Tools") ==
            #"{"ok":true,"intent":"find_item","text":"Yes, 2 nails are on Tools.","lang":"en","data":{"list":{"name":"Tools","owner":"alice"},"item":{"name":"nails","display":"nails","quantity":2,"unit":null,"checked":false,"lang":"en"},"elsewhere":[]}}"#)
    }

    @Test func itemsOnOtherListsAndNamesNotActedOnAreTheirOwnFields() {
        chat.say("create list Tools")
        chat.say("add nails to Tools")
        chat.say("add milk to my list")
        #expect(chat.say("remove milk, nails and jam") ==
            #"{"ok":true,"intent":"remove_item","text":"Removed milk from the Shopping list and nails from Tools. There is no “jam” on the Shopping list.","lang":"en","data":{"list":{"name":"Shopping list","owner":"alice"},"items":[{"name":"milk","display":"milk","quantity":1,"unit":null,"checked":false,"lang":"en"}],"elsewhere":[{"list":{"name":"Tools","owner":"alice"},"items":[{"name":"nails","display":"nails","quantity":1,"unit":null,"checked":false,"lang":"en"}]}],"not_applied":[{"name":"jam","error":"not_found"}]}}"#)
    }

    @Test func historyDataSaysWhichPeriodItCovers() throws {
        chat.say("add milk")
        let midnight = Calendar.current.startOfDay(for: ChatDriver.now)
        let yesterday = try #require(try chat.json("what changed yesterday?")["data"] as? [String: Any])
        #expect(yesterday["since"] as? String == Calendar.current.date(byAdding: .day, value: -1, to: midnight)?.formatted(.iso8601))
        #expect(yesterday["until"] as? String == midnight.formatted(.iso8601))
        #expect((yesterday["changes"] as? [Any])?.count == 0)
        let today = try #require(try chat.json("what changed today?")["data"] as? [String: Any])
        #expect(today["since"] as? String == midnight.formatted(.iso8601))
        #expect(today["until"] is NSNull)
        #expect((today["changes"] as? [Any])?.count == 2)
        let latest = try #require(try chat.json("what changed?")["data"] as? [String: Any])
        #expect(latest["since"] is NSNull && latest["until"] is NSNull)
    }

    @Test func errorsCarryAStableCode() throws {
        #expect(try chat.json("show Narnia")["error"] as? String == "not_found")
        #expect(try chat.json("blah blah")["error"] as? String == "not_understood")
        #expect(try chat.json("blah blah")["intent"] is NSNull)
        #expect(try chat.json("add 0 eggs")["error"] as? String == "invalid")
        #expect(try chat.json("create a list")["error"] as? String == "invalid")
        #expect(try chat.json("create a list")["intent"] as? String == "create_list")
        #expect(try chat.json("share Groceries with bob")["error"] as? String == "not_found")
        chat.say("create list A")
        #expect(try chat.json("create list a")["error"] as? String == "duplicate")
    }

    @Test func everyLineGetsExactlyOneReplyInOrderABlankOneIncluded() {
        let output = chat.send(bytes: Array("add milk\n\nshow my lists\r\nblah\n".utf8))
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == 4)
        #expect(lines[0].contains(#""intent":"add_items""#))
        #expect(lines[1] == #"{"ok":true,"intent":null,"text":"","lang":"en","data":{}}"#)
        #expect(lines[2].contains(#""intent":"show_lists""#))
        #expect(lines[3].contains(#""error":"not_understood""#))
    }

    @Test func labelsAreEchoed() throws {
        let reply = try chat.json("@label=abc123 add milk")
        #expect(reply["label"] as? String == "abc123")
        #expect(reply["ok"] as? Bool == true)
        #expect(try chat.json("@label=x7 blah")["label"] as? String == "x7")
    }
}

@Suite("Bad input")
struct BadInputTests {
    let chat = try! ChatDriver(format: .json)

    func expectNothingStored() {
        #expect(chat.say("show my lists").contains("You have no lists yet"))
    }

    @Test func aLineOverTheLimitIsRefusedAndTheNextWorks() throws {
        let long = "add " + String(repeating: "x", count: 5_000)
        #expect(try chat.json(long)["error"] as? String == "too_long")
        expectNothingStored()
        #expect(try chat.json("add milk")["ok"] as? Bool == true)
    }

    @Test func aLineOfAMebibyteInPiecesIsOneReply() {
        var output = ""
        for _ in 0..<256 { output += chat.send(bytes: Array(repeating: UInt8(ascii: "a"), count: 4_096)) }
        output += chat.send(bytes: Array("\nadd milk\n".utf8))
        let lines = output.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first?.contains(#""error":"too_long""#) == true)
        #expect(lines.last?.contains(#""ok":true"#) == true)
    }

    @Test func invalidUTF8IsRefused() throws {
        let output = chat.send(bytes: Array("add ".utf8) + [0xC3, 0x28, 0xFF] + Array(" eggs\n".utf8))
        #expect(output.contains(#""error":"invalid""#))
        #expect(output.contains("not valid UTF-8"))
        expectNothingStored()
    }

    @Test("control characters are refused", arguments: ["add \u{0}eggs", "add \u{1B}[31meggs", "add eggs\u{7}", "add \u{9B}eggs"])
    func controlCharacters(_ line: String) throws {
        #expect(try chat.json(line)["error"] as? String == "invalid")
        expectNothingStored()
    }

    @Test("absurd quantities are refused", arguments: ["add 0 eggs", "add -3 eggs", "add 1000001 eggs", "add 99999999999999999999999 eggs"])
    func absurdQuantities(_ line: String) throws {
        let reply = try chat.json(line)
        #expect(reply["error"] as? String == "invalid")
        #expect(reply["text"] as? String == "A quantity must be more than 0 and at most 1,000,000.")
    }

    @Test func invisibleCharactersCannotDisguiseAName() throws {
        #expect(try chat.json("create list Gro\u{200B}ceries")["error"] as? String == "invalid")
        #expect(try chat.json("create list \u{202E}seirecorG")["error"] as? String == "invalid")
        expectNothingStored()
    }

    @Test func sqlMetaCharactersAreJustText() throws {
        #expect(try chat.json("create list Robert'); DROP TABLE lists;--")["ok"] as? Bool == true)
        #expect(try chat.json("add eggs to Robert'); DROP TABLE lists;--")["ok"] as? Bool == true)
        // Sentence punctuation at the end (";--") is not part of a name; the rest is stored as typed.
        #expect(chat.say("show my lists").contains(#""name":"Robert'); DROP TABLE lists","owner":"alice","access":"owner","items":1"#))
    }
}

@Suite("Relay mode")
struct RelayTests {
    @Test func eachLineIsSpokenByItsNickAndAnsweredToThem() throws {
        let relay = try ChatDriver(user: nil, relay: true, format: .json)
        let reply = try relay.json(":bob add milk")
        #expect(reply["to"] as? String == "bob")
        #expect(reply["text"] as? String == "Added milk to the Shopping list.")
        #expect(try relay.json(":carol show my lists")["text"] as? String == "You have no lists yet. Say “add milk” to start your shopping list, or “create a list called Groceries”.")
        #expect(try relay.json(":bob show my lists")["data"] != nil)
    }

    @Test func eachSpeakerHasTheirOwnCurrentList() throws {
        let relay = try ChatDriver(user: nil, relay: true)
        relay.say(":bob create list Tools")
        relay.say(":carol create list Food")
        relay.say(":bob switch to Tools")
        relay.say(":carol use Food")
        relay.say(":carol add bread")
        #expect(relay.say(":bob add glue") == ":bob Added glue to Tools.")
        #expect(relay.say(":carol add jam") == ":carol Added jam to Food.")
        #expect(relay.say("@label=7 :carol what's on it") == "@label=7 :carol Food:\n@label=7 :carol Bakery:\n@label=7 :carol - bread\n@label=7 :carol Cupboard:\n@label=7 :carol - jam")
    }

    @Test func aLineWithoutANickIsRefused() throws {
        let relay = try ChatDriver(user: nil, relay: true, format: .json)
        #expect(try relay.json("add milk")["error"] as? String == "invalid")
        #expect(try relay.json(":bob!! add milk")["error"] as? String == "invalid")
    }
}
