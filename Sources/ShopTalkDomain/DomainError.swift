/// Everything the domain refuses, as values. ``code`` is stable for programs;
/// ``message`` is the sentence a person reads, produced here and nowhere else.
public enum DomainError: Error, Hashable, Sendable {
    public enum NameProblem: Hashable, Sendable { case empty, tooLong, controlCharacters }

    case invalidUserName(String)
    case unknownUser(String)
    case invalidListName(String, NameProblem)
    case invalidItemName(String, NameProblem)
    case invalidUnit(String)
    case quantityOutOfRange(Int)
    case listNotFound(String, suggestion: String?)
    case duplicateList(String)
    case itemNotFound(String, list: String, suggestion: String?)
    case duplicateItem(String, list: String)
    case quantityWouldExceedLimit(item: String, list: String, total: Int)
    case unitMismatch(item: String, list: String, existing: String?, requested: String?)
    case forbidden(String)
    case nothingChecked(list: String)
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
}

extension DomainError {
    public var code: ErrorCode {
        switch self {
        case .invalidUserName, .invalidListName, .invalidItemName, .invalidUnit,
             .quantityOutOfRange, .quantityWouldExceedLimit:
            .invalid
        case .listNotFound, .itemNotFound, .nothingChecked, .unknownUser:
            .notFound
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
        case .quantityOutOfRange:
            "A quantity must be a whole number from 1 to 1,000,000."
        case .listNotFound(let name, let suggestion?):
            "You have no list called “\(name)”. Did you mean \(suggestion)?"
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
        case .quantityWouldExceedLimit(let item, let list, let total):
            "That would make \(total) \(item) on \(list); the most is 1,000,000."
        case .unitMismatch(let item, let list, let existing, _):
            "\(list) already has \(item) measured \(existing.map { "in \($0)" } ?? "without a unit"); say “change \(item) to …” to replace it."
        case .forbidden(let why):
            why
        case .nothingChecked(let list):
            "Nothing on \(list) is checked off."
        }
    }
}
