/// The files of `Grammar/`, compiled into the binary so `shoptalk` works
/// from any folder and when copied elsewhere: each language's grammar
/// (`<code>/<code>.grammar`, what it understands), message file
/// (`<code>/<code>.messages`, what it says) and aisle words
/// (`<code>/<code>.aisles`, where things are in a shop).
///
/// They are put in by the `EmbedGrammar` build plugin (`Plugins/`), which
/// reads every file of every language folder, so a new file needs no line
/// anywhere; a test checks that the texts built in are the files on disk.
public enum BundledGrammars {
    /// Path under `Grammar/` → text.
    public static var files: [String: String] { GrammarTexts.files }

    /// The codes of the languages built in, each with both its files.
    public static var languages: [String] {
        files.keys.filter { $0.hasSuffix(".grammar") }.map { String($0.split(separator: "/")[0]) }.sorted()
    }

    public static func grammar(_ language: String) -> String? {
        files["\(language)/\(language).grammar"]
    }

    public static func messages(_ language: String) -> String? {
        files["\(language)/\(language).messages"]
    }
}
