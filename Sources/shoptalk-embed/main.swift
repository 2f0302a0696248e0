import Foundation

// shoptalk-embed ROOT OUTPUT FILE...: writes OUTPUT, a Swift file holding
// each FILE's text as a raw string literal, keyed by its path under ROOT
// ("en/en.grammar"). Run by the EmbedGrammar build plugin; not installed.
let arguments = CommandLine.arguments.dropFirst()
guard arguments.count >= 2 else {
    FileHandle.standardError.write(Data("usage: shoptalk-embed ROOT OUTPUT FILE...\n".utf8))
    exit(2)
}
let root = URL(fileURLWithPath: arguments[arguments.startIndex]).standardizedFileURL.path
let output = arguments[arguments.startIndex + 1]
var swift = """
    // Written by the EmbedGrammar build plugin from Grammar/: do not edit.

    /// The files of `Grammar/`, by their path under it, as written.
    enum GrammarTexts {
        static let files: [String: String] = [

    """
for path in arguments.dropFirst(2) {
    let url = URL(fileURLWithPath: path).standardizedFileURL
    guard let text = try? String(contentsOf: url, encoding: .utf8) else {
        FileHandle.standardError.write(Data("shoptalk-embed: \(path) is not UTF-8 text\n".utf8))
        exit(1)
    }
    let name = String(url.path.dropFirst(root.count).drop { $0 == "/" })
    // A raw string whose delimiter has more #s than any run in the text: no quote
    // in it ends the literal, and no backslash in it starts an escape.
    var hashes = "#"
    while text.contains("\"" + hashes) || text.contains("\\" + hashes) { hashes += "#" }
    // A multi-line literal holds the lines between its delimiters, less the
    // last line break: one is added, so the text comes out exactly as written.
    swift += "        \"\(name)\": \(hashes)\"\"\"\n\(text)\n\"\"\"\(hashes),\n"
}
swift += "    ]\n}\n"
let data = Data(swift.utf8)
if (try? Data(contentsOf: URL(fileURLWithPath: output))) != data {
    try data.write(to: URL(fileURLWithPath: output))
}
