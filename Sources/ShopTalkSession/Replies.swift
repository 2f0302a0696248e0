import Foundation
import ShopTalkDomain
import ShopTalkGrammar
import ShopTalkJSON
import ShopTalkWording

/// Every reply the bot gives: what happened, as `data`, and what to say, as
/// a ``Message`` whose words are in the message files (`Grammar/<code>/<code>.messages`),
/// made in each feature's `Replies+<feature>.swift` (see `Features/`) and nowhere
/// else, so tests can hold them word for word.
enum Replies {
    static let storageFailure = Message(.storageFailure)

    /// "(That is your own Groceries; say “Groceries from alice” for alice's.)", on a line after the reply.
    static func notingNamesake(_ reply: Reply, list: ShoppingList, owner: UserName) -> Reply {
        var noted = reply
        if let message = reply.message {
            noted.message = lines([.message(message), .message(Message(.listNamesake, ["list": .text(list.name.value), "owner": .text(owner.value)]))])
        }
        return noted
    }
}
