/// Every intent a grammar may declare, by the name grammar files write after
/// `intent`. The bot's dispatch (``Command``) switches over these, so the
/// compiler insists that each has a handler; `IntentNameTests` insists that
/// each is declared by every built-in grammar, and that a grammar declares no other.
///
/// A new intent: a case here, its sentences in each grammar, its handler, its replies.
enum IntentName: String, CaseIterable, Sendable {
    case createList = "create_list"
    case copyList = "copy_list"
    case renameList = "rename_list"
    case deleteList = "delete_list"
    case showLists = "show_lists"
    case showList = "show_list"
    case useList = "use_list"
    case setDefaultList = "set_default_list"
    case showActivity = "show_activity"
    case addItems = "add_items"
    case findItem = "find_item"
    case whoAdded = "who_added"
    case removeItem = "remove_item"
    case goShopping = "go_shopping"
    case doneShopping = "done_shopping"
    case whoIsShopping = "who_is_shopping"
    case putInAisle = "put_in_aisle"
    case sortList = "sort_list"
    case assignItem = "assign_item"
    case myItems = "my_items"
    case setNote = "set_note"
    case clearNote = "clear_note"
    case moveItems = "move_items"
    case updateItem = "update_item"
    case checkItem = "check_item"
    case uncheckItem = "uncheck_item"
    case clearChecked = "clear_checked"
    case clearList = "clear_list"
    case shareList = "share_list"
    case shareItem = "share_item"
    case setPermission = "set_permission"
    case shareCode = "share_code"
    case joinShare = "join_share"
    case revokeCode = "revoke_code"
    case makeAdmin = "make_admin"
    case unshareList = "unshare_list"
    case stopSharing = "stop_sharing"
    case acceptShare = "accept_share"
    case declineShare = "decline_share"
    case muteList = "mute_list"
    case unmuteList = "unmute_list"
    case announceList = "announce_list"
    case unannounceList = "unannounce_list"
    case leaveList = "leave_list"
    case showAccess = "show_access"
    case help
    case setLanguage = "set_language"
    case undo
    case lastRemoved = "last_removed"
    case forgetLearned = "forget_learned"
    case greet
    case confirm
    case deny
    case answerQuantity = "answer_quantity"
    case acknowledge

    /// Talk around a request rather than one: greetings, thanks, yes and
    /// no. A line read in part is never taken for one of these, which would
    /// leave out what was asked ("ok gracias, ya terminé de comprar").
    var isTalk: Bool {
        switch self {
        case .greet, .confirm, .deny, .answerQuantity, .acknowledge: true
        default: false
        }
    }

    /// Talk, or a question that leaves everything as it was: a clause read
    /// so ("there's heaps in the pantry") may be left out of a line.
    var changesNothing: Bool {
        switch self {
        case .findItem, .whoAdded, .showList, .showLists, .myItems, .showAccess, .showActivity, .lastRemoved, .whoIsShopping, .help: true
        default: isTalk
        }
    }
}
