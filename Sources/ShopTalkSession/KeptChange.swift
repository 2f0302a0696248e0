import ShopTalkDomain
import ShopTalkWording

/// A member's change as "undo" needs it: the rows it wrote (see ``WriteJournal``)
/// and what the bot said of it, to say again what was undone.
///
/// Kept in memory by the ``Bot``, at most ``depth`` a member: the rows
/// themselves tell whether a change can still be undone, so one that never
/// committed, or that someone has changed since, is refused, never applied.
/// After a restart there is nothing to undo.
struct KeptChange: Sendable {
    let step: UndoStep
    let said: Message

    static let depth = 20
}
