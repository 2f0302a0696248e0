/// What a subcommand accepts, declared once and used both to parse its
/// arguments and to print its help.
public struct CommandSpec: Sendable {
    public struct Option: Sendable {
        /// "--db"
        public let name: String
        /// "PATH" for an option that takes a value; nil for a flag.
        public let valueName: String?
        public let help: String

        public init(_ name: String, value valueName: String? = nil, help: String) {
            self.name = name
            self.valueName = valueName
            self.help = help
        }
    }

    public let name: String
    public let summary: String
    /// What follows the options, for the usage line: "NAME".
    public let positionals: [String]
    public let options: [Option]
    public let discussion: String?

    public init(name: String, summary: String, positionals: [String] = [], options: [Option], discussion: String? = nil) {
        self.name = name
        self.summary = summary
        self.positionals = positionals
        self.options = options + [Option("--help", help: "Show this help.")]
        self.discussion = discussion
    }

    var usage: String {
        let options = options.isEmpty ? "" : " [options]"
        return (["usage: shoptalk \(name)\(options)"] + positionals).joined(separator: " ")
    }

    var help: String {
        var lines = ["\(summary)", "", usage, "", "options:"]
        let width = options.map { Self.label($0).count }.max() ?? 0
        for option in options {
            let label = Self.label(option)
            lines.append("  " + label + String(repeating: " ", count: width - label.count + 2) + option.help)
        }
        if let discussion { lines += ["", discussion] }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func label(_ option: Option) -> String {
        option.valueName.map { "\(option.name) \($0)" } ?? option.name
    }
}
