/// Every message ShopTalk can say, by its key in the message files
/// (`Grammar/<code>/<code>.messages`). Every language has a template for
/// each, with the same placeholders; the tests hold the files and this list
/// to each other, both ways.
public enum MessageKey: String, Hashable, Sendable, CaseIterable {
    case listAndPair = "list.and.pair"
    case listAndMore = "list.and.more"
    case listAndLast = "list.and.last"
    case listOrPair = "list.or.pair"
    case listOrMore = "list.or.more"
    case listOrLast = "list.or.last"
    case listPlainPair = "list.plain.pair"
    case listPlainMore = "list.plain.more"
    case listPlainLast = "list.plain.last"
    case sentencesPair = "sentences.pair"
    case sentencesMore = "sentences.more"
    case sentencesLast = "sentences.last"
    case quoted = "quoted"
    case lines = "lines"
    case sentences = "sentences"
    case listOthers = "list.others"
    case amountItem = "amount.item"
    case amountItemUnit = "amount.item.unit"
    case amountAlone = "amount.alone"
    case amountAloneUnit = "amount.alone.unit"
    case amountOneSpoken = "amount.one.spoken"
    case unitKg = "unit.kg"
    case unitG = "unit.g"
    case unitLb = "unit.lb"
    case unitOz = "unit.oz"
    case unitLitre = "unit.litre"
    case unitMl = "unit.ml"
    case unitGallon = "unit.gallon"
    case unitPint = "unit.pint"
    case unitLoaf = "unit.loaf"
    case unitBottle = "unit.bottle"
    case unitCan = "unit.can"
    case unitJar = "unit.jar"
    case unitPack = "unit.pack"
    case unitBag = "unit.bag"
    case unitBox = "unit.box"
    case unitCarton = "unit.carton"
    case unitBunch = "unit.bunch"
    case unitHead = "unit.head"
    case unitRoll = "unit.roll"
    case unitBar = "unit.bar"
    case unitTub = "unit.tub"
    case unitSlice = "unit.slice"
    case unitPiece = "unit.piece"
    case permissionReadOnly = "permission.read-only"
    case permissionReadWrite = "permission.read-write"
    case permissionAdmin = "permission.admin"
    case permissionOwner = "permission.owner"
    case agoNow = "ago.now"
    case agoMinutes = "ago.minutes"
    case agoHours = "ago.hours"
    case agoYesterday = "ago.yesterday"
    case agoDays = "ago.days"
    case periodToday = "period.today"
    case periodYesterday = "period.yesterday"
    case periodSinceYesterday = "period.since-yesterday"
    case periodWeek = "period.week"
    case listCreated = "list.created"
    case listNameNeeded = "list.name_needed"
    case listDeleteWhich = "list.delete_which"
    case listRenamed = "list.renamed"
    case listDeleted = "list.deleted"
    case listUsing = "list.using"
    case listDefault = "list.default"
    case listEmptied = "list.emptied"
    case listNamesake = "list.namesake"
    case listsNone = "lists.none"
    case listsNoneOwn = "lists.none_own"
    case listsHeading = "lists.heading"
    case listsHeadingCount = "lists.heading.count"
    case listsLine = "lists.line"
    case listsLineShared = "lists.line.shared"
    case listsLineDefault = "lists.line.default"
    case listsCountEmpty = "lists.count.empty"
    case listsCountAll = "lists.count.all"
    case listsCountOpen = "lists.count.open"
    case listsSharedItems = "lists.shared_items"
    case listsSharedItem = "lists.shared_item"
    case contents = "contents"
    case contentsCounted = "contents.counted"
    case contentsCountedOpen = "contents.counted.open"
    case contentsLine = "contents.line"
    case contentsLineChecked = "contents.line.checked"
    case contentsPlain = "contents.plain"
    case contentsPlainLine = "contents.plain.line"
    case contentsPlainLineChecked = "contents.plain.line.checked"
    case contentsEmpty = "contents.empty"
    case contentsChecked = "contents.checked"
    case contentsCheckedNone = "contents.checked.none"
    case contentsOpen = "contents.open"
    case contentsOpenNone = "contents.open.none"
    case itemsAdded = "items.added"
    case itemsAddedMerged = "items.added.merged"
    case itemsRemoved = "items.removed"
    case itemsRemovedPart = "items.removed.part"
    case itemReduced = "item.reduced"
    case itemChanged = "item.changed"
    case itemRenamed = "item.renamed"
    case itemsChecked = "items.checked"
    case itemsCheckedPart = "items.checked.part"
    case itemsCheckedAlready = "items.checked.already"
    case itemsCheckedAlreadyOn = "items.checked.already.on"
    case itemsUnchecked = "items.unchecked"
    case itemsUncheckedPart = "items.unchecked.part"
    case itemsUncheckedAlready = "items.unchecked.already"
    case itemsUncheckedAlreadyOn = "items.unchecked.already.on"
    case itemsCleared = "items.cleared"
    case foundHere = "found.here"
    case foundHereChecked = "found.here.checked"
    case foundPlaces = "found.places"
    case foundPlace = "found.place"
    case foundNowhere = "found.nowhere"
    case foundNotHere = "found.not_here"
    case foundSuggestion = "found.suggestion"
    case whoAddedPlaces = "who_added.places"
    case whoAddedPlace = "who_added.place"
    case whoAddedNowhere = "who_added.nowhere"
    case whoAddedNotHere = "who_added.not_here"
    case whoAddedRemovedAnywhere = "who_added.removed_anywhere"
    case whoAddedRemovedHere = "who_added.removed_here"
    case history = "history"
    case historyPeriod = "history.period"
    case historyNone = "history.none"
    case historyNoneYesterday = "history.none.yesterday"
    case historyNonePeriod = "history.none.period"
    case historyLine = "history.line"
    case changeCreatedList = "change.created_list"
    case changeRenamedList = "change.renamed_list"
    case changeDeletedList = "change.deleted_list"
    case changeAdded = "change.added"
    case changeRemoved = "change.removed"
    case changeSetQuantity = "change.set_quantity"
    case changeRenamedItem = "change.renamed_item"
    case changeChecked = "change.checked"
    case changeUnchecked = "change.unchecked"
    case changeCleared = "change.cleared"
    case changeClearedItems = "change.cleared.items"
    case changeEmptied = "change.emptied"
    case changeShared = "change.shared"
    case changeSharedItem = "change.shared.item"
    case changePermission = "change.permission"
    case changeUnshared = "change.unshared"
    case changeJoined = "change.joined"
    case changeLeft = "change.left"
    case changeMadeCode = "change.made_code"
    case changeRevokedCodes = "change.revoked_codes"
    case changeNoted = "change.noted"
    case changeNoteRemoved = "change.note_removed"
    case changeAssigned = "change.assigned"
    case changeUnassigned = "change.unassigned"
    case changeOldCreateList = "change.old.create_list"
    case changeOldRenameList = "change.old.rename_list"
    case changeOldDeleteList = "change.old.delete_list"
    case changeOldAddItem = "change.old.add_item"
    case changeOldRemoveItem = "change.old.remove_item"
    case changeOldUpdateItem = "change.old.update_item"
    case changeOldRenameItem = "change.old.rename_item"
    case changeOldCheckItem = "change.old.check_item"
    case changeOldUncheckItem = "change.old.uncheck_item"
    case changeOldClearChecked = "change.old.clear_checked"
    case changeOldClearList = "change.old.clear_list"
    case changeOldSharing = "change.old.sharing"
    case help = "help"
    case helpTopic = "help.topic"
    case helpTitle = "help.title"
    case helpExample = "help.example"
    case helpExampleBare = "help.example.bare"
    case helpMore = "help.more"
    case greeting = "greeting"
    case ackThanks = "ack.thanks"
    case ackOk = "ack.ok"
    case ackGot = "ack.got"
    case ackForget = "ack.forget"
    case languageChosen = "language.chosen"
    case languageUnavailable = "language.unavailable"
    case languageEn = "language.en"
    case languageEs = "language.es"
    case languageDe = "language.de"
    case languageFr = "language.fr"
    case languageRu = "language.ru"
    case languageVi = "language.vi"
    case languageZh = "language.zh"
    case notUnderstood = "not_understood"
    case notUnderstoodSuggestions = "not_understood.suggestions"
    case notAvailable = "not_available"
    case storageFailure = "storage_failure"
    case whichItem = "which_item"
    case listNamedAsItem = "list_named_as_item"
    case missingSlot = "missing_slot"
    case goodbye = "goodbye"
    case goodbyeMember = "goodbye.member"
    case chatBanner = "chat.banner"
    case askDelete = "ask.delete"
    case askEmpty = "ask.empty"
    case askDidYouMean = "ask.did_you_mean"
    case askListOrItem = "ask.list_or_item"
    case askHowMany = "ask.how_many"
    case answerKept = "answer.kept"
    case answerNothingDone = "answer.nothing_done"
    case answerNoQuestion = "answer.no_question"
    case answerExpired = "answer.expired"
    case answerHowMany = "answer.how_many"
    case answerYesOrNo = "answer.yes_or_no"
    case sharedInvited = "shared.invited"
    case sharedInvitee = "shared.invitee"
    case sharedItem = "shared.item"
    case sharedAdmin = "shared.admin"
    case sharedPermission = "shared.permission"
    case codeCreated = "code.created"
    case codeJoined = "code.joined"
    case codeRevoked = "code.revoked"
    case unshared = "unshared"
    case unsharedEveryone = "unshared.everyone"
    case accepted = "accepted"
    case acceptedList = "accepted.list"
    case acceptedItem = "accepted.item"
    case declined = "declined"
    case left = "left"
    case muted = "muted"
    case unmuted = "unmuted"
    case announced = "announced"
    case unannounced = "unannounced"
    case moved = "moved"
    case copied = "copied"
    case copiedNew = "copied.new"
    case undone = "undone"
    case undonePlain = "undone.plain"
    case undoOvertaken = "undo.overtaken"
    case lastRemoved = "last_removed"
    case lastRemovedNone = "last_removed.none"
    case noted = "noted"
    case noteRemoved = "note.removed"
    case itemNoted = "item.noted"
    case shoppingStarted = "shopping.started"
    case shoppingStartedAt = "shopping.started.at"
    case shoppingOthers = "shopping.others"
    case shoppingDone = "shopping.done"
    case shoppingNothing = "shopping.nothing"
    case assigned = "assigned"
    case assignedSelf = "assigned.self"
    case assignedNobody = "assigned.nobody"
    case toBuy = "to_buy"
    case toBuyLine = "to_buy.line"
    case toBuyNone = "to_buy.none"
    case members = "members"
    case membersNobody = "members.nobody"
    case membersShared = "members.shared"
    case membersInvited = "members.invited"
    case membersLine = "members.line"
    case membersLineItem = "members.line.item"
    case membersCodes = "members.codes"
    case eventAdded = "event.added"
    case eventRemoved = "event.removed"
    case eventMoved = "event.moved"
    case eventUndone = "event.undone"
    case eventNoted = "event.noted"
    case eventNoteRemoved = "event.note_removed"
    case eventShopping = "event.shopping"
    case eventShoppingAt = "event.shopping.at"
    case eventShoppingDone = "event.shopping.done"
    case eventAssigned = "event.assigned"
    case eventChanged = "event.changed"
    case eventItemRenamed = "event.item_renamed"
    case eventChecked = "event.checked"
    case eventUnchecked = "event.unchecked"
    case eventCleared = "event.cleared"
    case eventEmptied = "event.emptied"
    case eventRenamed = "event.renamed"
    case eventDeleted = "event.deleted"
    case eventShared = "event.shared"
    case eventMadeAdmin = "event.made_admin"
    case eventPermission = "event.permission"
    case eventJoined = "event.joined"
    case eventAccepted = "event.accepted"
    case eventDeclined = "event.declined"
    case eventLeft = "event.left"
    case eventUnshared = "event.unshared"
    case errorUserName = "error.user_name"
    case errorUnknownUser = "error.unknown_user"
    case errorListNameEmpty = "error.list_name.empty"
    case errorListNameLong = "error.list_name.long"
    case errorListNameControl = "error.list_name.control"
    case errorItemNameEmpty = "error.item_name.empty"
    case errorItemNameLong = "error.item_name.long"
    case errorItemNameControl = "error.item_name.control"
    case errorUnit = "error.unit"
    case errorQuantityRange = "error.quantity.range"
    case errorQuantityPrecise = "error.quantity.precise"
    case errorQuantityZero = "error.quantity.zero"
    case errorListNotFound = "error.list_not_found"
    case errorListNotFoundSuggestion = "error.list_not_found.suggestion"
    case errorSharedListNotFound = "error.shared_list_not_found"
    case errorSharedListNotFoundSuggestion = "error.shared_list_not_found.suggestion"
    case errorDuplicateList = "error.duplicate_list"
    case errorItemNotFound = "error.item_not_found"
    case errorItemNotFoundSuggestion = "error.item_not_found.suggestion"
    case errorDuplicateItem = "error.duplicate_item"
    case errorTooMuch = "error.too_much"
    case errorUnitMismatch = "error.unit_mismatch"
    case errorUnitMismatchCount = "error.unit_mismatch.count"
    case errorReadOnly = "error.read_only"
    case errorNotOwner = "error.not_owner"
    case errorCannotShare = "error.cannot_share"
    case errorOnlyOwnerAdmins = "error.only_owner_admins"
    case errorCannotChangeAdmin = "error.cannot_change_admin"
    case errorAmbiguousList = "error.ambiguous_list"
    case errorAmbiguousListOwner = "error.ambiguous_list.owner"
    case errorSeveralLists = "error.several_lists"
    case errorSeveralListsNoneNamed = "error.several_lists.none_named"
    case errorSeveralListsFrom = "error.several_lists.from"
    case errorSeveralListsAlone = "error.several_lists.alone"
    case errorShareWithSelf = "error.share_with_self"
    case errorAlreadyShared = "error.already_shared"
    case errorNotAParticipant = "error.not_a_participant"
    case errorNoInvitation = "error.no_invitation"
    case errorNoInvitationAny = "error.no_invitation.any"
    case errorWhichInvitation = "error.which_invitation"
    case errorWhichInvitationOne = "error.which_invitation.one"
    case errorOwnerCannotLeave = "error.owner_cannot_leave"
    case errorInvalidCode = "error.invalid_code"
    case errorNoCode = "error.no_code"
    case errorNotShared = "error.not_shared"
    case errorChannel = "error.channel"
    case errorNotAnnounced = "error.not_announced"
    case errorNotAnnouncedChannel = "error.not_announced.channel"
    case errorAlreadyOnList = "error.already_on_list"
    case errorSameList = "error.same_list"
    case errorNothingToUndo = "error.nothing_to_undo"
    case errorUndoConflict = "error.undo_conflict"
    case errorUndoConflictBy = "error.undo_conflict.by"
    case errorNoteEmpty = "error.note_empty"
    case errorNoteLong = "error.note_long"
    case errorNoteControl = "error.note_control"
    case errorNoNote = "error.no_note"
    case errorNoteWhich = "error.note_which"
    case errorNotShopping = "error.not_shopping"
    case errorTooManyItems = "error.too_many_items"
    case errorNothingChecked = "error.nothing_checked"
    case errorNothingToCheck = "error.nothing_to_check"
    case errorNothingToClear = "error.nothing_to_clear"
    case lineTooLong = "line.too_long"
    case lineNotUtf8 = "line.not_utf8"
    case lineControl = "line.control"
    case lineNoNick = "line.no_nick"
    case serverGreeting = "server.greeting"
    case serverShuttingDown = "server.shutting_down"
    case serverFull = "server.full"
    case serverTlsOnly = "server.tls_only"
    case serverFormat = "server.format"
    case serverFormatHow = "server.format.how"
    case serverLoginHelp = "server.login.help"
    case serverLoginAlready = "server.login.already"
    case serverLoginFirst = "server.login.first"
    case serverLoginHow = "server.login.how"
    case serverLoginFailed = "server.login.failed"
    case serverLoginHello = "server.login.hello"
    case serverLoginTooMany = "server.login.too_many"
    case serverLoginNeedsTls = "server.login.needs_tls"
    case serverRelayHow = "server.relay.how"
    case serverRelayFailed = "server.relay.failed"
    case serverRelayReady = "server.relay.ready"
    case serverRelayForbidden = "server.relay.forbidden"
    case serverLinkDone = "server.link.done"
    case serverLinkUnknown = "server.link.unknown"
    case serverRateLimited = "server.rate_limited"
    case ircNotLinked = "irc.not_linked"
    case ircRestInPrivate = "irc.rest_in_private"
    case ircLinkCode = "irc.link_code"
    case ircLinked = "irc.linked"

