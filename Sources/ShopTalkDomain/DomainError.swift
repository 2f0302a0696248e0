/// Everything the domain refuses, as values. ``code`` is stable for programs;
/// ``message`` is the sentence a person reads, produced here and nowhere else.
public enum DomainError: Error, Hashable, Sendable {
    public enum NameProblem: Hashable, Sendable { case empty, tooLong, controlCharacters }

    /// Why a quantity cannot be kept: not above 0 or past the most; more
    /// decimal places than three ("1.2345", a third); a fraction over 0.
    public enum QuantityProblem: Hashable, Sendable { case outOfRange, tooPrecise, zeroDenominator }

    case invalidUserName(String)
    case unknownUser(String)
    case invalidListName(String, NameProblem)
    case invalidItemName(String, NameProblem)
    case invalidUnit(String)
    case invalidQuantity(QuantityProblem)
    case listNotFound(String, suggestion: String?)
    /// "alice's Hardware" when alice shares no such list with the speaker:
    /// the same whether she has one or not.
    case sharedListNotFound(String, owner: String, suggestion: String?)
    case duplicateList(String)
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
}

extension DomainError {
    public var code: ErrorCode {
        switch self {
        case .invalidUserName, .invalidListName, .invalidItemName, .invalidUnit,
             .invalidQuantity, .quantityWouldExceedLimit, .tooManyItems:
            .invalid
        case .listNotFound, .sharedListNotFound, .itemNotFound, .nothingChecked, .nothingToCheck, .nothingToClear, .unknownUser, .noInvitation, .invalidCode, .noCode, .notAParticipant, .notShared:
            .notFound
        case .ambiguousList, .itemOnSeveralLists, .whichInvitation:
            .ambiguous
        case .cannotShareWithSelf, .ownerCannotLeave:
            .invalid
        case .alreadyShared:
            .duplicate
        case .duplicateList, .duplicateItem:
            .duplicate
        case .unitMismatch:
            .conflict
        case .forbidden:
            .forbidden
        }
    }

    public var message: String {
        switch self {
        case .invalidUserName(let name):
            "“\(name)” is not a valid user name: use 1 to \(UserName.maximumLength) letters, digits, “-”, “_” or “.”."
        case .unknownUser(let name):
            "There is no member called “\(name)”."
        case .invalidListName(_, .empty):
            "A list needs a name."
        case .invalidListName(_, .tooLong):
            "That list name is too long: keep it to \(ListName.maximumLength) characters."
        case .invalidListName(_, .controlCharacters):
            "A list name can't contain control or invisible characters."
        case .invalidItemName(_, .empty):
            "An item needs a name."
        case .invalidItemName(_, .tooLong):
            "That item name is too long: keep it to \(ItemName.maximumLength) characters."
        case .invalidItemName(_, .controlCharacters):
            "An item name can't contain control or invisible characters."
        case .invalidUnit:
            "That unit is not valid: keep it to \(ItemUnit.maximumLength) printable characters."
        case .invalidQuantity(.outOfRange):
            "A quantity must be more than 0 and at most 1,000,000."
        case .invalidQuantity(.tooPrecise):
            "I keep quantities to three decimal places (as in 1.125); for a third of a kilo, say 333 g."
        case .invalidQuantity(.zeroDenominator):
            "A fraction can't have 0 below the line."
        case .listNotFound(let name, let suggestion?):
            "You have no list called “\(name)”. Did you mean \(suggestion)?"
        case .sharedListNotFound(let name, let owner, let suggestion?):
            "\(owner) shares no list called “\(name)” with you. Did you mean \(suggestion)?"
        case .sharedListNotFound(let name, let owner, nil):
            "\(owner) shares no list called “\(name)” with you."
        case .listNotFound(let name, nil):
            "You have no list called “\(name)”. Say “create a list called \(name)” to make it, or “show my lists” to see yours."
        case .duplicateList(let name):
            "You already have a list called \(name)."
        case .itemNotFound(let item, let list, let suggestion?):
            "There is no “\(item)” on \(list). Did you mean \(suggestion)?"
        case .itemNotFound(let item, let list, nil):
            "There is no “\(item)” on \(list)."
        case .duplicateItem(let item, let list):
            "\(list) already has \(item)."
        case .quantityWouldExceedLimit(let item, let list, let total, let unit):
            "That would make \(total) \(unit.map { "\($0) of " } ?? "")\(item) on \(list); the most is 1,000,000."
        case .unitMismatch(let item, let list, let existing, _):
            "\(list) already has \(item) measured \(existing.map { "in \($0)" } ?? "without a unit"); say “change \(item) to …” to replace it."
        case .forbidden(.readOnly(let list, let owner)):
            "You can see \(list) but not change it: \(owner) shared it read-only."
        case .forbidden(.notOwner(let list, let owner)):
            "Only \(owner), who owns \(list), can rename or delete it."
        case .forbidden(.cannotManageSharing(let list, let owner)):
            "Only \(owner) or an admin of \(list) can change who shares it."
        case .forbidden(.onlyOwnerGrantsAdmin(let list)):
            "Only the owner of \(list) can make admins."
        case .forbidden(.cannotChangeAdmin(let user, let list)):
            "Only the owner of \(list) can change or remove \(user), an admin."
        case .ambiguousList(let name, let owners):
            "Several lists are called \(name): \(owners.map { "\($0)'s" }.joined(separator: ", ")). Say “\(name) from \(owners[0])”."
        case .itemOnSeveralLists(let item, let lists, let owners, let sharedBy):
            Self.several(item, lists: lists, owners: owners, sharedBy: sharedBy)
        case .cannotShareWithSelf:
            "You can't share a list with yourself."
        case .alreadyShared(let user, let list):
            "\(user) already has \(list)."
        case .notAParticipant(let user, let list):
            "\(user) is not sharing \(list)."
        case .noInvitation(let name?):
            "Nobody has shared “\(name)” with you."
        case .noInvitation(nil):
            "No invitation is waiting for you."
        case .whichInvitation(let names, let owners):
            "\(names.count) invitations are waiting: "
                + zip(names, owners).map { "\($0) from \($1)" }.joined(separator: ", ")
                + ". Say which, as in “accept \(names.first ?? "Groceries")”."
        case .ownerCannotLeave(let list):
            "You own \(list), so you can't leave it; say “delete the \(list) list” to delete it, or “stop sharing \(list)”."
        case .invalidCode:
            "That code is not valid, or it has expired or been used."
        case .noCode(let list):
            "\(list) has no share code."
        case .notShared(let list):
            "\(list) is not shared with anyone."
        case .tooManyItems(let count):
            "That is \(count) items at once; add at most 100 in one go."
        case .nothingChecked(let list):
            "Nothing on \(list) is checked off."
        case .nothingToCheck(let list):
            "Nothing on \(list) is left to check off."
        case .nothingToClear(let list):
            "\(list) is already empty."
        }
    }

    /// "“nails” is on more than one of your lists: Hardware, Tools from bob.
    /// Say which, as in “nails on Hardware”."
    private static func several(_ item: String, lists: [String], owners: [String?], sharedBy: [String]) -> String {
        let named = zip(lists, owners).map { list, owner in owner.map { "\(list) from \($0)" } ?? list }
        let places = named + sharedBy.map { "shared with you by \($0)" }
        let example = named.first.map { ". Say which, as in “\(item) on \($0)”." } ?? "."
        return "“\(item)” is on more than one of your lists: \(places.joined(separator: ", "))\(example)"
    }
}
