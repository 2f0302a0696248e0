import ShopTalkDomain
import ShopTalkWording

/// What the bot says of what the domain refuses and of lines it cannot
/// read: the domain gives a value and a stable code, and its words are here.
extension Replies {
    static func failure(_ error: DomainError, intent: String?) -> Reply {
        .failure(error.code, message(for: error), intent: intent)
    }

    static func message(for error: DomainError) -> Message {
        switch error {
        case .invalidUserName(let name):
            Message(.errorUserName, ["name": .text(name), "max": .number(UserName.maximumLength)])
        case .unknownUser(let name):
            Message(.errorUnknownUser, ["name": .text(name)])
        case .invalidListName(_, .empty): Message(.errorListNameEmpty)
        case .invalidListName(_, .tooLong): Message(.errorListNameLong, ["max": .number(ListName.maximumLength)])
        case .invalidListName(_, .controlCharacters): Message(.errorListNameControl)
        case .invalidListName(_, .mixedScripts): Message(.errorListNameMixed)
        case .invalidItemName(_, .empty): Message(.errorItemNameEmpty)
        case .invalidItemName(_, .tooLong): Message(.errorItemNameLong, ["max": .number(ItemName.maximumLength)])
        case .invalidItemName(_, .controlCharacters), .invalidItemName(_, .mixedScripts): Message(.errorItemNameControl)
        case .invalidUnit: Message(.errorUnit, ["max": .number(ItemUnit.maximumLength)])
        case .invalidQuantity(.outOfRange): Message(.errorQuantityRange)
        case .invalidQuantity(.tooPrecise): Message(.errorQuantityPrecise)
        case .invalidQuantity(.zeroDenominator): Message(.errorQuantityZero)
        case .listNotFound(let name, nil):
            Message(.errorListNotFound, ["name": .text(name)])
        case .listNotFound(let name, let suggestion?):
            Message(.errorListNotFoundSuggestion, ["name": .text(name), "suggestion": .text(suggestion)])
        case .sharedListNotFound(let name, let owner, nil):
            Message(.errorSharedListNotFound, ["name": .text(name), "owner": .text(owner)])
        case .sharedListNotFound(let name, let owner, let suggestion?):
            Message(.errorSharedListNotFoundSuggestion, ["name": .text(name), "owner": .text(owner), "suggestion": .text(suggestion)])
        case .duplicateList(let name):
            Message(.errorDuplicateList, ["name": .text(name)])
        case .lookalikeList(let name, let existing):
            Message(.errorLookalikeList, ["name": .text(name), "existing": .text(existing)])
        case .itemNotFound(let item, let list, nil):
            Message(.errorItemNotFound, ["item": storedThing(item), "list": .text(list)])
        case .itemNotFound(let item, let list, let suggestion?):
            Message(.errorItemNotFoundSuggestion, ["item": storedThing(item), "list": .text(list), "suggestion": .text(suggestion)])
        case .duplicateItem(let item, let list):
            Message(.errorDuplicateItem, ["item": storedThing(item), "list": .text(list)])
        case .quantityWouldExceedLimit(let item, let list, let total, let unit):
            Message(.errorTooMuch, ["amount": amount(written: total, unit: unit.map(ItemUnit.init(stored:)), name: item), "list": .text(list)])
        case .unitMismatch(let item, let list, let existing?, _):
            Message(.errorUnitMismatch, ["item": storedThing(item), "list": .text(list), "unit": unitWords(ItemUnit(stored: existing), count: .decimal("2"))])
        case .unitMismatch(let item, let list, nil, _):
            Message(.errorUnitMismatchCount, ["item": storedThing(item), "list": .text(list)])
        case .forbidden(.readOnly(let list, let owner)):
            Message(.errorReadOnly, ["list": .text(list), "owner": .text(owner)])
        case .forbidden(.notOwner(let list, let owner)):
            Message(.errorNotOwner, ["list": .text(list), "owner": .text(owner)])
        case .forbidden(.cannotManageSharing(let list, let owner)):
            Message(.errorCannotShare, ["list": .text(list), "owner": .text(owner)])
        case .forbidden(.onlyOwnerGrantsAdmin(let list)):
            Message(.errorOnlyOwnerAdmins, ["list": .text(list)])
        case .forbidden(.cannotChangeAdmin(let user, let list)):
            Message(.errorCannotChangeAdmin, ["user": .text(user), "list": .text(list)])
        case .ambiguousList(let name, let owners):
            Message(.errorAmbiguousList, [
                "name": .text(name), "first": .text(owners.first ?? ""),
                "owners": .list(owners.map { .message(Message(.errorAmbiguousListOwner, ["owner": .text($0)])) }, .plain),
            ])
        case .itemOnSeveralLists(let item, let lists, let owners, let sharedBy):
            several(item, lists: lists, owners: owners, sharedBy: sharedBy)
        case .whichItem(let said, let choices):
            Message(.errorWhichItem, ["item": .text(said), "choices": .list(choices.map { storedThing($0) }, .or)])
        case .cannotShareWithSelf: Message(.errorShareWithSelf)
        case .alreadyShared(let user, let list): Message(.errorAlreadyShared, ["user": .text(user), "list": .text(list)])
        case .notAParticipant(let user, let list): Message(.errorNotAParticipant, ["user": .text(user), "list": .text(list)])
        case .noInvitation(let name?): Message(.errorNoInvitation, ["name": .text(name)])
        case .noInvitation(nil): Message(.errorNoInvitationAny)
        case .whichInvitation(let names, let owners):
            Message(.errorWhichInvitation, [
                "count": .number(names.count), "first": .text(names.first ?? "Groceries"),
                "invitations": .list(zip(names, owners).map { .message(Message(.errorWhichInvitationOne, ["name": .text($0), "owner": .text($1)])) }, .plain),
            ])
        case .ownerCannotLeave(let list): Message(.errorOwnerCannotLeave, ["list": .text(list)])
        case .invalidCode: Message(.errorInvalidCode)
        case .noCode(let list): Message(.errorNoCode, ["list": .text(list)])
        case .notShared(let list): Message(.errorNotShared, ["list": .text(list)])
        case .alreadyOnList(let item, let list): Message(.errorAlreadyOnList, ["item": storedThing(item), "list": .text(list)])
        case .sameList(let list): Message(.errorSameList, ["list": .text(list)])
        case .alreadyNamed(let name): Message(.errorAlreadyNamed, ["name": .text(name)])
        case .invalidNote(.empty): Message(.errorNoteEmpty)
        case .invalidNote(.tooLong): Message(.errorNoteLong, ["max": .number(ItemNote.maximumLength)])
        case .invalidNote(.controlCharacters), .invalidNote(.mixedScripts): Message(.errorNoteControl)
        case .noNote(let item): Message(.errorNoNote, ["item": storedThing(item)])
        case .nothingToUndo: Message(.errorNothingToUndo)
        case .notShopping: Message(.errorNotShopping)
        case .invalidAisle(let name): Message(.errorAisle, ["name": .text(name)])
        case .shopNotWalked(let shop): Message(.errorShopNotWalked, ["shop": .text(shop)])
        case .undoConflict(let what, nil): Message(.errorUndoConflict, ["what": .text(what)])
        case .undoConflict(let what, let by?): Message(.errorUndoConflictBy, ["what": .text(what), "by": .text(by)])
        case .invalidChannel(let name): Message(.errorChannel, ["name": .text(name)])
        case .notAnnounced(let list, nil): Message(.errorNotAnnounced, ["list": .text(list)])
        case .notAnnounced(let list, let channel?): Message(.errorNotAnnouncedChannel, ["list": .text(list), "channel": .text(channel)])
        case .tooManyItems(let count): Message(.errorTooManyItems, ["count": .number(count)])
        case .nothingChecked(let list): Message(.errorNothingChecked, ["list": .text(list)])
        case .nothingToCheck(let list): Message(.errorNothingToCheck, ["list": .text(list)])
        case .nothingToClear(let list): Message(.errorNothingToClear, ["list": .text(list)])
        }
    }