    /// Its place in `allCases`: a catalogue keeps its templates in an array
    /// by it, found without hashing the key on every reply.
    public var ordinal: Int {
        switch self {
        case .listAndPair: 0
        case .listAndMore: 1
        case .listAndLast: 2
        case .listOrPair: 3
        case .listOrMore: 4
        case .listOrLast: 5
        case .listPlainPair: 6
        case .listPlainMore: 7
        case .listPlainLast: 8
        case .sentencesPair: 9
        case .sentencesMore: 10
        case .sentencesLast: 11
        case .quoted: 12
        case .lines: 13
        case .sentences: 14
        case .listOthers: 15
        case .amountItem: 16
        case .amountItemUnit: 17
        case .amountAlone: 18
        case .amountAloneUnit: 19
        case .amountOneSpoken: 20
        case .unitKg: 21
        case .unitG: 22
        case .unitLb: 23
        case .unitOz: 24
        case .unitLitre: 25
        case .unitMl: 26
        case .unitGallon: 27
        case .unitPint: 28
        case .unitLoaf: 29
        case .unitBottle: 30
        case .unitCan: 31
        case .unitJar: 32
        case .unitPack: 33
        case .unitBag: 34
        case .unitBox: 35
        case .unitCarton: 36
        case .unitBunch: 37
        case .unitHead: 38
        case .unitRoll: 39
        case .unitBar: 40
        case .unitTub: 41
        case .unitSlice: 42
        case .unitPiece: 43
        case .permissionReadOnly: 44
        case .permissionReadWrite: 45
        case .permissionAdmin: 46
        case .permissionOwner: 47
        case .agoNow: 48
        case .agoMinutes: 49
        case .agoHours: 50
        case .agoYesterday: 51
        case .agoDays: 52
        case .periodToday: 53
        case .periodYesterday: 54
        case .periodSinceYesterday: 55
        case .periodWeek: 56
        case .listCreated: 57
        case .listNameNeeded: 58
        case .listDeleteWhich: 59
        case .listRenamed: 60
        case .listDeleted: 61
        case .listUsing: 62
        case .listDefault: 63
        case .listEmptied: 64
        case .listNamesake: 65
        case .listsNone: 66
        case .listsNoneOwn: 67
        case .listsHeading: 68
        case .listsHeadingCount: 69
        case .listsLine: 70
        case .listsLineShared: 71
        case .listsLineDefault: 72
        case .listsCountEmpty: 73
        case .listsCountAll: 74
        case .listsCountOpen: 75
        case .listsSharedItems: 76
        case .listsSharedItem: 77
        case .contents: 78
        case .contentsCounted: 79
        case .contentsCountedOpen: 80
        case .contentsLine: 81
        case .contentsLineChecked: 82
        case .contentsPlain: 83
        case .contentsPlainLine: 84
        case .contentsPlainLineChecked: 85
        case .contentsEmpty: 86
        case .contentsChecked: 87
        case .contentsCheckedNone: 88
        case .contentsOpen: 89
        case .contentsOpenNone: 90
        case .itemsAdded: 91
        case .itemsAddedMerged: 92
        case .itemsRemoved: 93
        case .itemsRemovedPart: 94
        case .itemReduced: 95
        case .itemChanged: 96
        case .itemRenamed: 97
        case .itemsChecked: 98
        case .itemsCheckedPart: 99
        case .itemsCheckedAlready: 100
        case .itemsCheckedAlreadyOn: 101
        case .itemsUnchecked: 102
        case .itemsUncheckedPart: 103
        case .itemsUncheckedAlready: 104
        case .itemsUncheckedAlreadyOn: 105
        case .itemsCleared: 106
        case .foundHere: 107
        case .foundHereChecked: 108
        case .foundPlaces: 109
        case .foundPlace: 110
        case .foundNowhere: 111
        case .foundNotHere: 112
        case .foundSuggestion: 113
        case .whoAddedPlaces: 114
        case .whoAddedPlace: 115
        case .whoAddedNowhere: 116
        case .whoAddedNotHere: 117
        case .whoAddedRemovedAnywhere: 118
        case .whoAddedRemovedHere: 119
        case .history: 120
        case .historyPeriod: 121
        case .historyNone: 122
        case .historyNoneYesterday: 123
        case .historyNonePeriod: 124
        case .historyLine: 125
        case .changeCreatedList: 126
        case .changeRenamedList: 127
        case .changeDeletedList: 128
        case .changeAdded: 129
        case .changeRemoved: 130
        case .changeSetQuantity: 131
        case .changeRenamedItem: 132
        case .changeChecked: 133
        case .changeUnchecked: 134
        case .changeCleared: 135
        case .changeClearedItems: 136
        case .changeEmptied: 137
        case .changeShared: 138
        case .changeSharedItem: 139
        case .changePermission: 140
        case .changeUnshared: 141
        case .changeJoined: 142
        case .changeLeft: 143
        case .changeMadeCode: 144
        case .changeRevokedCodes: 145
        case .changeNoted: 146
        case .changeNoteRemoved: 147
        case .changeAssigned: 148
        case .changeUnassigned: 149
        case .changeOldCreateList: 150
        case .changeOldRenameList: 151
        case .changeOldDeleteList: 152
        case .changeOldAddItem: 153
        case .changeOldRemoveItem: 154
        case .changeOldUpdateItem: 155
        case .changeOldRenameItem: 156
        case .changeOldCheckItem: 157
        case .changeOldUncheckItem: 158
        case .changeOldClearChecked: 159
        case .changeOldClearList: 160
        case .changeOldSharing: 161
        case .help: 162
        case .helpTopic: 163
        case .helpTitle: 164
        case .helpExample: 165
        case .helpExampleBare: 166
        case .helpMore: 167
        case .greeting: 168
        case .ackThanks: 169
        case .ackOk: 170
        case .ackGot: 171
        case .ackForget: 172
        case .languageChosen: 173
        case .languageUnavailable: 174
        case .languageEn: 175
        case .languageEs: 176
        case .languageDe: 177
        case .languageFr: 178
        case .languageRu: 179
        case .languageVi: 180
        case .languageZh: 181
        case .notUnderstood: 182
        case .notUnderstoodSuggestions: 183
        case .notAvailable: 184
        case .storageFailure: 185
        case .whichItem: 186
        case .listNamedAsItem: 187
        case .missingSlot: 188
        case .goodbye: 189
        case .goodbyeMember: 190
        case .chatBanner: 191
        case .askDelete: 192
        case .askEmpty: 193
        case .askDidYouMean: 194
        case .askListOrItem: 195
        case .askHowMany: 196
        case .answerKept: 197
        case .answerNothingDone: 198
        case .answerNoQuestion: 199
        case .answerExpired: 200
        case .answerHowMany: 201
        case .answerYesOrNo: 202
        case .sharedInvited: 203
        case .sharedInvitee: 204
        case .sharedItem: 205
        case .sharedAdmin: 206
        case .sharedPermission: 207
        case .codeCreated: 208
        case .codeJoined: 209
        case .codeRevoked: 210
        case .unshared: 211
        case .unsharedEveryone: 212
        case .accepted: 213
        case .acceptedList: 214
        case .acceptedItem: 215
        case .declined: 216
        case .left: 217
        case .muted: 218
        case .unmuted: 219
        case .announced: 220
        case .unannounced: 221
        case .moved: 222
        case .copied: 223
        case .copiedNew: 224
        case .undone: 225
        case .undonePlain: 226
        case .undoOvertaken: 227
        case .lastRemoved: 228
        case .lastRemovedNone: 229
        case .noted: 230
        case .noteRemoved: 231
        case .itemNoted: 232
        case .shoppingStarted: 233
        case .shoppingStartedAt: 234
        case .shoppingOthers: 235
        case .shoppingDone: 236
        case .shoppingNothing: 237
        case .assigned: 238
        case .assignedSelf: 239
        case .assignedNobody: 240
        case .toBuy: 241
        case .toBuyLine: 242
        case .toBuyNone: 243
        case .members: 244
        case .membersNobody: 245
        case .membersShared: 246
        case .membersInvited: 247
        case .membersLine: 248
        case .membersLineItem: 249
        case .membersCodes: 250
        case .eventAdded: 251
        case .eventRemoved: 252
        case .eventMoved: 253
        case .eventUndone: 254
        case .eventNoted: 255
        case .eventNoteRemoved: 256
        case .eventShopping: 257
        case .eventShoppingAt: 258
        case .eventShoppingDone: 259
        case .eventAssigned: 260
        case .eventChanged: 261
        case .eventItemRenamed: 262
        case .eventChecked: 263
        case .eventUnchecked: 264
        case .eventCleared: 265
        case .eventEmptied: 266
        case .eventRenamed: 267
        case .eventDeleted: 268
        case .eventShared: 269
        case .eventMadeAdmin: 270
        case .eventPermission: 271
        case .eventJoined: 272
        case .eventAccepted: 273
        case .eventDeclined: 274
        case .eventLeft: 275
        case .eventUnshared: 276
        case .errorUserName: 277
        case .errorUnknownUser: 278
        case .errorListNameEmpty: 279
        case .errorListNameLong: 280
        case .errorListNameControl: 281
        case .errorItemNameEmpty: 282
        case .errorItemNameLong: 283
        case .errorItemNameControl: 284
        case .errorUnit: 285
        case .errorQuantityRange: 286
        case .errorQuantityPrecise: 287
        case .errorQuantityZero: 288
        case .errorListNotFound: 289
        case .errorListNotFoundSuggestion: 290
        case .errorSharedListNotFound: 291
        case .errorSharedListNotFoundSuggestion: 292
        case .errorDuplicateList: 293
        case .errorItemNotFound: 294
        case .errorItemNotFoundSuggestion: 295
        case .errorDuplicateItem: 296
        case .errorTooMuch: 297
        case .errorUnitMismatch: 298
        case .errorUnitMismatchCount: 299
        case .errorReadOnly: 300
        case .errorNotOwner: 301
        case .errorCannotShare: 302
        case .errorOnlyOwnerAdmins: 303
        case .errorCannotChangeAdmin: 304
        case .errorAmbiguousList: 305
        case .errorAmbiguousListOwner: 306
        case .errorSeveralLists: 307
        case .errorSeveralListsNoneNamed: 308
        case .errorSeveralListsFrom: 309
        case .errorSeveralListsAlone: 310
        case .errorShareWithSelf: 311
        case .errorAlreadyShared: 312
        case .errorNotAParticipant: 313
        case .errorNoInvitation: 314
        case .errorNoInvitationAny: 315
        case .errorWhichInvitation: 316
        case .errorWhichInvitationOne: 317
        case .errorOwnerCannotLeave: 318
        case .errorInvalidCode: 319
        case .errorNoCode: 320
        case .errorNotShared: 321
        case .errorChannel: 322
        case .errorNotAnnounced: 323
        case .errorNotAnnouncedChannel: 324
        case .errorAlreadyOnList: 325
        case .errorSameList: 326
        case .errorNothingToUndo: 327
        case .errorUndoConflict: 328
        case .errorUndoConflictBy: 329
        case .errorNoteEmpty: 330
        case .errorNoteLong: 331
        case .errorNoteControl: 332
        case .errorNoNote: 333
        case .errorNoteWhich: 334
        case .errorNotShopping: 335
        case .errorTooManyItems: 336
        case .errorNothingChecked: 337
        case .errorNothingToCheck: 338
        case .errorNothingToClear: 339
        case .lineTooLong: 340
        case .lineNotUtf8: 341
        case .lineControl: 342
        case .lineNoNick: 343
        case .serverGreeting: 344
        case .serverShuttingDown: 345
        case .serverFull: 346
        case .serverTlsOnly: 347
        case .serverFormat: 348
        case .serverFormatHow: 349
        case .serverLoginHelp: 350
        case .serverLoginAlready: 351
        case .serverLoginFirst: 352
        case .serverLoginHow: 353
        case .serverLoginFailed: 354
        case .serverLoginHello: 355
        case .serverLoginTooMany: 356
        case .serverLoginNeedsTls: 357
        case .serverRelayHow: 358
        case .serverRelayFailed: 359
        case .serverRelayReady: 360
        case .serverRelayForbidden: 361
        case .serverLinkDone: 362
        case .serverLinkUnknown: 363
        case .serverRateLimited: 364
        case .ircNotLinked: 365
        case .ircRestInPrivate: 366
        case .ircLinkCode: 367
        case .ircLinked: 368
        }
    }
}
