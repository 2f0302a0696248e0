/// The usual plural endings of English, Spanish, German and French, taken
/// off a word to find what it could be the plural of: "eggs" → "egg",
/// "loaves" → "loaf", "berries" → "berry", "Tomaten" → "Tomate", "gâteaux" →
/// "gâteau". Several guesses, since the ending alone cannot say which is
/// right; a caller compares them with the guesses of another word.
public enum PluralEndings {
    /// Every word `word` could be the plural of, the word itself included.
    public static func singularForms(of word: Substring) -> Set<Substring> {
        var forms: Set<Substring> = [word]
        func strip(_ suffix: String, adding replacement: String = "") {
            guard word.count > suffix.count + 1, word.hasSuffix(suffix) else { return }
            forms.insert(Substring(word.dropLast(suffix.count) + replacement))
        }
        strip("ies", adding: "y")
        strip("ves", adding: "f")
        strip("ves", adding: "fe")
        strip("es")
        if !word.hasSuffix("ss") { strip("s") }
        // German and French plurals: "Eier" / "Ei", "Tomaten" / "Tomate",
        // "Zwiebeln" / "Zwiebel", "Brote" / "Brot", "gâteaux" / "gâteau"
        // ("Äpfel" / "Apfel" agree once accents are set aside).
        strip("er")
        strip("en")
        strip("n")
        strip("e")
        strip("x")
        return forms
    }
}
