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
    case members = "members"
    case membersNobody = "members.nobody"
    case membersShared = "members.shared"
    case membersInvited = "members.invited"
    case membersLine = "members.line"
    case membersLineItem = "members.line.item"
    case membersCodes = "members.codes"
    case eventAdded = "event.added"
    case eventRemoved = "event.removed"
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
        case .contentsEmpty: 83
        case .contentsChecked: 84
        case .contentsCheckedNone: 85
        case .contentsOpen: 86
        case .contentsOpenNone: 87
        case .itemsAdded: 88
        case .itemsAddedMerged: 89
        case .itemsRemoved: 90
        case .itemsRemovedPart: 91
        case .itemReduced: 92
        case .itemChanged: 93
        case .itemRenamed: 94
        case .itemsChecked: 95
        case .itemsCheckedPart: 96
        case .itemsCheckedAlready: 97
        case .itemsCheckedAlreadyOn: 98
        case .itemsUnchecked: 99
        case .itemsUncheckedPart: 100
        case .itemsUncheckedAlready: 101
        case .itemsUncheckedAlreadyOn: 102
        case .itemsCleared: 103
        case .foundHere: 104
        case .foundHereChecked: 105
        case .foundPlaces: 106
        case .foundPlace: 107
        case .foundNowhere: 108
        case .foundNotHere: 109
        case .foundSuggestion: 110
        case .whoAddedPlaces: 111
        case .whoAddedPlace: 112
        case .whoAddedNowhere: 113
        case .whoAddedNotHere: 114
        case .whoAddedRemovedAnywhere: 115
        case .whoAddedRemovedHere: 116
        case .history: 117
        case .historyPeriod: 118
        case .historyNone: 119
        case .historyNoneYesterday: 120
        case .historyNonePeriod: 121
        case .historyLine: 122
        case .changeCreatedList: 123
        case .changeRenamedList: 124
        case .changeDeletedList: 125
        case .changeAdded: 126
        case .changeRemoved: 127
        case .changeSetQuantity: 128
        case .changeRenamedItem: 129
        case .changeChecked: 130
        case .changeUnchecked: 131
        case .changeCleared: 132
        case .changeClearedItems: 133
        case .changeEmptied: 134
        case .changeOldCreateList: 135
        case .changeOldRenameList: 136
        case .changeOldDeleteList: 137
        case .changeOldAddItem: 138
        case .changeOldRemoveItem: 139
        case .changeOldUpdateItem: 140
        case .changeOldRenameItem: 141
        case .changeOldCheckItem: 142
        case .changeOldUncheckItem: 143
        case .changeOldClearChecked: 144
        case .changeOldClearList: 145
        case .help: 146
        case .helpTopic: 147
        case .helpTitle: 148
        case .helpExample: 149
        case .helpExampleBare: 150
        case .helpMore: 151
        case .greeting: 152
        case .ackThanks: 153
        case .ackOk: 154
        case .ackGot: 155
        case .ackForget: 156
        case .languageChosen: 157
        case .languageUnavailable: 158
        case .languageEn: 159
        case .languageEs: 160
        case .languageDe: 161
        case .languageFr: 162
        case .languageRu: 163
        case .languageVi: 164
        case .languageZh: 165
        case .notUnderstood: 166
        case .notUnderstoodSuggestions: 167
        case .notAvailable: 168
        case .storageFailure: 169
        case .whichItem: 170
        case .listNamedAsItem: 171
        case .missingSlot: 172
        case .goodbye: 173
        case .goodbyeMember: 174
        case .chatBanner: 175
        case .askDelete: 176
        case .askEmpty: 177
        case .askDidYouMean: 178
        case .askListOrItem: 179
        case .askHowMany: 180
        case .answerKept: 181
        case .answerNothingDone: 182
        case .answerNoQuestion: 183
        case .answerExpired: 184
        case .answerHowMany: 185
        case .answerYesOrNo: 186
        case .sharedInvited: 187
        case .sharedInvitee: 188
        case .sharedItem: 189
        case .sharedAdmin: 190
        case .sharedPermission: 191
        case .codeCreated: 192
        case .codeJoined: 193
        case .codeRevoked: 194
        case .unshared: 195
        case .unsharedEveryone: 196
        case .accepted: 197
        case .acceptedList: 198
        case .acceptedItem: 199
        case .declined: 200
        case .left: 201
        case .members: 202
        case .membersNobody: 203
        case .membersShared: 204
        case .membersInvited: 205
        case .membersLine: 206
        case .membersLineItem: 207
        case .membersCodes: 208
        case .eventAdded: 209
        case .eventRemoved: 210
        case .eventChanged: 211
        case .eventItemRenamed: 212
        case .eventChecked: 213
        case .eventUnchecked: 214
        case .eventCleared: 215
        case .eventEmptied: 216
        case .eventRenamed: 217
        case .eventDeleted: 218
        case .eventShared: 219
        case .eventMadeAdmin: 220
        case .eventPermission: 221
        case .eventJoined: 222
        case .eventAccepted: 223
        case .eventDeclined: 224
        case .eventLeft: 225
        case .eventUnshared: 226
        case .errorUserName: 227
        case .errorUnknownUser: 228
        case .errorListNameEmpty: 229
        case .errorListNameLong: 230
        case .errorListNameControl: 231
        case .errorItemNameEmpty: 232
        case .errorItemNameLong: 233
        case .errorItemNameControl: 234
        case .errorUnit: 235
        case .errorQuantityRange: 236
        case .errorQuantityPrecise: 237
        case .errorQuantityZero: 238
        case .errorListNotFound: 239
        case .errorListNotFoundSuggestion: 240
        case .errorSharedListNotFound: 241
        case .errorSharedListNotFoundSuggestion: 242
        case .errorDuplicateList: 243
        case .errorItemNotFound: 244
        case .errorItemNotFoundSuggestion: 245
        case .errorDuplicateItem: 246
        case .errorTooMuch: 247
        case .errorUnitMismatch: 248
        case .errorUnitMismatchCount: 249
        case .errorReadOnly: 250
        case .errorNotOwner: 251
        case .errorCannotShare: 252
        case .errorOnlyOwnerAdmins: 253
        case .errorCannotChangeAdmin: 254
        case .errorAmbiguousList: 255
        case .errorAmbiguousListOwner: 256
        case .errorSeveralLists: 257
        case .errorSeveralListsNoneNamed: 258
        case .errorSeveralListsFrom: 259
        case .errorSeveralListsAlone: 260
        case .errorShareWithSelf: 261
        case .errorAlreadyShared: 262
        case .errorNotAParticipant: 263
        case .errorNoInvitation: 264
        case .errorNoInvitationAny: 265
        case .errorWhichInvitation: 266
        case .errorWhichInvitationOne: 267
        case .errorOwnerCannotLeave: 268
        case .errorInvalidCode: 269
        case .errorNoCode: 270
        case .errorNotShared: 271
        case .errorTooManyItems: 272
        case .errorNothingChecked: 273
        case .errorNothingToCheck: 274
        case .errorNothingToClear: 275
        case .lineTooLong: 276
        case .lineNotUtf8: 277
        case .lineControl: 278
        case .lineNoNick: 279
        case .serverGreeting: 280
        case .serverShuttingDown: 281
        case .serverFull: 282
        case .serverTlsOnly: 283
        case .serverFormat: 284
        case .serverFormatHow: 285
        case .serverLoginHelp: 286
        case .serverLoginAlready: 287
        case .serverLoginFirst: 288
        case .serverLoginHow: 289
        case .serverLoginFailed: 290
        case .serverLoginHello: 291
        case .serverLoginTooMany: 292
        case .serverLoginNeedsTls: 293
        case .serverRelayHow: 294
        case .serverRelayFailed: 295
        case .serverRelayReady: 296
        case .serverRelayForbidden: 297
        case .serverLinkDone: 298
        case .serverLinkUnknown: 299
        case .serverRateLimited: 300
        case .ircNotLinked: 301
        case .ircRestInPrivate: 302
        case .ircLinkCode: 303
        case .ircLinked: 304
        }
    }
}
