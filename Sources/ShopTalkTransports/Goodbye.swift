import ShopTalkDomain
import ShopTalkSession
import ShopTalkWording

extension Reply {
    /// The answer to `quit`: "Bye." to a terminal or connection, which then
    /// closes, or "Bye, NICK." to the one member of a relay who said it,
    /// while the relay stays connected for the others.
    public static func goodbye(to member: UserName? = nil, label: String? = nil) -> Reply {
        var bye = Reply(ok: true, intent: "quit", message: member.map { Message(.goodbyeMember, ["member": .text($0.value)]) } ?? Message(.goodbye))
        (bye.label, bye.to) = (label, member?.value)
        return bye
    }
}
