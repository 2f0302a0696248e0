import Foundation
import ShopTalkDomain

/// "gott the chese", "tacha el aciete": a thing typed with one slip, found
/// on no list, is the one thing of the speaker's it slips from.
extension Bot {
    /// Whether `said`, found on no list, is a slip of `suggestion` and of
    /// nothing else the speaker has (``Similarity/typo(of:among:)``): "chese"
    /// for cheese. A word that names a thing of its own ("peas" beside
    /// pears) is no slip, whatever it is one letter from.
    func isSlip(_ said: String, of suggestion: String, in conversation: Conversation) -> Bool {
        guard Similarity.typo(of: said, among: [suggestion]) != nil,
              !grammars.aisles.knows(said, in: conversation.language) else { return false }
        let others = speakersListsAndThings(in: conversation).things.filter { $0.caseInsensitiveCompare(suggestion) != .orderedSame }
        return Similarity.typo(of: said, among: others) == nil
    }
}
