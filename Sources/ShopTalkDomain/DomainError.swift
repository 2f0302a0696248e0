/// Everything the domain refuses, as values: what was refused and why, and
/// a ``code`` stable for programs. The domain writes no sentence: what a
/// person reads is worded from the message files, in their language.
public enum DomainError: Error, Hashable, Sendable {
    /// `mixedScripts`: a word with letters of alphabets that pass for each
    /// other ("Grоceries" with a Cyrillic "о"), see ``LookalikeNames``.
    public enum NameProblem: Hashable, Sendable { case empty, tooLong, controlCharacters, mixedScripts }

    /// Why a quantity cannot be kept: not above 0 or past the most; more
    /// decimal places than three ("1.2345", a third); a fraction over 0.
    public enum QuantityProblem: Hashable, Sendable { case outOfRange, tooPrecise, zeroDenominator }

    case invalidUserName(String)
    case unknownUser(String)
    case invalidListName(String, NameProblem)
    case invalidItemName(String, NameProblem)
    case invalidNote(NameProblem)
    case invalidUnit(String)
    case invalidQuantity(QuantityProblem)
    case listNotFound(String, suggestion: String?)
    /// "alice's Hardware" when alice shares no such list with the speaker:
    /// the same whether she has one or not.
    case sharedListNotFound(String, owner: String, suggestion: String?)
    case duplicateList(String)
    /// A new name that reads like a list the member has ("Grоceries" beside "Groceries").
    case lookalikeList(String, existing: String)
    case itemNotFound(String, list: String, suggestion: String?)
    case duplicateItem(String, list: String)
    /// `total` in `unit`, the unit the sum reads best in, written as a decimal.
    case quantityWouldExceedLimit(item: String, list: String, total: String, unit: String?)
    case unitMismatch(item: String, list: String, existing: String?, requested: String?)
    case forbidden(Forbidden)
    case nothingChecked(list: String)
    /// "got everything" on a list with nothing left open.
    case nothingToCheck(list: String)
    /// "clear the list" on an empty list.
    case nothingToClear(list: String)
    case ambiguousList(String, owners: [String])
    /// "got the nails", named on no list and not on the current one, but on
    /// several others: where it is (see `Household.locate`).
    /// `owners` beside `lists`, nil for the speaker's own; `sharedBy`, the
    /// sharers of the item where it was shared on its own.
    case itemOnSeveralLists(String, lists: [String], owners: [String?], sharedBy: [String])
    /// "the milk" where "full cream milk" and "light milk" are on the list:
    /// a part of several names, for the speaker to say which.
    case whichItem(String, choices: [String])
    case cannotShareWithSelf
    case alreadyShared(user: String, list: String)
    case notAParticipant(user: String, list: String)
    /// Nil: "accept" with no name, and nothing is waiting.
    case noInvitation(String?)
    /// "accept" with no name, and several are waiting: each list's (or
    /// item's) name, and who owns it.
    case whichInvitation(names: [String], owners: [String])
    case ownerCannotLeave(list: String)
    case invalidCode
    case noCode(list: String)
    case notShared(list: String)
    case tooManyItems(Int)
    /// "move bread to Tools" when bread is on Tools.
    case alreadyOnList(item: String, list: String)
    /// "copy Groceries to Groceries".
    case sameList(String)
    /// "rename BBQ to BBQ", "rename milk to milk": nothing to change.
    case alreadyNamed(String)
    /// "undo" with no change of the speaker's left to take back.
    case nothingToUndo
    /// "undo" when what the change wrote has been changed since (`by`: who, when the history tells).
    case undoConflict(what: String, by: String?)
    /// Not a channel's name: "announce Groceries in home" (no `#`).
    case invalidChannel(String)
    /// "done shopping" with no trip of the speaker's open.
    case notShopping
    /// Not an aisle the files name.
    case invalidAisle(String)
    /// "sort Groceries for Lidl" before anyone checked things off on a trip there.
    case shopNotWalked(String)
    /// "remove the note on milk" when milk has none.
    case noNote(item: String)
    /// "stop announcing Groceries" when its news goes to no channel (or not to that one).
    case notAnnounced(list: String, channel: String?)

    /// Why a member may not do something with a list they can see.
    public enum Forbidden: Hashable, Sendable {
        case readOnly(list: String, owner: String)
        case notOwner(list: String, owner: String)
        case cannotManageSharing(list: String, owner: String)
        case onlyOwnerGrantsAdmin(list: String)
        case cannotChangeAdmin(user: String, list: String)
    }
}

/// Stable error codes of the machine protocol.
public enum ErrorCode: String, Sendable, CaseIterable {
    case invalid
    case notFound = "not_found"
    case duplicate
    case forbidden
    case conflict
    case ambiguous
    case notUnderstood = "not_understood"
    case tooLong = "too_long"
    case unavailable = "not_available"
    case storageUnavailable = "storage_unavailable"
    /// Nothing was done yet: the bot asks first ("Delete Groceries and its
    /// 9 items?"), and "yes", "no" or a number on the next line answers.
    case question
    /// "yes", "no" or a number alone, with no question waiting for it.
    case noQuestion = "no_question"
    case unauthenticated
    case rateLimited = "rate_limited"
    /// A password offered over plain TCP from another machine: refused unread.
    case tlsRequired = "tls_required"
}

extension DomainError {
    public var code: ErrorCode {
        switch self {
        case .invalidUserName, .invalidListName, .invalidItemName, .invalidNote, .invalidUnit,
             .invalidQuantity, .quantityWouldExceedLimit, .tooManyItems, .invalidChannel, .invalidAisle:
            .invalid
        case .listNotFound, .sharedListNotFound, .itemNotFound, .nothingChecked, .nothingToCheck, .nothingToClear, .unknownUser, .noInvitation, .invalidCode, .noCode, .notAParticipant, .notShared, .notAnnounced, .nothingToUndo, .noNote, .notShopping, .shopNotWalked:
            .notFound
        case .ambiguousList, .itemOnSeveralLists, .whichInvitation, .whichItem:
            .ambiguous
        case .cannotShareWithSelf, .ownerCannotLeave, .alreadyOnList, .sameList, .alreadyNamed:
            .invalid
        case .alreadyShared:
            .duplicate
        case .duplicateList, .duplicateItem, .lookalikeList:
            .duplicate
        case .unitMismatch, .undoConflict:
            .conflict
        case .forbidden:
            .forbidden
        }
    }
}
