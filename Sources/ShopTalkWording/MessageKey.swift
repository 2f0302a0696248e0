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
        case .changeOldCreateList: 138
        case .changeOldRenameList: 139
        case .changeOldDeleteList: 140
        case .changeOldAddItem: 141
        case .changeOldRemoveItem: 142
        case .changeOldUpdateItem: 143
        case .changeOldRenameItem: 144
        case .changeOldCheckItem: 145
        case .changeOldUncheckItem: 146
        case .changeOldClearChecked: 147
        case .changeOldClearList: 148
        case .help: 149
        case .helpTopic: 150
        case .helpTitle: 151
        case .helpExample: 152
        case .helpExampleBare: 153
        case .helpMore: 154
        case .greeting: 155
        case .ackThanks: 156
        case .ackOk: 157
        case .ackGot: 158
        case .ackForget: 159
        case .languageChosen: 160
        case .languageUnavailable: 161
        case .languageEn: 162
        case .languageEs: 163
        case .languageDe: 164
        case .languageFr: 165
        case .languageRu: 166
        case .languageVi: 167
        case .languageZh: 168
        case .notUnderstood: 169
        case .notUnderstoodSuggestions: 170
        case .notAvailable: 171
        case .storageFailure: 172
        case .whichItem: 173
        case .listNamedAsItem: 174
        case .missingSlot: 175
        case .goodbye: 176
        case .goodbyeMember: 177
        case .chatBanner: 178
        case .askDelete: 179
        case .askEmpty: 180
        case .askDidYouMean: 181
        case .askListOrItem: 182
        case .askHowMany: 183
        case .answerKept: 184
        case .answerNothingDone: 185
        case .answerNoQuestion: 186
        case .answerExpired: 187
        case .answerHowMany: 188
        case .answerYesOrNo: 189
        case .sharedInvited: 190
        case .sharedInvitee: 191
        case .sharedItem: 192
        case .sharedAdmin: 193
        case .sharedPermission: 194
        case .codeCreated: 195
        case .codeJoined: 196
        case .codeRevoked: 197
        case .unshared: 198
        case .unsharedEveryone: 199
        case .accepted: 200
        case .acceptedList: 201
        case .acceptedItem: 202
        case .declined: 203
        case .left: 204
        case .muted: 205
        case .unmuted: 206
        case .announced: 207
        case .unannounced: 208
        case .moved: 209
        case .copied: 210
        case .copiedNew: 211
        case .undone: 212
        case .undonePlain: 213
        case .undoOvertaken: 214
        case .lastRemoved: 215
        case .lastRemovedNone: 216
        case .members: 217
        case .membersNobody: 218
        case .membersShared: 219
        case .membersInvited: 220
        case .membersLine: 221
        case .membersLineItem: 222
        case .membersCodes: 223
        case .eventAdded: 224
        case .eventRemoved: 225
        case .eventMoved: 226
        case .eventUndone: 227
        case .eventChanged: 228
        case .eventItemRenamed: 229
        case .eventChecked: 230
        case .eventUnchecked: 231
        case .eventCleared: 232
        case .eventEmptied: 233
        case .eventRenamed: 234
        case .eventDeleted: 235
        case .eventShared: 236
        case .eventMadeAdmin: 237
        case .eventPermission: 238
        case .eventJoined: 239
        case .eventAccepted: 240
        case .eventDeclined: 241
        case .eventLeft: 242
        case .eventUnshared: 243
        case .errorUserName: 244
        case .errorUnknownUser: 245
        case .errorListNameEmpty: 246
        case .errorListNameLong: 247
        case .errorListNameControl: 248
        case .errorItemNameEmpty: 249
        case .errorItemNameLong: 250
        case .errorItemNameControl: 251
        case .errorUnit: 252
        case .errorQuantityRange: 253
        case .errorQuantityPrecise: 254
        case .errorQuantityZero: 255
        case .errorListNotFound: 256
        case .errorListNotFoundSuggestion: 257
        case .errorSharedListNotFound: 258
        case .errorSharedListNotFoundSuggestion: 259
        case .errorDuplicateList: 260
        case .errorItemNotFound: 261
        case .errorItemNotFoundSuggestion: 262
        case .errorDuplicateItem: 263
        case .errorTooMuch: 264
        case .errorUnitMismatch: 265
        case .errorUnitMismatchCount: 266
        case .errorReadOnly: 267
        case .errorNotOwner: 268
        case .errorCannotShare: 269
        case .errorOnlyOwnerAdmins: 270
        case .errorCannotChangeAdmin: 271
        case .errorAmbiguousList: 272
        case .errorAmbiguousListOwner: 273
        case .errorSeveralLists: 274
        case .errorSeveralListsNoneNamed: 275
        case .errorSeveralListsFrom: 276
        case .errorSeveralListsAlone: 277
        case .errorShareWithSelf: 278
        case .errorAlreadyShared: 279
        case .errorNotAParticipant: 280
        case .errorNoInvitation: 281
        case .errorNoInvitationAny: 282
        case .errorWhichInvitation: 283
        case .errorWhichInvitationOne: 284
        case .errorOwnerCannotLeave: 285
        case .errorInvalidCode: 286
        case .errorNoCode: 287
        case .errorNotShared: 288
        case .errorChannel: 289
        case .errorNotAnnounced: 290
        case .errorNotAnnouncedChannel: 291
        case .errorAlreadyOnList: 292
        case .errorSameList: 293
        case .errorNothingToUndo: 294
        case .errorUndoConflict: 295
        case .errorUndoConflictBy: 296
        case .errorTooManyItems: 297
        case .errorNothingChecked: 298
        case .errorNothingToCheck: 299
        case .errorNothingToClear: 300
        case .lineTooLong: 301
        case .lineNotUtf8: 302
        case .lineControl: 303
        case .lineNoNick: 304
        case .serverGreeting: 305
        case .serverShuttingDown: 306
        case .serverFull: 307
        case .serverTlsOnly: 308
        case .serverFormat: 309
        case .serverFormatHow: 310
        case .serverLoginHelp: 311
        case .serverLoginAlready: 312
        case .serverLoginFirst: 313
        case .serverLoginHow: 314
        case .serverLoginFailed: 315
        case .serverLoginHello: 316
        case .serverLoginTooMany: 317
        case .serverLoginNeedsTls: 318
        case .serverRelayHow: 319
        case .serverRelayFailed: 320
        case .serverRelayReady: 321
        case .serverRelayForbidden: 322
        case .serverLinkDone: 323
        case .serverLinkUnknown: 324
        case .serverRateLimited: 325
        case .ircNotLinked: 326
        case .ircRestInPrivate: 327
        case .ircLinkCode: 328
        case .ircLinked: 329
        }
    }
}
