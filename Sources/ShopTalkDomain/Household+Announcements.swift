/// Lists whose news is told in a chat channel too: "announce Groceries in
/// #home". Everyone in the channel reads it, members or not, so this is a
/// way of sharing: only those who may manage the list's sharing (its owner
/// and admins) may start or stop it.
extension Household {
    /// Announces the list's news in the channel from now on, worded in `language`.
    public func announce(_ reference: ListReference, in channel: ChannelName, language: String, by user: User) throws -> ShoppingList {
        let list = try resolve(reference, for: user, needs: .manageSharing, creatingDefault: false).list
        try repository.addAnnouncement(Announcement(list: list.id, channel: channel, language: language, by: user.name))
        return list
    }

    /// Stops announcing the list in the channel, or in every channel when
    /// none is named; the channels it was announced in. Refused with
    /// `notAnnounced` when there were none.
    public func stopAnnouncing(_ reference: ListReference, in channel: ChannelName?, by user: User) throws -> (list: ShoppingList, channels: [ChannelName]) {
        let list = try resolve(reference, for: user, needs: .manageSharing, creatingDefault: false).list
        let channels = try repository.announcements(of: list.id).map(\.channel).filter { channel == nil || $0 == channel }
        guard !channels.isEmpty else { throw DomainError.notAnnounced(list: list.name.value, channel: channel?.value) }
        for announced in channels { try repository.deleteAnnouncement(of: list.id, in: announced) }
        return (list, channels)
    }

    /// Where the list's news goes besides its members.
    public func announcements(of list: ShoppingList) throws -> [Announcement] {
        try repository.announcements(of: list.id)
    }
}
