/// The files of `Grammar/`, compiled into the binary so `shoptalk` works
/// from any folder and when copied elsewhere: each language's grammar
/// (`<code>/<code>.grammar`, what it understands) and message file
/// (`<code>/<code>.messages`, what it says).
///
/// Each file needs one `.embedInCode` line in Package.swift; a test checks
/// that every file of `Grammar/` is listed here.
public enum BundledGrammars {
    /// Path under `Grammar/` → contents.
    public static let files: [String: [UInt8]] = [
        "en/en.grammar": PackageResources.en_grammar,
        "en/en.messages": PackageResources.en_messages,
        "es/es.grammar": PackageResources.es_grammar,
        "es/es.messages": PackageResources.es_messages,
        "de/de.grammar": PackageResources.de_grammar,
        "de/de.messages": PackageResources.de_messages,
        "fr/fr.grammar": PackageResources.fr_grammar,
        "fr/fr.messages": PackageResources.fr_messages,
        "ru/ru.grammar": PackageResources.ru_grammar,
        "ru/ru.messages": PackageResources.ru_messages,
        "vi/vi.grammar": PackageResources.vi_grammar,
        "vi/vi.messages": PackageResources.vi_messages,
        "zh/zh.grammar": PackageResources.zh_grammar,
        "zh/zh.messages": PackageResources.zh_messages,
    ]

    /// The codes of the languages built in, each with both its files.
    public static var languages: [String] {
        files.keys.filter { $0.hasSuffix(".grammar") }.map { String($0.split(separator: "/")[0]) }.sorted()
    }

    public static func grammar(_ language: String) -> String? {
        files["\(language)/\(language).grammar"].map { String(decoding: $0, as: UTF8.self) }
    }

    public static func messages(_ language: String) -> String? {
        files["\(language)/\(language).messages"].map { String(decoding: $0, as: UTF8.self) }
    }
}
