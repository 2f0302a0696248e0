import Foundation
import Glibc
import ShopTalkPostgres
import ShopTalkStore
import TestSupport
import Testing

/// What could give a household away: a database password printed in a log,
/// a database, backup or export anyone on the machine can read, a TLS
/// cipher without forward secrecy.
@Suite("Secrets and files")
struct SecretsAndFilesTests {
    let scratch: TemporaryDirectory
    var folder: URL { scratch.url }

    init() throws { scratch = try TemporaryDirectory("shoptalk-secrets") }

    func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    func mode(_ path: String) -> mode_t? {
        var status = stat()
        return stat(path, &status) == 0 ? status.st_mode & 0o777 : nil
    }

    @Test(arguments: [
        ("postgres://shop:s3cret@db.home/shoptalk", "postgres://shop@db.home/shoptalk"),
        ("postgresql://shop:p%40ss@db.home:5433/x?sslmode=require&password=again", "postgresql://shop@db.home:5433/x?sslmode=require"),
        ("postgres://shop@db.home/x?password=s3cret", "postgres://shop@db.home/x"),
        ("postgres://db.home/x", "postgres://db.home/x"),
        ("/home/alice/.local/share/shoptalk/shoptalk.sqlite", "/home/alice/.local/share/shoptalk/shoptalk.sqlite"),
    ])
    func aDatabaseURLIsShownWithoutItsPassword(url: String, shown: String) {
        #expect(StoreLocation.shown(url) == shown)
        #expect(StoreLocation.shown(StoreLocation.withPassword("x&y=z", url)) == shown)
    }

    /// The database holds password hashes: it, its -wal and -shm files, a
    /// backup and an export are readable by their owner alone.
    @Test func theDatabaseItsBackupsAndExportsAreTheOwnersAlone() throws {
        let database = path("home/shoptalk.sqlite")
        let server = try ServerProcess(database: database)
        let alice = try LineClient(port: server.port)
        _ = alice.line()
        _ = alice.ask("login alice pw-alice")
        #expect(alice.ask("add milk") == "Added milk to the Shopping list.")
        for file in [database, database + "-wal", database + "-shm"] { #expect(mode(file) == 0o600, "\(file)") }
        #expect(mode(path("home")) == 0o700)
        let backup = try ShopTalkBinary.run(["backup", path("backup.sqlite"), "--db", database])
        #expect(backup.status == 0, "\(backup.error)")
        #expect(mode(path("backup.sqlite")) == 0o600)
        // `export > file`: the shell makes the file; the export makes it private.
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", "umask 022; \"$0\" export --db \"$1\" > \"$2\"", ShopTalkBinary.url.path, database, path("backup.json")]
        try shell.run()
        shell.waitUntilExit()
        #expect(shell.terminationStatus == 0)
        #expect(mode(path("backup.json")) == 0o600)
        #expect(try String(contentsOfFile: path("backup.json"), encoding: .utf8).contains("\"milk\""))
    }

