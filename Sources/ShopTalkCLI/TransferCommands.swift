import Foundation
import ShopTalkJSON
import ShopTalkStore

/// `shoptalk export`: the whole database as one JSON document on standard
/// output (docs/storage.md), readable by `shoptalk import`.
enum ExportCommand {
    static let subcommand = Subcommand(spec: spec, run: run)

    static let spec = CommandSpec(
        name: "export",
        summary: "Write every member, list, item, share and history row as JSON to standard output.",
        options: [DatabaseOption.storeOption, DatabaseOption.passwordFileOption],
        discussion: "Passwords stay hashes. 'shoptalk export > backup.json', then 'shoptalk import backup.json' into an empty database.")

    static func run(_ arguments: ParsedArguments, environment: [String: String], console: Console) throws -> Int32 {
        let path = try DatabaseOption.path(arguments, environment: environment)
        guard StoreLocation.isInMemory(path) || Store.isURL(path) || FileManager.default.fileExists(atPath: path) else {
            throw CommandFailure(message: "there is no database at \(path)")
        }
        let store = try DatabaseOption.openStore(arguments, environment: environment)
        keepStandardOutputPrivate()
        console.writeOutput(try store.export().serializedLine)
        return 0
    }

    /// An export holds the members' password hashes: when it goes to a file
    /// (`shoptalk export > backup.json`), the file is made readable by its owner alone.
    private static func keepStandardOutputPrivate() {
        var status = stat()
        guard fstat(STDOUT_FILENO, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_uid == getuid() else { return }
        fchmod(STDOUT_FILENO, 0o600)
    }
}

/// `shoptalk import FILE`: an export put into an empty database, or with
/// `--merge` added to one that holds a household, in one transaction.
enum ImportCommand {
    static let subcommand = Subcommand(spec: spec, run: run)

    static let spec = CommandSpec(
        name: "import",
        summary: "Put an export (from 'shoptalk export') into an empty database, all of it or nothing.",
        positionals: ["FILE"],
        options: [
            DatabaseOption.storeOption, DatabaseOption.passwordFileOption,
            .init("--merge", help: "Add it to a database that already has members or lists, overwriting nothing."),
            .init("--with-access", help: "With --merge: also bring the export's relays and IRC/Matrix links, which speak for the members they name."),
        ],
        discussion: """
            FILE may be - for standard input. Without --merge, a database that already has members or lists is left alone. \
            With it, a member already there by name is the same person (their password stays), and a list whose owner \
            already has one of that name comes in as "NAME (imported)". Relays and links are left out of a merge unless \
            --with-access is given: a member named like one here would otherwise hand that member to whoever holds them.
            """)

    static func run(_ arguments: ParsedArguments, environment: [String: String], console: Console) throws -> Int32 {
        guard let file = arguments.positionals.first else { throw UsageError.missingArgument("FILE", command: spec) }
        let data = file == "-" ? FileHandle.standardInput.readDataToEndOfFile() : FileManager.default.contents(atPath: file)
        guard let data else { throw CommandFailure(message: "cannot read \(file)") }
        let document: JSON
        do {
            document = try JSONReader.object(String(decoding: data, as: UTF8.self))
        } catch {
            throw CommandFailure(message: "\(file) is not a whole export (at byte \(error.offset): \(error.message)); nothing was changed")
        }
        let store = try DatabaseOption.openStore(arguments, environment: environment)
        if arguments.has("--with-access") && !arguments.has("--merge") {
            throw CommandFailure(message: "--with-access goes with --merge: a plain import brings everything already")
        }
        if arguments.has("--merge") {
            let summary: SQLiteStore.MergeSummary
            do {
                summary = try store.mergeExport(document, includeAccess: arguments.has("--with-access"))
            } catch let error as TransferError {
                throw CommandFailure(message: error.description)
            }
            console.writeOutput(report(summary, from: file, into: store.location))
            return 0
        }
        do {
            try store.importExport(document)
        } catch let error as TransferError {
            throw CommandFailure(message: error.description)
        }
        let held = try Store.inspect(store.location)
        let counts = held.map { "\($0.members) members, \($0.lists) lists, \($0.items) items" } ?? "everything"
        console.writeOutput("Imported \(counts) from \(file) into \(store.location).\n")
        return 0
    }

    /// What a merge added, and what it named otherwise or left out.
    static func report(_ summary: SQLiteStore.MergeSummary, from file: String, into path: String) -> String {
        var lines = ["Merged \(file) into \(path): \(summary.newMembers) new members (\(summary.knownMembers) already here), \(summary.lists) lists, \(summary.items) items."]
        for renamed in summary.renamedLists { lines.append("The list “\(renamed.from)” came in as “\(renamed.to)”, as its owner already has one of that name.") }
        for (table, count) in summary.leftOut.sorted(by: { $0.key < $1.key }) {
            lines.append("Left out \(count) of \(table): the same was here already.")
        }
        if summary.learnedLeftOut > 0 {
            lines.append("Left out \(summary.learnedLeftOut) of learned: what that household taught its reader is not taught here.")
        }
        // What lets someone in, named one by one.
        for (table, count) in summary.accessLeftOut.sorted(by: { $0.key < $1.key }) {
            lines.append("Left out \(count) of \(table): they would speak for members; merge again with --with-access to bring them.")
        }
        for relay in summary.relays {
            lines.append(relay.speaksFor == "*" ? "Brought the relay “\(relay.name)”, which speaks for any member."
                                                : "Brought the relay “\(relay.name)”, which speaks for \(relay.speaksFor).")
        }
        for link in summary.links { lines.append("Brought the link \(link.identity): it speaks for \(link.member).") }
        if !summary.passwordsKept.isEmpty {
            lines.append("New members whose passwords came with them (they can log in with them): \(summary.passwordsKept.joined(separator: ", ")).")
        }
        if !summary.passwordsIgnored.isEmpty {
            lines.append("Passwords in the export ignored for members already here (theirs stay): \(summary.passwordsIgnored.joined(separator: ", ")).")
        }
        if summary.shareCodes > 0 { lines.append("Share codes brought: \(summary.shareCodes) (anyone who knows one may join its list).") }
        return lines.joined(separator: "\n") + "\n"
    }
}