    /// "“nails” is on more than one of your lists: Hardware, Tools from bob.
    /// Say which, as in “nails on Hardware”."
    private static func several(_ item: String, lists: [String], owners: [String?], sharedBy: [String]) -> Message {
        let named: [MessageArgument] = zip(lists, owners).map { list, owner in
            owner.map { .message(Message(.errorSeveralListsFrom, ["list": .text(list), "owner": .text($0)])) } ?? .text(list)
        }
        let places = named + sharedBy.map { .message(Message(.errorSeveralListsAlone, ["owner": .text($0)])) }
        guard let first = named.first else { return Message(.errorSeveralListsNoneNamed, ["item": storedThing(item), "places": .list(places, .plain)]) }
        return Message(.errorSeveralLists, ["item": storedThing(item), "places": .list(places, .plain), "first": first])
    }

    static func message(for problem: InputLine.Problem) -> Message {
        switch problem {
        case .tooLong(let bytes, let limit): Message(.lineTooLong, ["bytes": .number(bytes), "limit": .number(limit)])
        case .invalidUTF8: Message(.lineNotUtf8)
        case .controlCharacters: Message(.lineControl)
        case .badLabel: Message(.lineLabel, ["limit": .number(InputLine.maximumLabelCharacters)])
        case .missingNick: Message(.lineNoNick)
        case .invalidNick(let nick): message(for: .invalidUserName(nick))
        }
    }
}

extension Replies {
    /// A thing named by a refusal, on a list or looked for there: in the reader's word when the
    /// lexicon knows it ("молоко" for "Milch" to a Russian reader), read as
    /// an older item is, since a refusal does not say what language it was typed in.
    static func storedThing(_ name: String) -> MessageArgument {
        .thing(name, plural: false, typedIn: nil)
    }
}
