import Foundation
import ShopTalkJSON
import TestSupport
import Testing

/// `shoptalk export` and `shoptalk import`: a household's data taken out and
/// put back whole, and a bad file changing nothing.
@Suite("Export and import")
final class TransferTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("shoptalk-transfer-\(UUID().uuidString)")

    init() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    /// A household with something in every table.
    func household() throws -> String {
        let database = path("home.sqlite")
        for member in ["alice", "bob", "carol"] {
            _ = try ShopTalkBinary.run(["users", "add", member, "--password-stdin", "--db", database], input: "pw-\(member)\n")
        }
        _ = try ShopTalkBinary.run(["relays", "add", "irc", "--users", "alice,bob", "--db", database])
        try #require(try ShopTalkBinary.run(["users", "link", "bob", "irc-account:bobby", "--db", database]).status == 0)
        let chat = try ShopTalkBinary.run(["chat", "--relay", "--db", database], input: """
            :alice create list Groceries
            :alice add 2 eggs, bread and 1.5 kg of flour to Groceries
            :alice share Groceries with bob
            :bob accept Groceries
            :bob add milk to Groceries
            :alice got the eggs
            :alice make a share code for Groceries
            :alice share Groceries with carol
            :alice mute Groceries
            :alice put the bread under frozen
            :alice announce Groceries in #home
            :bob I'm going shopping at Lidl for alice's Groceries
            :bob got the milk
            :bob done shopping
            :alice sort Groceries for Lidl
            :alice bung 2 tins of beans on Groceries
            :alice yes

            """)
        try #require(chat.status == 0)
        return database
    }

    func tables(_ export: String) throws -> JSON {
        try #require(try JSONReader.object(export)["tables"])
    }

    @Test func aRoundTripKeepsEveryRow() throws {
        let database = try household()
        let exported = try ShopTalkBinary.run(["export", "--db", database])
        #expect(exported.status == 0)
        let file = path("backup.json")
        try exported.output.write(toFile: file, atomically: true, encoding: .utf8)
        let every = ["users", "lists", "items", "shares", "share_codes", "events", "activity", "relays", "links", "mutes", "announcements", "trips", "aisle_choices", "shop_orders", "learned"]
        for table in every {
            guard case .array(let rows)? = try tables(exported.output)[table] else {
                Issue.record("no \(table)")
                continue
            }
            #expect(!rows.isEmpty, "\(table) is empty: the household did not fill it")
        }
        #expect(exported.output.contains("\"password_hash\":\"pbkdf2"), "passwords must stay hashes")
        #expect(!exported.output.contains("pw-alice"))

        let restored = path("restored.sqlite")
        let imported = try ShopTalkBinary.run(["import", file, "--db", restored])
        #expect(imported.status == 0, "\(imported.error)")
        // (carol has not been here: alice's news for her waits in `events`.)
        #expect(imported.output == "Imported 3 members, 1 lists, 3 items from \(file) into \(restored).\n")
        let again = try ShopTalkBinary.run(["export", "--db", restored])
        #expect(try tables(again.output) == tables(exported.output))
        // And it works: bob's milk, alice's shared list, bob's login.
        let chat = try ShopTalkBinary.run(["chat", "--db", restored, "--user", "bob"], input: "what's on alice's Groceries?\n")
        #expect(chat.output.contains("Frozen:\n- bread"), "alice's aisle choice came back")
        // What the household taught its reader came back: the phrasing alice confirmed is done without a question.
        let taught = try ShopTalkBinary.run(["chat", "--db", restored, "--user", "alice"], input: "bung 2 tins of corn on Groceries\n")
        #expect(taught.output.hasPrefix("Added 2 cans of corn to Groceries."), "\(taught.output)")
    }

    @Test(.enabled(if: TestCluster.shouldRun, TestCluster.skipped))
    func aHouseholdMovesFromSQLiteToPostgreSQLAndBackWhole() throws {
        let sqlite = try household()
        let exported = try ShopTalkBinary.run(["export", "--db", sqlite])
        let file = path("move.json")
        try exported.output.write(toFile: file, atomically: true, encoding: .utf8)
        let postgres = try TestDatabase()
        let imported = try ShopTalkBinary.run(["import", file, "--db", postgres.url])
        #expect(imported.status == 0, "\(imported.error)")
        #expect(imported.output == "Imported 3 members, 1 lists, 3 items from \(file) into \(postgres.url).\n")
        // Every row of every table, as it was: the same document out of PostgreSQL.
        let fromPostgres = try ShopTalkBinary.run(["export", "--db", postgres.url])
        #expect(fromPostgres.status == 0, "\(fromPostgres.error)")
        #expect(try tables(fromPostgres.output) == tables(exported.output))
        // It is a household there: bob logs in, sees alice's aisles, and what he adds gets a new id, after the imported ones.
        let chat = try ShopTalkBinary.run(["chat", "--db", postgres.url, "--user", "bob"], input: "add tea to alice's Groceries\nwhat's on alice's Groceries?\n")
        #expect(chat.output.contains("Added tea to alice's Groceries list."), "\(chat.output)")
        #expect(chat.output.contains("Frozen:\n- bread"), "\(chat.output)")
        // A database with a household is left alone, and --merge is for SQLite files.
        let again = try ShopTalkBinary.run(["import", file, "--db", postgres.url])
        #expect(again.status == 1)
        #expect(again.error.contains("already holds members or lists"), "\(again.error)")
        let merge = try ShopTalkBinary.run(["import", "--merge", file, "--db", postgres.url])
        #expect(merge.status == 1)
        #expect(merge.error.contains("adds to a SQLite file only"), "\(merge.error)")
        // And back to a file, tea included.
        let back = path("back.json")
        try ShopTalkBinary.run(["export", "--db", postgres.url]).output.write(toFile: back, atomically: true, encoding: .utf8)
        let returned = path("returned.sqlite")
        #expect(try ShopTalkBinary.run(["import", back, "--db", returned]).status == 0)
        #expect(try rows("items", of: returned).compactMap { $0["name"] } == [.string("bread"), .string("flour"), .string("beans"), .string("tea")])
    }

    @Test func aDatabaseWithDataIsLeftAlone() throws {
        let database = try household()
        let file = path("backup.json")
        try ShopTalkBinary.run(["export", "--db", database]).output.write(toFile: file, atomically: true, encoding: .utf8)
        let before = try ShopTalkBinary.run(["export", "--db", database]).output
        let refused = try ShopTalkBinary.run(["import", file, "--db", database])
        #expect(refused.status == 1)
        #expect(refused.error.contains("already holds members or lists; import goes into an empty database only (add --merge to add to it), and nothing was changed"))
        #expect(try tables(ShopTalkBinary.run(["export", "--db", database]).output) == tables(before))
    }

    @Test func aMergeAddsBesideWhatIsThereAndOverwritesNothing() throws {
        let file = path("backup.json")
        try ShopTalkBinary.run(["export", "--db", try household()]).output.write(toFile: file, atomically: true, encoding: .utf8)
        // Another server, where alice (with another password) and dave have started afresh.
        let target = path("other.sqlite")
        for member in ["alice", "dave"] {
            _ = try ShopTalkBinary.run(["users", "add", member, "--password-stdin", "--db", target], input: "other-\(member)\n")
        }
        _ = try ShopTalkBinary.run(["chat", "--relay", "--db", target], input: ":alice create list Groceries\n:alice add salt to Groceries\n")
        let aliceBefore = try #require(rows("users", of: target).first { $0["name"] == .string("alice") })

        let merged = try ShopTalkBinary.run(["import", "--merge", file, "--db", target])
        #expect(merged.status == 0, "\(merged.error)")
        #expect(merged.output == """
            Merged \(file) into \(target): 2 new members (1 already here), 1 lists, 3 items.
            The list “Groceries” came in as “Groceries (imported)”, as its owner already has one of that name.
            Left out 1 of learned: what that household taught its reader is not taught here.
            Left out 1 of links: they would speak for members; merge again with --with-access to bring them.
            Left out 1 of relays: they would speak for members; merge again with --with-access to bring them.
            New members whose passwords came with them (they can log in with them): bob, carol.
            Passwords in the export ignored for members already here (theirs stay): alice.
            Share codes brought: 1 (anyone who knows one may join its list).

            """)
        // alice is who she was (her password, her list), and has her imported list beside it.
        #expect(try rows("users", of: target).first { $0["name"] == .string("alice") } == aliceBefore)
        let alice = try ShopTalkBinary.run(["chat", "--db", target, "--user", "alice"], input: "show my lists\nshow Groceries (imported)\n")
        #expect(alice.output.contains("- Groceries (1 item)"))
        #expect(alice.output.contains("Groceries (imported):\nCupboard:\n- 2 cans of beans\n- 1.5 kg of flour\nFrozen:\n- bread"), "\(alice.output)")
        // bob's share follows the list to its new name.
        let bob = try ShopTalkBinary.run(["chat", "--db", target, "--user", "bob"], input: "show my lists\n")
        #expect(bob.output.contains("Groceries (imported) (alice's, can edit, 3 items)"), "\(bob.output)")
        // The same export again: a second copy beside, and what is already here (codes, relays, links) left out.
        let again = try ShopTalkBinary.run(["import", "--merge", file, "--db", target])
        #expect(again.output.contains("came in as “Groceries (imported 2)”"))
        #expect(again.output.contains("Left out 1 of share_codes: the same was here already."))
    }

    /// The probe: an export from someone else whose member is named like
    /// one here would hand that member to its IRC link and its relay. A merge
    /// leaves both out, and says so; asked to bring them, it names each.
    @Test func aMergeOfAnUntrustedExportHandsOverNobody() throws {
        let theirs = path("theirs.sqlite")
        _ = try ShopTalkBinary.run(["users", "add", "alice", "--password-stdin", "--db", theirs], input: "mallorys-own\n")
        try #require(try ShopTalkBinary.run(["users", "link", "alice", "irc-account:mallory", "--db", theirs]).status == 0)
        try #require(try ShopTalkBinary.run(["relays", "add", "evil", "--users", "alice", "--db", theirs]).status == 0)
        let file = path("theirs.json")
        try ShopTalkBinary.run(["export", "--db", theirs]).output.write(toFile: file, atomically: true, encoding: .utf8)
        let target = path("home.sqlite")
        _ = try ShopTalkBinary.run(["users", "add", "alice", "--password-stdin", "--db", target], input: "alices-own\n")

        let merged = try ShopTalkBinary.run(["import", "--merge", file, "--db", target])
        #expect(merged.status == 0, "\(merged.error)")
        #expect(merged.output.contains("0 new members (1 already here)"))
        #expect(merged.output.contains("Left out 1 of links: they would speak for members; merge again with --with-access to bring them."))
        #expect(merged.output.contains("Left out 1 of relays: they would speak for members; merge again with --with-access to bring them."))
        #expect(merged.output.contains("Passwords in the export ignored for members already here (theirs stay): alice."))
        #expect(try rows("links", of: target).isEmpty)
        #expect(try rows("relays", of: target).isEmpty)

        let withAccess = try ShopTalkBinary.run(["import", "--merge", "--with-access", file, "--db", target])
        #expect(withAccess.status == 0, "\(withAccess.error)")
        #expect(withAccess.output.contains("Brought the relay “evil”, which speaks for alice."), "\(withAccess.output)")
        #expect(withAccess.output.contains("Brought the link irc-account:mallory: it speaks for alice."), "\(withAccess.output)")
        #expect(try ShopTalkBinary.run(["import", "--with-access", file, "--db", path("empty.sqlite")]).error.contains("--with-access goes with --merge"))
    }

    /// A hash names its own work factor: one of twelve million iterations
    /// made a login cost five seconds of CPU. Only what this build writes is
    /// imported; a name longer than a member could type is refused too.
    @Test(arguments: [
        ("$120000$", "$12000000$", "its password hash is not one this shoptalk writes"),
        ("$120000$", "$2000000000$", "its password hash is not one this shoptalk writes"),
        ("pbkdf2-sha256$", "pbkdf2-sha1$", "its password hash is not one this shoptalk writes"),
        ("\"name\":\"Groceries\"", "\"name\":\"" + String(repeating: "G", count: 101) + "\"", "“name” is 101 characters long, and no member could type more than 100"),
        ("\"name\":\"bread\"", "\"name\":\"" + String(repeating: "b", count: 2_000_000) + "\"", "“name” is 2000000 characters long, and no member could type more than 100"),
    ])
    func rowsNoMemberCouldHaveMadeAreRefused(original: String, planted: String, reason: String) throws {
        let whole = try ShopTalkBinary.run(["export", "--db", try household()]).output
        #expect(whole.contains(original))
        let file = path("planted.json")
        try whole.replacingOccurrences(of: original, with: planted).write(toFile: file, atomically: true, encoding: .utf8)
        let target = path("new.sqlite")
        let refused = try ShopTalkBinary.run(["import", file, "--db", target])
        #expect(refused.status == 1)
        #expect(refused.error.contains(reason), "\(refused.error)")
        #expect(try ShopTalkBinary.run(["info", "--db", target]).output.contains("members: 0, lists: 0, items: 0"))
    }

    @Test func aMergeThatFailsChangesNothing() throws {
        let whole = try ShopTalkBinary.run(["export", "--db", try household()]).output
        let target = path("other.sqlite")
        _ = try ShopTalkBinary.run(["chat", "--db", target, "--user", "dave"], input: "add salt\n")
        let before = try ShopTalkBinary.run(["export", "--db", target]).output
        let broken = path("broken.json")
        try whole.replacingOccurrences(of: "\"name\":\"Groceries\"", with: "\"name\":null").write(toFile: broken, atomically: true, encoding: .utf8)
        let failed = try ShopTalkBinary.run(["import", "--merge", broken, "--db", target])
        #expect(failed.status == 1)
        #expect(failed.error.contains("could not be imported"))
        #expect(try tables(ShopTalkBinary.run(["export", "--db", target]).output) == tables(before))
    }

    /// A file whose names or notes hold what the bot would refuse from a
    /// line — a control character, an escape sequence, a direction override,
    /// an invisible character — is refused, the row named, and nothing
    /// written, whether into an empty database or merged into one.
    @Test(arguments: [
        ("\"name\":\"Groceries\"", "\"name\":\"Groceries\\r\\nQUIT :pwned\""),
        ("\"name\":\"bread\"", "\"name\":\"bread\\u001b]0;pwned\\u0007\""),
        ("\"name\":\"flour\"", "\"name\":\"\\u202eflour\""),
        ("\"name\":\"flour\"", "\"name\":\"fl\\u034four\""),
        ("\"name\":\"Groceries\"", "\"name\":\"Groceries\\u0000\""),
    ])
    func namesNoMemberCouldTypeAreRefused(original: String, planted: String) throws {
        let whole = try ShopTalkBinary.run(["export", "--db", try household()]).output
        #expect(whole.contains(original))
        let file = path("planted.json")
        try whole.replacingOccurrences(of: original, with: planted).write(toFile: file, atomically: true, encoding: .utf8)
        let target = path("new.sqlite")
        let refused = try ShopTalkBinary.run(["import", file, "--db", target])
        #expect(refused.status == 1)
        #expect(refused.error.contains("the row with id"), "\(refused.error)")
        #expect(refused.error.contains("holds control, direction or invisible characters"), "\(refused.error)")
        #expect(try ShopTalkBinary.run(["info", "--db", target]).output.contains("members: 0, lists: 0, items: 0"))

        let other = path("other.sqlite")
        _ = try ShopTalkBinary.run(["chat", "--db", other, "--user", "dave"], input: "add salt\n")
        let before = try ShopTalkBinary.run(["export", "--db", other]).output
        let merged = try ShopTalkBinary.run(["import", "--merge", file, "--db", other])
        #expect(merged.status == 1)
        #expect(merged.error.contains("holds control, direction or invisible characters"), "\(merged.error)")
        #expect(try tables(ShopTalkBinary.run(["export", "--db", other]).output) == tables(before))
    }

    /// A table's rows in a database, as `shoptalk export` writes them.
    func rows(_ table: String, of database: String) throws -> [[String: JSON]] {
        guard case .array(let rows)? = try tables(ShopTalkBinary.run(["export", "--db", database]).output)[table] else { return [] }
        return rows.compactMap { row in
            guard case .object(let columns) = row else { return nil }
            return Dictionary(columns, uniquingKeysWith: { first, _ in first })
        }
    }

    @Test func aTruncatedOrForeignFileChangesNothing() throws {
        let database = try household()
        let whole = try ShopTalkBinary.run(["export", "--db", database]).output
        let cut = path("cut.json")
        try String(whole.prefix(whole.count / 2)).write(toFile: cut, atomically: true, encoding: .utf8)
        let target = path("new.sqlite")
        let truncated = try ShopTalkBinary.run(["import", cut, "--db", target])
        #expect(truncated.status == 1)
        #expect(truncated.error.contains("is not a whole export"))
        let foreign = path("foreign.json")
        try #"{"format":"something-else","version":1}"#.write(toFile: foreign, atomically: true, encoding: .utf8)
        #expect(try ShopTalkBinary.run(["import", foreign, "--db", target]).error.contains("not a ShopTalk export"))
        // A row that breaks a rule: the whole import is undone.
        let broken = path("broken.json")
        try whole.replacingOccurrences(of: "\"name\":\"Groceries\"", with: "\"name\":null").write(toFile: broken, atomically: true, encoding: .utf8)
        let failed = try ShopTalkBinary.run(["import", broken, "--db", target])
        #expect(failed.status == 1)
        #expect(failed.error.contains("could not be imported"))
        #expect(try ShopTalkBinary.run(["info", "--db", target]).output.contains("members: 0, lists: 0, items: 0"))
    }
}
