import Foundation
import ShopTalkDomain
import TestSupport
import Testing
@testable import ShopTalkStore
@testable import ShopTalkStoreCore
@testable import ShopTalkSQLiteStore
@testable import ShopTalkPostgresStore

/// Random commands from four members, applied both to ShopTalk (the domain
/// over a real store, SQLite and PostgreSQL) and to a reference model written here from the
/// rules; after every step each member's view of every list must agree, and
/// nobody may see or change a list they were not granted.
@Suite("Sharing against a reference model")
struct SharingModelTests {
    /// The reference: what the rules say, as plainly as possible.
    struct Model {
        struct List {
            let owner: String
            let name: String
            var items: [String: Bool] = [:]
            /// participant → (permission, accepted, who invited them)
            var shares: [String: (Permission, Bool, String)] = [:]
        }

        enum Outcome: Equatable { case ok, error(ErrorCode) }

        var lists: [List] = []

        func index(owner: String, name: String) -> Int? {
            lists.firstIndex { $0.owner == owner && $0.name.lowercased() == name.lowercased() }
        }

        func access(_ user: String, _ list: List) -> Access? {
            if list.owner == user { return .owner }
            guard let (permission, accepted, _) = list.shares[user], accepted else { return nil }
            return .participant(permission)
        }

        /// The list a qualified reference finds for `user`: nil (not found) when they may not see it.
        func find(_ user: String, owner: String, name: String) -> Int? {
            guard let index = index(owner: owner, name: name), access(user, lists[index]) != nil else { return nil }
            return index
        }

        mutating func apply(_ command: Command) -> Outcome {
            switch command {
            case .create(let user, let name):
                if index(owner: user, name: name) != nil { return .error(.duplicate) }
                lists.append(List(owner: user, name: name))
            case .delete(let user, let owner, let name):
                guard let index = find(user, owner: owner, name: name) else { return .error(.notFound) }
                guard user == owner else { return .error(.forbidden) }
                lists.remove(at: index)
            case .add(let user, let owner, let name, let item):
                guard let index = find(user, owner: owner, name: name) else { return .error(.notFound) }
                guard access(user, lists[index])!.canChangeItems else { return .error(.forbidden) }
                lists[index].items[item] = false
            case .remove(let user, let owner, let name, let item), .check(let user, let owner, let name, let item):
                guard let index = find(user, owner: owner, name: name) else { return .error(.notFound) }
                guard lists[index].items[item] != nil else { return .error(.notFound) }
                guard access(user, lists[index])!.canChangeItems else { return .error(.forbidden) }
                if case .remove = command { lists[index].items[item] = nil } else { lists[index].items[item] = true }
            case .share(let user, let owner, let name, let target, let permission):
                guard let index = find(user, owner: owner, name: name) else { return .error(.notFound) }
                let mine = access(user, lists[index])!
                guard mine.canManageSharing else { return .error(.forbidden) }
                if permission == .admin && mine != .owner { return .error(.forbidden) }
                if target == user { return .error(.invalid) }
                if target == owner { return .error(.duplicate) }
                if let (current, accepted, inviter) = lists[index].shares[target] {
                    guard let permission, permission != current else { return .error(.duplicate) }
                    if current == .admin && mine != .owner { return .error(.forbidden) }
                    lists[index].shares[target] = (permission, accepted, inviter)
                } else {
                    lists[index].shares[target] = (permission ?? .readWrite, false, user)
                }
            case .accept(let user, let from, let name), .decline(let user, let from, let name):
                // "accept Tools from bob": bob owns the list or sent the invitation.
                let invitations = lists.indices.filter { index in
                    guard let (_, accepted, inviter) = lists[index].shares[user], !accepted else { return false }
                    return lists[index].name.lowercased() == name.lowercased() && (lists[index].owner == from || inviter == from)
                }
                guard invitations.count <= 1 else { return .error(.ambiguous) }
                guard let index = invitations.first, let (permission, _, inviter) = lists[index].shares[user] else { return .error(.notFound) }
                if case .accept = command { lists[index].shares[user] = (permission, true, inviter) } else { lists[index].shares[user] = nil }
            case .leave(let user, let owner, let name):
                guard let index = find(user, owner: owner, name: name) else { return .error(.notFound) }
                guard user != owner else { return .error(.invalid) }
                lists[index].shares[user] = nil
            case .unshare(let user, let owner, let name, let target):
                guard let index = find(user, owner: owner, name: name) else { return .error(.notFound) }
                let mine = access(user, lists[index])!
                guard mine.canManageSharing else { return .error(.forbidden) }
                guard let (permission, _, _) = lists[index].shares[target] else { return .error(.notFound) }
                if permission == .admin && mine != .owner { return .error(.forbidden) }
                lists[index].shares[target] = nil
            }
            return .ok
        }
    }

    enum Command {
        case create(String, name: String)
        case delete(String, owner: String, name: String)
        case add(String, owner: String, name: String, item: String)
        case remove(String, owner: String, name: String, item: String)
        case check(String, owner: String, name: String, item: String)
        case share(String, owner: String, name: String, target: String, permission: Permission?)
        case accept(String, owner: String, name: String)
        case decline(String, owner: String, name: String)
        case leave(String, owner: String, name: String)
        case unshare(String, owner: String, name: String, target: String)


