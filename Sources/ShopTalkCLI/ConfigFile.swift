import Foundation

/// A small settings file for a subcommand (`serve --config FILE`): one
/// `key = value` a line, where a key is one of the subcommand's options
/// without its dashes, blank lines and `#` comments are skipped, and a flag
/// takes `yes` or `no`. Options given on the command line win over it.
///
/// ```
/// # /etc/shoptalk/serve.conf
/// listen = 0.0.0.0:7420
/// tls = auto
/// ```
struct ConfigFile {
    struct Entry: Equatable {
        /// "--listen"
        let option: String
        /// The value; for a flag, "yes" or "no".
        let value: String
        let line: Int
    }

    let path: String
    let entries: [Entry]

    /// Reads and checks the file against `spec`: an unknown key, a line that
    /// is not `key = value`, a key given twice or a flag that is not yes or
    /// no is a usage error naming the line.
    init(path: String, spec: CommandSpec, excluding excluded: Set<String> = ["--config", "--help"]) throws {
        self.path = path
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CommandFailure(message: "cannot read the config file \(path)", status: 2)
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw UsageError.configLine(path: path, line: 0, problem: "it is not UTF-8 text", command: spec)
        }
        var entries: [Entry] = []
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = index + 1
            let line = raw.trimmingCharacters(in: .whitespaces.union(["\r"]))
            if line.isEmpty || line.hasPrefix("#") { continue }
            func problem(_ text: String) -> UsageError { .configLine(path: path, line: number, problem: text, command: spec) }
            guard let equals = line.firstIndex(of: "=") else { throw problem("expected “key = value”") }
            let key = line[..<equals].trimmingCharacters(in: .whitespaces)
            let value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            let name = "--" + key
            guard !excluded.contains(name), let option = spec.options.first(where: { $0.name == name }) else {
                throw problem("unknown key '\(key)'")
            }
            guard !entries.contains(where: { $0.option == name }) else { throw problem("'\(key)' is set twice") }
            if option.valueName == nil {
                guard ["yes", "no", "true", "false"].contains(value.lowercased()) else {
                    throw problem("'\(key)' takes yes or no, not '\(value)'")
                }
                entries.append(Entry(option: name, value: ["yes", "true"].contains(value.lowercased()) ? "yes" : "no", line: number))
            } else {
                guard !value.isEmpty else { throw problem("'\(key)' needs a value") }
                entries.append(Entry(option: name, value: value, line: number))
            }
        }
        self.entries = entries
    }
}

extension ParsedArguments {
    /// The options the command line left out, taken from a config file.
    mutating func fill(from file: ConfigFile, spec: CommandSpec) {
        for entry in file.entries where values[entry.option] == nil && !flags.contains(entry.option) {
            if spec.options.first(where: { $0.name == entry.option })?.valueName == nil {
                if entry.value == "yes" { flags.insert(entry.option) }
            } else {
                values[entry.option] = entry.value
            }
            origins[entry.option] = "line \(entry.line) of \(file.path)"
        }
    }

    /// How to name an option in an error: "--listen", or "listen on line 3 of serve.conf".
    func describe(_ option: String) -> String {
        origins[option].map { "\(option.dropFirst(2)) on \($0)" } ?? option
    }
}
