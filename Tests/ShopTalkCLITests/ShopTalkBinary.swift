import Foundation

/// Runs the built `shoptalk` executable, as a user at a shell would.
struct ShopTalkBinary {
    struct Result {
        let status: Int32
        let output: String
        let error: String
    }

    /// `swift build` puts the executable beside the test bundle.
    static let url: URL = {
        let folder = Bundle.main.bundleURL.pathExtension == "xctest"
            ? Bundle.main.bundleURL.deletingLastPathComponent()
            : Bundle.main.bundleURL
        return folder.appendingPathComponent("shoptalk")
    }()

    /// This process's environment with `extra` over it, and a neutral locale
    /// unless `extra` names one: `chat` speaks the terminal's language, and
    /// the tests expect the bot's own default unless they say otherwise.
    static func environment(_ extra: [String: String] = [:]) -> [String: String] {
        var merged = ProcessInfo.processInfo.environment
        for variable in ["LC_ALL", "LC_MESSAGES"] { merged[variable] = nil }
        merged["LANG"] = "C.UTF-8"
        merged.merge(extra) { $1 }
        return merged
    }

    static func run(_ arguments: [String], input: String = "", environment: [String: String] = [:]) throws -> Result {
        try run(arguments, inputBytes: Array(input.utf8), environment: environment)
    }

    static func run(_ arguments: [String], inputBytes: [UInt8], environment: [String: String] = [:]) throws -> Result {
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        process.environment = Self.environment(environment)
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        // Write on another thread: a large input and a large output would otherwise wait for each other.
        let writer = Thread {
            stdin.fileHandleForWriting.write(Data(inputBytes))
            try? stdin.fileHandleForWriting.close()
        }
        writer.start()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        let error = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, output: String(decoding: output, as: UTF8.self), error: String(decoding: error, as: UTF8.self))
    }
}
