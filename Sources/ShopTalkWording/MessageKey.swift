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
    case contentsAisle = "contents.aisle"
    case aisle = "aisle"
    case aislePut = "aisle.put"
    case listSortedForShop = "list.sorted_for_shop"
    case listSortedUsual = "list.sorted_usual"
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
    case askAddAsWritten = "ask.add_as_written"
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
    case errorAisle = "error.aisle"
    case errorShopNotWalked = "error.shop_not_walked"
    case errorTooManyItems = "error.too_many_items"
    case errorNothingChecked = "error.nothing_checked"
    case errorNothingToCheck = "error.nothing_to_check"
    case errorNothingToClear = "error.nothing_to_clear"
    case lineTooLong = "line.too_long"
    case lineNotUtf8 = "line.not_utf8"
    case lineControl = "line.control"
    case lineLabel = "line.label"
    case lineNoNick = "line.no_nick"
    case serverGreeting = "server.greeting"
    case serverShuttingDown = "server.shutting_down"
    case serverFull = "server.full"
    case serverFullForAddress = "server.full_for_address"
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
    case serverLoginBusy = "server.login.busy"
    case serverLoginNeedsTls = "server.login.needs_tls"
    case serverRelayHow = "server.relay.how"
    case serverRelayFailed = "server.relay.failed"
    case serverRelayReady = "server.relay.ready"
    case serverRelayForbidden = "server.relay.forbidden"
    case serverLinkDone = "server.link.done"
    case serverLinkDoneSession = "server.link.done_session"
    case serverLinkUnknown = "server.link.unknown"
    case serverRateLimited = "server.rate_limited"
    case ircNotLinked = "irc.not_linked"
    case ircRestInPrivate = "irc.rest_in_private"
    case ircLinkCode = "irc.link_code"
    case ircLinkJoinFirst = "irc.link_join_first"
    case ircLinked = "irc.linked"
    case ircLinkedSession = "irc.linked_session"
    case ircMoreLines = "irc.more_lines"

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
        case .contentsAisle: 91
        case .aisle: 92
        case .aislePut: 93
        case .listSortedForShop: 94
        case .listSortedUsual: 95
        case .itemsAdded: 96
        case .itemsAddedMerged: 97
        case .itemsRemoved: 98
        case .itemsRemovedPart: 99
        case .itemReduced: 100
        case .itemChanged: 101
        case .itemRenamed: 102
        case .itemsChecked: 103
        case .itemsCheckedPart: 104
        case .itemsCheckedAlready: 105
        case .itemsCheckedAlreadyOn: 106
        case .itemsUnchecked: 107
        case .itemsUncheckedPart: 108
        case .itemsUncheckedAlready: 109
        case .itemsUncheckedAlreadyOn: 110
        case .itemsCleared: 111
        case .foundHere: 112
        case .foundHereChecked: 113
        case .foundPlaces: 114
        case .foundPlace: 115
        case .foundNowhere: 116
        case .foundNotHere: 117
        case .foundSuggestion: 118
        case .whoAddedPlaces: 119
        case .whoAddedPlace: 120
        case .whoAddedNowhere: 121
        case .whoAddedNotHere: 122
        case .whoAddedRemovedAnywhere: 123
        case .whoAddedRemovedHere: 124
        case .history: 125
        case .historyPeriod: 126
        case .historyNone: 127
        case .historyNoneYesterday: 128
        case .historyNonePeriod: 129
        case .historyLine: 130
        case .changeCreatedList: 131
        case .changeRenamedList: 132
        case .changeDeletedList: 133
        case .changeAdded: 134
        case .changeRemoved: 135
        case .changeSetQuantity: 136
        case .changeRenamedItem: 137
        case .changeChecked: 138
        case .changeUnchecked: 139
        case .changeCleared: 140
        case .changeClearedItems: 141
        case .changeEmptied: 142
        case .changeShared: 143
        case .changeSharedItem: 144
        case .changePermission: 145
        case .changeUnshared: 146
        case .changeJoined: 147
        case .changeLeft: 148
        case .changeMadeCode: 149
        case .changeRevokedCodes: 150
        case .changeNoted: 151
        case .changeNoteRemoved: 152
        case .changeAssigned: 153
        case .changeUnassigned: 154
        case .changeOldCreateList: 155
        case .changeOldRenameList: 156
        case .changeOldDeleteList: 157
        case .changeOldAddItem: 158
        case .changeOldRemoveItem: 159
        case .changeOldUpdateItem: 160
        case .changeOldRenameItem: 161
        case .changeOldCheckItem: 162
        case .changeOldUncheckItem: 163
        case .changeOldClearChecked: 164
        case .changeOldClearList: 165
        case .changeOldSharing: 166
        case .help: 167
        case .helpTopic: 168
        case .helpTitle: 169
        case .helpExample: 170
        case .helpExampleBare: 171
        case .helpMore: 172
        case .greeting: 173
        case .ackThanks: 174
        case .ackOk: 175
        case .ackGot: 176
        case .ackForget: 177
        case .languageChosen: 178
        case .languageUnavailable: 179
        case .languageEn: 180
        case .languageEs: 181
        case .languageDe: 182
        case .languageFr: 183
        case .languageRu: 184
        case .languageVi: 185
        case .languageZh: 186
        case .notUnderstood: 187
        case .notUnderstoodSuggestions: 188
        case .notAvailable: 189
        case .storageFailure: 190
        case .whichItem: 191
        case .listNamedAsItem: 192
        case .missingSlot: 193
        case .goodbye: 194
        case .goodbyeMember: 195
        case .chatBanner: 196
        case .askDelete: 197
        case .askEmpty: 198
        case .askDidYouMean: 199
        case .askListOrItem: 200
        case .askHowMany: 201
        case .askAddAsWritten: 202
        case .answerKept: 203
        case .answerNothingDone: 204
        case .answerNoQuestion: 205
        case .answerExpired: 206
        case .answerHowMany: 207
        case .answerYesOrNo: 208
        case .sharedInvited: 209
        case .sharedInvitee: 210
        case .sharedItem: 211
        case .sharedAdmin: 212
        case .sharedPermission: 213
        case .codeCreated: 214
        case .codeJoined: 215
        case .codeRevoked: 216
        case .unshared: 217
        case .unsharedEveryone: 218
        case .accepted: 219
        case .acceptedList: 220
        case .acceptedItem: 221
        case .declined: 222
        case .left: 223
        case .muted: 224
        case .unmuted: 225
        case .announced: 226
        case .unannounced: 227
        case .moved: 228
        case .copied: 229
        case .copiedNew: 230
        case .undone: 231
        case .undonePlain: 232
        case .undoOvertaken: 233
        case .lastRemoved: 234
        case .lastRemovedNone: 235
        case .noted: 236
        case .noteRemoved: 237
        case .itemNoted: 238
        case .shoppingStarted: 239
        case .shoppingStartedAt: 240
        case .shoppingOthers: 241
        case .shoppingDone: 242
        case .shoppingNothing: 243
        case .assigned: 244
        case .assignedSelf: 245
        case .assignedNobody: 246
        case .toBuy: 247
        case .toBuyLine: 248
        case .toBuyNone: 249
        case .members: 250
        case .membersNobody: 251
        case .membersShared: 252
        case .membersInvited: 253
        case .membersLine: 254
        case .membersLineItem: 255
        case .membersCodes: 256
        case .eventAdded: 257
        case .eventRemoved: 258
        case .eventMoved: 259
        case .eventUndone: 260
        case .eventNoted: 261
        case .eventNoteRemoved: 262
        case .eventShopping: 263
        case .eventShoppingAt: 264
        case .eventShoppingDone: 265
        case .eventAssigned: 266
        case .eventChanged: 267
        case .eventItemRenamed: 268
        case .eventChecked: 269
        case .eventUnchecked: 270
        case .eventCleared: 271
        case .eventEmptied: 272
        case .eventRenamed: 273
        case .eventDeleted: 274
        case .eventShared: 275
        case .eventMadeAdmin: 276
        case .eventPermission: 277
        case .eventJoined: 278
        case .eventAccepted: 279
        case .eventDeclined: 280
        case .eventLeft: 281
        case .eventUnshared: 282
        case .errorUserName: 283
        case .errorUnknownUser: 284
        case .errorListNameEmpty: 285
        case .errorListNameLong: 286
        case .errorListNameControl: 287
        case .errorItemNameEmpty: 288
        case .errorItemNameLong: 289
        case .errorItemNameControl: 290
        case .errorUnit: 291
        case .errorQuantityRange: 292
        case .errorQuantityPrecise: 293
        case .errorQuantityZero: 294
        case .errorListNotFound: 295
        case .errorListNotFoundSuggestion: 296
        case .errorSharedListNotFound: 297
        case .errorSharedListNotFoundSuggestion: 298
        case .errorDuplicateList: 299
        case .errorItemNotFound: 300
        case .errorItemNotFoundSuggestion: 301
        case .errorDuplicateItem: 302
        case .errorTooMuch: 303
        case .errorUnitMismatch: 304
        case .errorUnitMismatchCount: 305
        case .errorReadOnly: 306
        case .errorNotOwner: 307
        case .errorCannotShare: 308
        case .errorOnlyOwnerAdmins: 309
        case .errorCannotChangeAdmin: 310
        case .errorAmbiguousList: 311
        case .errorAmbiguousListOwner: 312
        case .errorSeveralLists: 313
        case .errorSeveralListsNoneNamed: 314
        case .errorSeveralListsFrom: 315
        case .errorSeveralListsAlone: 316
        case .errorShareWithSelf: 317
        case .errorAlreadyShared: 318
        case .errorNotAParticipant: 319
        case .errorNoInvitation: 320
        case .errorNoInvitationAny: 321
        case .errorWhichInvitation: 322
        case .errorWhichInvitationOne: 323
        case .errorOwnerCannotLeave: 324
        case .errorInvalidCode: 325
        case .errorNoCode: 326
        case .errorNotShared: 327
        case .errorChannel: 328
        case .errorNotAnnounced: 329
        case .errorNotAnnouncedChannel: 330
        case .errorAlreadyOnList: 331
        case .errorSameList: 332
        case .errorNothingToUndo: 333
        case .errorUndoConflict: 334
        case .errorUndoConflictBy: 335
        case .errorNoteEmpty: 336
        case .errorNoteLong: 337
        case .errorNoteControl: 338
        case .errorNoNote: 339
        case .errorNoteWhich: 340
        case .errorNotShopping: 341
        case .errorAisle: 342
        case .errorShopNotWalked: 343
        case .errorTooManyItems: 344
        case .errorNothingChecked: 345
        case .errorNothingToCheck: 346
        case .errorNothingToClear: 347
        case .lineTooLong: 348
        case .lineNotUtf8: 349
        case .lineControl: 350
        case .lineLabel: 351
        case .lineNoNick: 352
        case .serverGreeting: 353
        case .serverShuttingDown: 354
        case .serverFull: 355
        case .serverFullForAddress: 356
        case .serverTlsOnly: 357
        case .serverFormat: 358
        case .serverFormatHow: 359
        case .serverLoginHelp: 360
        case .serverLoginAlready: 361
        case .serverLoginFirst: 362
        case .serverLoginHow: 363
        case .serverLoginFailed: 364
        case .serverLoginHello: 365
        case .serverLoginTooMany: 366
        case .serverLoginBusy: 367
        case .serverLoginNeedsTls: 368
        case .serverRelayHow: 369
        case .serverRelayFailed: 370
        case .serverRelayReady: 371
        case .serverRelayForbidden: 372
        case .serverLinkDone: 373
        case .serverLinkDoneSession: 374
        case .serverLinkUnknown: 375
        case .serverRateLimited: 376
        case .ircNotLinked: 377
        case .ircRestInPrivate: 378
        case .ircLinkCode: 379
        case .ircLinkJoinFirst: 380
        case .ircLinked: 381
        case .ircLinkedSession: 382
        case .ircMoreLines: 383
        }
    }
}
