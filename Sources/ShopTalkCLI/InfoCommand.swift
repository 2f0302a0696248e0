import ShopTalkStore
import ShopTalkTLS

/// `shoptalk info`: where the database is, what it holds, and the
/// fingerprint of the server's TLS certificate. It only reads: no folder or
/// file is made, no migration runs, so it can be asked before the first
/// run, or about a file another ShopTalk is using.
enum InfoCommand {
    static let subcommand = Subcommand(spec: spec, run: run)

    static let spec = CommandSpec(
        name: "info",
        summary: "Show where the database is, what it holds, and the server's TLS fingerprint.",
        options: [
            DatabaseOption.storeOption, DatabaseOption.passwordFileOption,
            .init("--config", value: "FILE", help: "The server's config file, to find its database and certificate as serve does."),
            .init("--tls-cert", value: "FILE", help: "The certificate to show the fingerprint of (default: the one --tls auto made beside the database)."),
        ])

    static func run(_ arguments: ParsedArguments, environment: [String: String], console: Console) throws -> Int32 {
        // With --config, the database and certificate are those serve would use.
        var serve = try ParsedArguments([], spec: ServeCommand.spec)
        if let config = arguments["--config"] { serve.fill(from: try ConfigFile(path: config, spec: ServeCommand.spec), spec: ServeCommand.spec) }
        let path = try DatabaseOption.location(arguments["--db"] ?? serve["--db"], passwordFile: arguments["--db-password-file"] ?? serve["--db-password-file"],
                                               environment: environment)
        let certificate = arguments["--tls-cert"] ?? serve["--tls-cert"]
            ?? (StoreLocation.isInMemory(path) ? nil : TLSLocation.automatic(database: path, environment: environment).certificatePath)
        let inspection: Inspection?
        do {
            inspection = try Store.inspect(path)
        } catch let error as StoreError {
            throw CommandFailure(message: error.description)
        } catch {
            throw CommandFailure(message: "\(error)")
        }
        var lines = ["database: \(StoreLocation.shown(path))"]
        if let inspection {
            let upgrade = inspection.schemaVersion < SQLiteStore.schemaVersion ? "; it upgrades the file when it next opens it" : ""
            lines += [
                "schema: \(inspection.schemaVersion) (this shoptalk writes \(SQLiteStore.schemaVersion)\(upgrade))",
                "members: \(inspection.members), lists: \(inspection.lists), items: \(inspection.items)",
            ]
        } else {
            lines += ["There is no database there yet: “shoptalk chat” or “shoptalk serve” makes it on first use."]
        }
        if let certificate {
            if let fingerprint = try? CertificateFingerprint(pemFile: certificate) {
                lines += ["tls certificate: \(certificate)", "tls sha256: \(fingerprint)"]
            } else if arguments["--tls-cert"] != nil || serve["--tls-cert"] != nil {
                throw CommandFailure(message: "cannot read the certificate \(certificate)")
            } else {
                lines += ["tls: no certificate yet (“shoptalk serve --tls auto” makes one beside the database)"]
            }
        }
        console.writeOutput(lines.joined(separator: "\n") + "\n")
        return 0
    }
}
