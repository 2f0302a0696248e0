/// Notes on items: "add milk (the oat one)" (see ``addItems(_:to:by:)``),
/// "note on milk: lactose free", "remove the note on milk". Anyone who may
/// change the list's items may change their notes.
extension Household {
    /// Puts `note` on the item (nil takes its note off; one that has none is `noNote`).
    public func setNote(_ note: String?, on raw: String, in reference: ListReference, by user: User) throws -> ItemChanged {
        let note = try note.map { note throws(DomainError) in try ItemNote(note) }
        return try change(raw, on: reference, by: user) { item in
            if note == nil, item.note == nil { throw DomainError.noNote(item: item.name.value) }
            item.note = note
            return .noted(item.name, note)
        }
    }
}