    /// A database made readable by others (by hand, or by an older ShopTalk)
    /// is made the owner's alone when the server opens it, -wal and -shm
    /// too, and the log says so.
    @Test func anExistingDatabaseReadableByOthersIsMadePrivateOnOpen() throws {
        let server = try ServerProcess(database: path("open/shoptalk.sqlite")) { database in
            #expect(chmod(database, 0o644) == 0)
            FileManager.default.createFile(atPath: database + "-wal", contents: nil, attributes: [.posixPermissions: 0o644])
        }
        let database = server.database
        let log = try #require(server.waitForLog(containing: "could be read by other users of this machine"))
        #expect(log.contains(database + "-wal"), "\(log)")
        let alice = try LineClient(port: server.port)
        _ = alice.line()
        _ = alice.ask("login alice pw-alice")
        #expect(alice.ask("add milk") == "Added milk to the Shopping list.")
        for file in [database, database + "-wal", database + "-shm"] { #expect(mode(file) == 0o600, "\(file)") }
    }

    /// Look-alike member names: "bоb" with a Cyrillic "о" is refused, "ｂｏｂ"
    /// is bob, and a name drawn like a member's in another alphabet is refused.
    @Test func lookalikeMemberNamesAreRefused() throws {
        let database = path("names.sqlite")
        #expect(try ShopTalkBinary.run(["users", "add", "sam", "--password-stdin", "--db", database], input: "pw\n").status == 0)
        let mixed = try ShopTalkBinary.run(["users", "add", "s\u{430}m", "--password-stdin", "--db", database], input: "pw\n")
        #expect(mixed.status != 0 && mixed.error.contains("is not a valid user name"), "\(mixed.error)")
        let wide = try ShopTalkBinary.run(["users", "add", "ｓａｍ", "--password-stdin", "--db", database], input: "pw\n")
        #expect(wide.status != 0 && wide.error.contains("sam already exists"), "\(wide.error)")
        let cyrillic = try ShopTalkBinary.run(["users", "add", "\u{455}\u{430}\u{43C}", "--password-stdin", "--db", database], input: "pw\n")
        #expect(cyrillic.status != 0 && cyrillic.error.contains("looks just like the member sam"), "\(cyrillic.error)")
        #expect(try ShopTalkBinary.run(["users", "list", "--db", database]).output == "sam\n")
    }

    /// TLS 1.2 only with forward secrecy and authenticated encryption: a
    /// client that offers only CBC with SHA-1 is turned away, one with
    /// ECDHE and AES-GCM gets in.
    @Test func tls12IsOnlyAEADWithForwardSecrecy() throws {
        let server = try ServerProcess(arguments: ["--tls", "auto"])
        func handshake(_ ciphers: String) throws -> String {
            let python = Process(), output = Pipe()
            python.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            python.arguments = ["python3", "-c", """
                import socket, ssl, sys
                context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
                context.check_hostname = False
                context.verify_mode = ssl.CERT_NONE
                context.maximum_version = ssl.TLSVersion.TLSv1_2
                context.set_ciphers(sys.argv[2])
                try:
                    with socket.create_connection(("127.0.0.1", int(sys.argv[1]))) as raw, context.wrap_socket(raw) as tls:
                        print("connected", tls.version(), tls.cipher()[0])
                except ssl.SSLError as error:
                    print("refused", error.reason)
                """, String(server.port), ciphers]
            python.standardOutput = output
            try python.run()
            python.waitUntilExit()
            return String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        }
        #expect(try handshake("AES128-SHA:AES256-SHA:ECDHE-RSA-AES128-SHA:ECDHE-ECDSA-AES128-SHA:@SECLEVEL=0").hasPrefix("refused"))
        #expect(try handshake("DHE-RSA-AES128-GCM-SHA256:AES128-GCM-SHA256:@SECLEVEL=0").hasPrefix("refused"))
        let good = try handshake("ECDHE-RSA-AES128-GCM-SHA256:ECDHE-ECDSA-AES128-GCM-SHA256:ECDHE-RSA-CHACHA20-POLY1305:ECDHE-ECDSA-CHACHA20-POLY1305")
        #expect(good.hasPrefix("connected TLSv1.2 ECDHE-"), "\(good)")
    }

    /// A PostgreSQL password reaches PostgreSQL from `--db-password-file` or
    /// `PGPASSWORD`, never from the command line, and is never printed: not
    /// at start, not by `info`.
    @Test(.enabled(if: TestCluster.shouldRun, TestCluster.skipped))
    func aPostgreSQLPasswordIsTakenFromAFileAndNeverShown() throws {
        let database = try TestDatabase()
        // The cluster asks this role, and this role alone, for its password (scripts/postgres-cluster.sh).
        let admin = try PostgresConnection(url: database.url)
        try admin.execute("DO $$ BEGIN CREATE ROLE shoptalk_secret LOGIN PASSWORD 's3cret-word'; EXCEPTION WHEN duplicate_object THEN NULL; END $$")
        try admin.execute("ALTER DATABASE \(database.name) OWNER TO shoptalk_secret")
        try admin.execute("GRANT ALL ON SCHEMA public TO shoptalk_secret")
        let url = database.url.replacingOccurrences(of: "://postgres@", with: "://shoptalk_secret@")
        let passwordFile = path("pg-password")
        try "s3cret-word\n".write(toFile: passwordFile, atomically: true, encoding: .utf8)

        let without = try ShopTalkBinary.run(["users", "add", "alice", "--password-stdin", "--db", url], input: "pw-alice\n")
        #expect(without.status != 0, "the role needs its password")
        let added = try ShopTalkBinary.run(["users", "add", "alice", "--password-stdin", "--db", url, "--db-password-file", passwordFile], input: "pw-alice\n")
        #expect(added.status == 0, "\(added.error)")
        let fromEnvironment = try ShopTalkBinary.run(["info", "--db", url], environment: ["PGPASSWORD": "s3cret-word"])
        #expect(fromEnvironment.status == 0 && fromEnvironment.output.contains("members: 1"), "\(fromEnvironment.output)\(fromEnvironment.error)")
        #expect(fromEnvironment.output.contains("database: \(url)"))

        let withPassword = url.replacingOccurrences(of: "://shoptalk_secret@", with: "://shoptalk_secret:s3cret-word@")
        let info = try ShopTalkBinary.run(["info", "--db", withPassword])
        #expect(info.status == 0 && !info.output.contains("s3cret") && !info.error.contains("s3cret"), "\(info.output)")
        let server = try ServerProcess(members: [:], arguments: ["--db-password-file", passwordFile], database: url)
        defer { _ = server.stop() }
        let alice = try LineClient(port: server.port)
        _ = alice.line()
        #expect(alice.ask("login alice pw-alice").hasPrefix("Hello, alice!"))
        let listening = try #require(server.waitForLog(containing: "msg=listening"))
        #expect(listening.contains("db=\(url)"), "\(listening)")
        #expect(!server.logText().contains("s3cret"))
    }
}
