/// The files of `Grammar/`, compiled into the binary so `shoptalk` works
/// from any folder and when copied elsewhere: each language's grammar
/// (`<code>/<code>.grammar`, what it understands), message file
/// (`<code>/<code>.messages`, what it says) and aisle words
/// (`<code>/<code>.aisles`, where things are in a shop).
///
/// Each file needs one `.embedInCode` line in Package.swift; a test checks
/// that every file of `Grammar/` is listed here.
public enum BundledGrammars {
    /// Path under `Grammar/` → contents.
    public static let files: [String: [UInt8]] = [
        "en/en.grammar": PackageResources.en_grammar,
        "en/en.messages": PackageResources.en_messages,
        "en/en.aisles": PackageResources.en_aisles,
        "es/es.grammar": PackageResources.es_grammar,
        "es/es.messages": PackageResources.es_messages,
        "es/es.aisles": PackageResources.es_aisles,
        "de/de.grammar": PackageResources.de_grammar,
        "de/de.messages": PackageResources.de_messages,
        "de/de.aisles": PackageResources.de_aisles,
        "fr/fr.grammar": PackageResources.fr_grammar,
        "fr/fr.messages": PackageResources.fr_messages,
        "fr/fr.aisles": PackageResources.fr_aisles,
        "ru/ru.grammar": PackageResources.ru_grammar,
        "ru/ru.messages": PackageResources.ru_messages,
        "ru/ru.aisles": PackageResources.ru_aisles,
        "vi/vi.grammar": PackageResources.vi_grammar,
        "vi/vi.messages": PackageResources.vi_messages,
        "vi/vi.aisles": PackageResources.vi_aisles,
        "zh/zh.grammar": PackageResources.zh_grammar,
        "zh/zh.messages": PackageResources.zh_messages,
        "zh/zh.aisles": PackageResources.zh_aisles,
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
