/// The grammar files of `Grammar/`, compiled into the binary so `shoptalk`
/// works from any folder and when copied elsewhere.
///
/// Each file needs one `.embedInCode` line in Package.swift; a test checks
/// that every file of `Grammar/` is listed here.
public enum BundledGrammars {
    /// File name → contents.
    public static let files: [String: [UInt8]] = [
        "en.grammar": PackageResources.en_grammar,
    ]
}
