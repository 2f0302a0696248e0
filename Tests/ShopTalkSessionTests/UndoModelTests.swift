import ShopTalkDomain
import ShopTalkSession
import ShopTalkStore
import Testing
import TestSupport

/// Undo against a model: random changes by two members on lists they share,
/// and random undos. The model keeps, for each line that changed something,
/// the rows it touched as they were before and after; an undo must
/// put exactly those rows back when they are still as the change left them
/// (and a new list is empty of others' items), and refuse, changing nothing,
/// when not.
@Suite("Undo, against a model")
struct UndoModelTests {
    /// Every list, item and share, by identity.
    struct Snapshot: Equatable {
        var rows: [String: String] = [:]

        /// The rows whose values differ between two snapshots.
        func changed(from other: Snapshot) -> Set<String> {
            Set(rows.keys).union(other.rows.keys).filter { rows[$0] != other.rows[$0] }
        }
    }

    static let members = ["alice", "bob"]
    static let itemNames = ["eggs", "milk", "bread", "tea"]

    @Test(arguments: [1, 2, 4, 5, 6] as [UInt64])
    func randomChangesAndUndosMatchTheModel(seed: UInt64) throws {
        let store = try SQLiteStore(path: ":memory:")
        let bot = Bot(grammars: ChatDriver.grammars, store: Store(store), clock: { ChatDriver.now })
        func say(_ member: String, _ text: String) -> Reply {
            guard case .success(let line) = InputLine.read(Array(text.utf8), relay: false).result else { fatalError(text) }
            return bot.respond(to: line, from: try! UserName(member)).reply
        }
        func snapshot() throws -> Snapshot {
            try store.write { repository in
                var snapshot = Snapshot()
                for member in Self.members {
                    guard let user = try repository.user(named: UserName(member)) else { continue }
                    for list in try repository.lists(ownedBy: user) {
                        snapshot.rows["list \(list.id)"] = "\(list.owner.value)/\(list.name.value)"
                        for item in try repository.items(in: list.id) {
                            snapshot.rows["item \(item.id)"] = "\(list.id) \(item.name.value) \(item.quantity) \(item.unit?.value ?? "-") \(item.isChecked)"
                        }
                        for share in try repository.shares(of: list.id) {
                            snapshot.rows["share \(share.id)"] = "\(list.id) \(share.participant.value) \(share.permission.rawValue) \(share.isAccepted)"
                        }
                    }
                }
                return snapshot
            }
        }

        var model: [String: [(before: Snapshot, after: Snapshot)]] = [:]
        /// Says a line that is not "undo"; a line that changed something goes on the
        /// model's stack for its member, which keeps the 20 latest.
        func change(_ member: String, _ line: String) throws {
            let before = try snapshot()
            _ = say(member, line)
            let after = try snapshot()
            guard after != before else { return }
            model[member, default: []].append((before, after))
            if model[member]!.count > 20 { model[member]!.removeFirst() }
        }

        for member in Self.members { _ = say(member, "show my lists") }
        try change("alice", "create list Groceries")
        try change("bob", "create list Hardware")
        try change("alice", "share Groceries with bob")
        try change("bob", "accept Groceries")
        try change("bob", "share Hardware with alice")
        try change("alice", "accept Hardware")

        var random = SplitMix(state: seed)
        var undone = 0, refused = 0
        for step in 0..<300 {
            let member = Self.members.randomElement(using: &random)!
            let other = member == "alice" ? "bob" : "alice"
            let list = ["Groceries", "Hardware"].randomElement(using: &random)!
            let owned = (list == "Groceries") == (member == "alice") ? list : "\(other)'s \(list)"
            let item = Self.itemNames.randomElement(using: &random)!
            let before = try snapshot()
            if Int.random(in: 0..<7, using: &random) == 0 {
                let reply = say(member, "undo")
                let after = try snapshot()
                guard let (madeFrom, madeInto) = model[member]?.popLast() else {
                    #expect(reply.error == .notFound, "seed \(seed) step \(step): \(member) undid with nothing to undo")
                    #expect(after == before)
                    continue
                }
                let touched = madeFrom.changed(from: madeInto)
                let untouched = touched.allSatisfy { before.rows[$0] == madeInto.rows[$0] }
                // A list the change made takes its items with it: only its own.
                let madeLists = touched.filter { $0.hasPrefix("list ") && madeFrom.rows[$0] == nil }.map { String($0.dropFirst(5)) }
                let othersOnNewList = before.rows.contains { key, value in
                    (key.hasPrefix("item ") || key.hasPrefix("share ")) && !touched.contains(key) && madeLists.contains { value.hasPrefix("\($0) ") }
                }
                if untouched && !othersOnNewList {
                    #expect(reply.ok, "seed \(seed) step \(step): \(member)'s undo was refused: \(reply.text(ChatDriver.wording)); it touched \(touched.sorted())")
                    var expected = before
                    for key in touched { expected.rows[key] = madeFrom.rows[key] }
                    #expect(after == expected, "seed \(seed) step \(step): \(member)'s undo did not put back what the change touched")
                    undone += 1
                } else {
                    #expect(reply.error == .conflict, "seed \(seed) step \(step): \(member)'s undo of an overtaken change: \(reply)")
                    #expect(after == before, "seed \(seed) step \(step): a refused undo changed something")
                    refused += 1
                }
                continue
            }
            let line = switch Int.random(in: 0..<6, using: &random) {
            case 0, 1: "add \(Int.random(in: 1...3, using: &random)) \(item) to \(owned)"
            case 2: "remove \(item) from \(owned)"
            case 3: "check off \(item) on \(owned)"
            case 4: "change \(item) on \(owned) to \(Int.random(in: 1...5, using: &random))"
            default: "uncheck \(item) on \(owned)"
            }
            try change(member, line)
        }
        #expect(undone > 5 && refused > 0, "seed \(seed): \(undone) undone, \(refused) refused: the run tried too little")
    }
}
