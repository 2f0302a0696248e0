import Foundation
import Testing
@testable import ShopTalkCLI
import ShopTalkStore

@Suite("The shoptalk command line")
struct CommandLineTests {
    @Test func helpListsTheSubcommands() throws {
        let result = try ShopTalkBinary.run(["--help"])
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("ShopTalk: a chat bot for shared household shopping lists."))
        #expect(result.output.contains("usage: shoptalk"))
        #expect(result.error.isEmpty)
    }

    @Test func versionPrintsTheVersion() throws {
        let result = try ShopTalkBinary.run(["--version"])
        #expect(result.status == 0)
        #expect(result.output == "shoptalk \(ShopTalkCLI.version)\n")
    }

    /// "[LANG ...]" takes as many languages as are named: `shoptalk train en zh`.
    @Test func aLastPositionalWithDotsTakesAnyNumber() throws {
        let parsed = try ParsedArguments(["--report", "en", "zh", "ru"], spec: TrainCommand.spec)
        #expect(parsed.positionals == ["en", "zh", "ru"])
        #expect(throws: UsageError.self) { try ParsedArguments(["a", "b"], spec: CommandSpec(name: "x", summary: "", positionals: ["[ONE]"], options: [])) }
    }

    /// The thresholds are written beside the examples they came from, so the
    /// folder must be named: never the built-in files, which a build embeds.
    @Test func writingThresholdsNeedsTheFolderOfTheGrammar() throws {
        let result = try ShopTalkBinary.run(["train", "--write-thresholds", "en"])
        #expect(result.status == 1)
        #expect(result.output.isEmpty, "nothing trained")
        #expect(result.error == "shoptalk: --write-thresholds writes into the folder of --grammar DIR; say which\n")
    }

    @Test func aLeadingDoubleDashIsIgnored() throws {
        let result = try ShopTalkBinary.run(["--", "--version"])
        #expect(result.output == "shoptalk \(ShopTalkCLI.version)\n")
    }

    @Test func eachSubcommandHasHelp() throws {
        for command in ShopTalkCLI.commands {
            let result = try ShopTalkBinary.run([command.spec.name, "--help"])
            #expect(result.status == 0)
            #expect(result.output.contains("usage: shoptalk \(command.spec.name)"))
        }
    }

    @Test("bad command lines print usage to stderr and exit 2", arguments: [
        (["--frobnicate"], "unknown option '--frobnicate'"),
        (["frobnicate"], "unknown subcommand 'frobnicate'"),
        (["info", "--nope"], "unknown option '--nope'"),
        (["info", "--db"], "option '--db' needs a value"),
        (["info", "extra"], "unexpected argument 'extra'"),
    ])
    func badCommandLines(_ arguments: [String], _ message: String) throws {
        let result = try ShopTalkBinary.run(arguments)
        #expect(result.status == 2)
        #expect(result.output.isEmpty)
        #expect(result.error.hasPrefix("shoptalk: \(message)\n"))
        #expect(result.error.contains("usage: shoptalk"))
    }

    @Test func theDatabaseGoesWhereTheEnvironmentSays() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("shoptalk-cli-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let chat = try ShopTalkBinary.run(["chat"], input: "add milk\n", environment: ["SHOPTALK_DB": "", "XDG_DATA_HOME": folder.path])
        #expect(chat.status == 0)
        #expect(FileManager.default.fileExists(atPath: folder.path + "/shoptalk/shoptalk.sqlite"))
        let explicit = folder.path + "/explicit.sqlite"
        let env = try ShopTalkBinary.run(["info"], environment: ["SHOPTALK_DB": explicit])
        #expect(env.output.contains("database: \(explicit)"))
        let flag = try ShopTalkBinary.run(["info", "--db", folder.path + "/flag.sqlite"], environment: ["SHOPTALK_DB": explicit])
        #expect(flag.output.contains("database: \(folder.path)/flag.sqlite"))
    }

    @Test func infoOnlyReadsAndSaysWhenThereIsNoDatabase() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("shoptalk-cli-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.path + "/not/yet/shoptalk.sqlite"
        let before = try ShopTalkBinary.run(["info", "--db", path])
        #expect(before.status == 0)
        #expect(before.output == """
            database: \(path)
            There is no database there yet: “shoptalk chat” or “shoptalk serve” makes it on first use.
            tls: no certificate yet (“shoptalk serve --tls auto” makes one beside the database)

            """)
        #expect(!FileManager.default.fileExists(atPath: folder.path), "info made a folder")
        _ = try ShopTalkBinary.run(["chat", "--db", path, "--user", "alice"], input: "add milk and eggs\ncreate list Party\n")
        let after = try ShopTalkBinary.run(["info", "--db", path])
        #expect(after.output.contains("schema: \(SQLiteStore.schemaVersion) (this shoptalk writes \(SQLiteStore.schemaVersion))\n"))
        #expect(after.output.contains("members: 1, lists: 2, items: 2\n"))
    }

    @Test func aForeignFileIsRefusedWithStatusOneAndLeftAlone() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("shoptalk-cli-\(UUID().uuidString).txt").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data("not a database\n".utf8).write(to: URL(fileURLWithPath: path))
        let result = try ShopTalkBinary.run(["info", "--db", path])
        #expect(result.status == 1)
        #expect(result.error == "shoptalk: \(path) is not a ShopTalk database; it was left untouched\n")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "not a database\n")
    }

    @Test func defaultPathFollowsTheEnvironment() {
        #expect(StoreLocation.defaultPath(environment: ["SHOPTALK_DB": "/x/db"]) == "/x/db")
        #expect(StoreLocation.defaultPath(environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/a"]) == "/data/shoptalk/shoptalk.sqlite")
        #expect(StoreLocation.defaultPath(environment: ["HOME": "/home/a"]) == "/home/a/.local/share/shoptalk/shoptalk.sqlite")
    }
}

@Suite("Starting on an unusable database")
struct UnusableDatabaseTests {
    @Test("exits with status 1 and says why", arguments: [
        ("/proc/shoptalk/db.sqlite", "shoptalk: cannot open the database /proc/shoptalk/db.sqlite"),
        ("/", "shoptalk: cannot open the database /"),
    ])
    func unusable(_ path: String, _ message: String) throws {
        for command in [["chat"], ["serve", "--listen", "127.0.0.1:0"]] {
            let result = try ShopTalkBinary.run(command + ["--db", path], input: "add milk\n")
            #expect(result.status == 1)
            #expect(result.error.hasPrefix(message), "\(command): \(result.error)")
        }
    }

    @Test func anUnreachablePostgreSQLIsAClearErrorAndBackupRefusesAURL() throws {
        let nowhere = "postgres://nobody@127.0.0.1:1/none?connect_timeout=2"
        for command in [["chat"], ["serve", "--listen", "127.0.0.1:0"], ["users", "list"], ["export"], ["import", "-"]] {
            let result = try ShopTalkBinary.run(command + ["--db", nowhere], input: "{}\n")
            #expect(result.status == 1)
            #expect(result.error.contains("PostgreSQL is not reachable"), "\(command): \(result.error)")
        }
        let backup = try ShopTalkBinary.run(["backup", "copy.sqlite", "--db", nowhere])
        #expect(backup.status == 1)
        #expect(backup.error.contains("pg_dump"), "\(backup.error)")
    }
}
