/// A subcommand's arguments, checked against its ``CommandSpec``.
public struct ParsedArguments: Sendable, Equatable {
    public internal(set) var values: [String: String] = [:]
    public internal(set) var flags: Set<String> = []
    public private(set) var positionals: [String] = []
    /// Where options not on the command line came from ("line 3 of serve.conf"), for errors.
    var origins: [String: String] = [:]

    /// Every value an option was given, in order (`--channel '#a' --channel '#b'`).
    public internal(set) var repeated: [String: [String]] = [:]

    public subscript(option: String) -> String? { values[option] }
    public func all(_ option: String) -> [String] { repeated[option] ?? values[option].map { [$0] } ?? [] }
    public func has(_ flag: String) -> Bool { flags.contains(flag) }

    /// Accepts `--name value`, `--name=value` and flags; anything starting with
    /// `-` that the spec does not declare is a usage error.
    public init(_ arguments: some Sequence<String>, spec: CommandSpec) throws(UsageError) {
        var iterator = arguments.makeIterator()
        while let argument = iterator.next() {
            guard argument.hasPrefix("-"), argument != "-" else {
                positionals.append(argument)
                continue
            }
            let (name, inlineValue) = Self.split(argument)
            guard let option = spec.options.first(where: { $0.name == name }) else {
                throw .unknownOption(argument, command: spec)
            }
            if option.valueName == nil {
                guard inlineValue == nil else { throw .unexpectedValue(name, command: spec) }
                flags.insert(name)
            } else {
                guard let value = inlineValue ?? iterator.next() else { throw .missingValue(name, command: spec) }
                values[name] = value
                repeated[name, default: []].append(value)
            }
        }
        // "[LANG ...]" last takes any number.
        let variadic = spec.positionals.last?.hasSuffix("...]") == true
        guard variadic || positionals.count <= spec.positionals.count else {
            throw .unexpectedArgument(positionals[spec.positionals.count], command: spec)
        }
    }

    private static func split(_ argument: String) -> (String, String?) {
        guard let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }
}

/// A command line that does not fit its spec: printed with the usage, exit status 2.
public enum UsageError: Error, Sendable {
    case unknownCommand(String)
    case unknownGlobalOption(String)
    case unknownOption(String, command: CommandSpec)
    case missingValue(String, command: CommandSpec)
    case unexpectedValue(String, command: CommandSpec)
    case unexpectedArgument(String, command: CommandSpec)
    case missingArgument(String, command: CommandSpec)
    case invalidValue(String, option: String, command: CommandSpec)
    /// A line of a config file that does not fit the command (line 0: the whole file).
    case configLine(path: String, line: Int, problem: String, command: CommandSpec)

    var message: String {
        switch self {
        case .unknownCommand(let name): "unknown subcommand '\(name)'"
        case .unknownGlobalOption(let option): "unknown option '\(option)'"
        case .unknownOption(let option, _): "unknown option '\(option)'"
        case .missingValue(let option, _): "option '\(option)' needs a value"
        case .unexpectedValue(let option, _): "option '\(option)' takes no value"
        case .unexpectedArgument(let argument, _): "unexpected argument '\(argument)'"
        case .missingArgument(let name, _): "missing \(name)"
        case .invalidValue(let value, let option, _): "invalid value '\(value)' for \(option)"
        case .configLine(let path, let line, let problem, _): line == 0 ? "\(path): \(problem)" : "\(path), line \(line): \(problem)"
        }
    }

    var command: CommandSpec? {
        switch self {
        case .unknownCommand, .unknownGlobalOption: nil
        case .unknownOption(_, let command), .missingValue(_, let command), .unexpectedValue(_, let command),
             .unexpectedArgument(_, let command), .missingArgument(_, let command), .invalidValue(_, _, let command),
             .configLine(_, _, _, let command):
            command
        }
    }
}