        /// Mostly commands about lists that exist, by members who belong to them,
        /// so that many succeed; the rest are random, so that many are refused.
        static func random(using random: inout SplitMix, model: Model) -> Command {
            let users = ["alice", "bob", "carol", "dave"], names = ["Food", "Tools", "Party"], items = ["eggs", "milk", "nails"]
            var user = users.randomElement(using: &random)!, owner = users.randomElement(using: &random)!
            var name = names.randomElement(using: &random)!
            let item = items.randomElement(using: &random)!
            let target = users.randomElement(using: &random)!
            if let list = model.lists.randomElement(using: &random), Int.random(in: 0..<10, using: &random) < 8 {
                (owner, name) = (list.owner, list.name)
                let members = [list.owner] + list.shares.keys.sorted()
                if Int.random(in: 0..<10, using: &random) < 7 { user = members.randomElement(using: &random)! }
            }
            let permission = [nil, Permission.readOnly, .readWrite, .admin].randomElement(using: &random)!
            switch Int.random(in: 0..<20, using: &random) {
            case 0..<2: return .create(user, name: name)
            case 2: return .delete(user, owner: owner, name: name)
            case 3..<6: return .add(user, owner: owner, name: name, item: item)
            case 6: return .remove(user, owner: owner, name: name, item: item)
            case 7..<9: return .check(user, owner: owner, name: name, item: item)
            case 9..<13: return .share(user, owner: owner, name: name, target: target, permission: permission)
            case 13..<16: return .accept(user, owner: owner, name: name)
            case 16: return .decline(user, owner: owner, name: name)
            case 17: return .leave(user, owner: owner, name: name)
            default: return .unshare(user, owner: owner, name: name, target: target)
            }
        }
    }

    /// Applies a command to ShopTalk in one transaction, as the bot does.
    func apply(_ command: Command, to store: some StoreUnderTest, at now: Date) -> Model.Outcome {
        do {
            try store.write { repository in
                let household = Household(repository: repository, now: now)
                func user(_ name: String) throws -> User { try household.enroll(try UserName(name)) }
                switch command {
                case .create(let name, let list): _ = try household.createList(named: list, by: user(name))
                case .delete(let name, let owner, let list): _ = try household.deleteList(.named(list, owner: owner), by: user(name))
                case .add(let name, let owner, let list, let item):
                    _ = try household.addItems([.init(name: item)], to: .named(list, owner: owner), by: user(name))
                case .remove(let name, let owner, let list, let item):
                    _ = try household.removeItem(named: item, from: .named(list, owner: owner), by: user(name))
                case .check(let name, let owner, let list, let item):
                    _ = try household.checkItem(item, on: .named(list, owner: owner), by: user(name))
                case .share(let name, let owner, let list, let target, let permission):
                    _ = try household.share(.named(list, owner: owner), with: [target], permission: permission, by: user(name))
                case .accept(let name, let owner, let list): _ = try household.accept(list, from: owner, by: user(name))
                case .decline(let name, let owner, let list): _ = try household.decline(list, from: owner, by: user(name))
                case .leave(let name, let owner, let list): _ = try household.leave(.named(list, owner: owner), by: user(name))
                case .unshare(let name, let owner, let list, let target):
                    _ = try household.unshare(.named(list, owner: owner), with: [target], by: user(name))
                }
            }
            return .ok
        } catch let error as DomainError {
            return .error(error.code)
        } catch {
            return .error(.storageUnavailable)
        }
    }

    /// Every member's view, as ShopTalk shows it and as the model says it should be.
    func views(in store: some StoreUnderTest, model: Model, now: Date) throws -> (actual: [String], expected: [String]) {
        var actual: [String] = [], expected: [String] = []
        try store.write { repository in
            let household = Household(repository: repository, now: now)
            for name in ["alice", "bob", "carol", "dave"] {
                let user = try household.enroll(try UserName(name))
                for summary in try household.lists(of: user) {
                    let items = try household.contents(of: .named(summary.list.name.value, owner: summary.list.owner.value), for: user).items
                    actual.append("\(name) sees \(summary.list.owner)/\(summary.list.name) as \(summary.access.name): "
                        + items.map { "\($0.name)\($0.isChecked ? "✓" : "")" }.sorted().joined(separator: ","))
                }
                for list in model.lists {
                    if let access = model.access(name, list) {
                        expected.append("\(name) sees \(list.owner)/\(list.name) as \(access.name): "
                            + list.items.map { "\($0.key)\($0.value ? "✓" : "")" }.sorted().joined(separator: ","))
                    } else {
                        // Not granted: exactly as if it did not exist.
                        #expect(throws: DomainError.sharedListNotFound(list.name, owner: list.owner, suggestion: nil)) {
                            try household.contents(of: .named(list.name, owner: list.owner), for: user)
                        }
                    }
                }
            }
        }
        return (actual.sorted(), expected.sorted())
    }

    @Test(arguments: Engine.available, [1, 2, 3] as [UInt64])
    func randomCommandsAgreeWithTheModel(engine: Engine, seed: UInt64) throws {
        try randomCommandsAgreeWithTheModel(store: engine.open(), seed: seed)
    }

    private func randomCommandsAgreeWithTheModel(store: some StoreUnderTest, seed: UInt64) throws {
        var random = SplitMix(state: seed)
        var model = Model()
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        var successes = 0
        for step in 0..<1_000 {
            let command = Command.random(using: &random, model: model)
            let expected = model.apply(command)
            let actual = apply(command, to: store, at: now)
            #expect(actual == expected, "seed \(seed) step \(step): \(command)")
            if actual == .ok { successes += 1 }
            let (seen, allowed) = try views(in: store, model: model, now: now)
            #expect(seen == allowed, "seed \(seed) step \(step) after \(command)")
            if actual != expected || seen != allowed { return }
        }
        #expect(successes > 200, "many random commands should succeed, not only be refused")
    }
}
