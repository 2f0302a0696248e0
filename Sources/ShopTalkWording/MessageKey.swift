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
        case .answerKept: 202
        case .answerNothingDone: 203
        case .answerNoQuestion: 204
        case .answerExpired: 205
        case .answerHowMany: 206
        case .answerYesOrNo: 207
        case .sharedInvited: 208
        case .sharedInvitee: 209
        case .sharedItem: 210
        case .sharedAdmin: 211
        case .sharedPermission: 212
        case .codeCreated: 213
        case .codeJoined: 214
        case .codeRevoked: 215
        case .unshared: 216
        case .unsharedEveryone: 217
        case .accepted: 218
        case .acceptedList: 219
        case .acceptedItem: 220
        case .declined: 221
        case .left: 222
        case .muted: 223
        case .unmuted: 224
        case .announced: 225
        case .unannounced: 226
        case .moved: 227
        case .copied: 228
        case .copiedNew: 229
        case .undone: 230
        case .undonePlain: 231
        case .undoOvertaken: 232
        case .lastRemoved: 233
        case .lastRemovedNone: 234
        case .noted: 235
        case .noteRemoved: 236
        case .itemNoted: 237
        case .shoppingStarted: 238
        case .shoppingStartedAt: 239
        case .shoppingOthers: 240
        case .shoppingDone: 241
        case .shoppingNothing: 242
        case .assigned: 243
        case .assignedSelf: 244
        case .assignedNobody: 245
        case .toBuy: 246
        case .toBuyLine: 247
        case .toBuyNone: 248
        case .members: 249
        case .membersNobody: 250
        case .membersShared: 251
        case .membersInvited: 252
        case .membersLine: 253
        case .membersLineItem: 254
        case .membersCodes: 255
        case .eventAdded: 256
        case .eventRemoved: 257
        case .eventMoved: 258
        case .eventUndone: 259
        case .eventNoted: 260
        case .eventNoteRemoved: 261
        case .eventShopping: 262
        case .eventShoppingAt: 263
        case .eventShoppingDone: 264
        case .eventAssigned: 265
        case .eventChanged: 266
        case .eventItemRenamed: 267
        case .eventChecked: 268
        case .eventUnchecked: 269
        case .eventCleared: 270
        case .eventEmptied: 271
        case .eventRenamed: 272
        case .eventDeleted: 273
        case .eventShared: 274
        case .eventMadeAdmin: 275
        case .eventPermission: 276
        case .eventJoined: 277
        case .eventAccepted: 278
        case .eventDeclined: 279
        case .eventLeft: 280
        case .eventUnshared: 281
        case .errorUserName: 282
        case .errorUnknownUser: 283
        case .errorListNameEmpty: 284
        case .errorListNameLong: 285
        case .errorListNameControl: 286
        case .errorItemNameEmpty: 287
        case .errorItemNameLong: 288
        case .errorItemNameControl: 289
        case .errorUnit: 290
        case .errorQuantityRange: 291
        case .errorQuantityPrecise: 292
        case .errorQuantityZero: 293
        case .errorListNotFound: 294
        case .errorListNotFoundSuggestion: 295
        case .errorSharedListNotFound: 296
        case .errorSharedListNotFoundSuggestion: 297
        case .errorDuplicateList: 298
        case .errorItemNotFound: 299
        case .errorItemNotFoundSuggestion: 300
        case .errorDuplicateItem: 301
        case .errorTooMuch: 302
        case .errorUnitMismatch: 303
        case .errorUnitMismatchCount: 304
        case .errorReadOnly: 305
        case .errorNotOwner: 306
        case .errorCannotShare: 307
        case .errorOnlyOwnerAdmins: 308
        case .errorCannotChangeAdmin: 309
        case .errorAmbiguousList: 310
        case .errorAmbiguousListOwner: 311
        case .errorSeveralLists: 312
        case .errorSeveralListsNoneNamed: 313
        case .errorSeveralListsFrom: 314
        case .errorSeveralListsAlone: 315
        case .errorShareWithSelf: 316
        case .errorAlreadyShared: 317
        case .errorNotAParticipant: 318
        case .errorNoInvitation: 319
        case .errorNoInvitationAny: 320
        case .errorWhichInvitation: 321
        case .errorWhichInvitationOne: 322
        case .errorOwnerCannotLeave: 323
        case .errorInvalidCode: 324
        case .errorNoCode: 325
        case .errorNotShared: 326
        case .errorChannel: 327
        case .errorNotAnnounced: 328
        case .errorNotAnnouncedChannel: 329
        case .errorAlreadyOnList: 330
        case .errorSameList: 331
        case .errorNothingToUndo: 332
        case .errorUndoConflict: 333
        case .errorUndoConflictBy: 334
        case .errorNoteEmpty: 335
        case .errorNoteLong: 336
        case .errorNoteControl: 337
        case .errorNoNote: 338
        case .errorNoteWhich: 339
        case .errorNotShopping: 340
        case .errorAisle: 341
        case .errorShopNotWalked: 342
        case .errorTooManyItems: 343
        case .errorNothingChecked: 344
        case .errorNothingToCheck: 345
        case .errorNothingToClear: 346
        case .lineTooLong: 347
        case .lineNotUtf8: 348
        case .lineControl: 349
        case .lineLabel: 350
        case .lineNoNick: 351
        case .serverGreeting: 352
        case .serverShuttingDown: 353
        case .serverFull: 354
        case .serverFullForAddress: 355
        case .serverTlsOnly: 356
        case .serverFormat: 357
        case .serverFormatHow: 358
        case .serverLoginHelp: 359
        case .serverLoginAlready: 360
        case .serverLoginFirst: 361
        case .serverLoginHow: 362
        case .serverLoginFailed: 363
        case .serverLoginHello: 364
        case .serverLoginTooMany: 365
        case .serverLoginBusy: 366
        case .serverLoginNeedsTls: 367
        case .serverRelayHow: 368
        case .serverRelayFailed: 369
        case .serverRelayReady: 370
        case .serverRelayForbidden: 371
        case .serverLinkDone: 372
        case .serverLinkDoneSession: 373
        case .serverLinkUnknown: 374
        case .serverRateLimited: 375
        case .ircNotLinked: 376
        case .ircRestInPrivate: 377
        case .ircLinkCode: 378
        case .ircLinkJoinFirst: 379
        case .ircLinked: 380
        case .ircLinkedSession: 381
        case .ircMoreLines: 382
        }
    }
}
