import Synchronization

/// The catalogues of every language, by code: what transports word replies
/// and events with, each in its reader's language.
///
/// A catalogue may be handed over still to read (``Pending``): reading every
/// message file is a good part of start-up, and most conversations need one
/// language. Each is read once, by ``readAll()`` (start-up calls it on a
/// thread of its own) or by the first reply that needs it, which then waits
/// for it.
public struct Wording: Sendable {
    /// A language's catalogue, read from its file when first needed, once.
    public final class Pending: Sendable {
        public let language: String
        /// Set once read; after that, asking takes no lock.
        private let read = AtomicLazyReference<MessageCatalog>()
        private let reader: Mutex<(@Sendable () -> MessageCatalog)?>

        public init(language: String, read: @escaping @Sendable () -> MessageCatalog) {
            self.language = language
            self.reader = Mutex(read)
        }

        public init(_ catalog: MessageCatalog) {
            self.language = catalog.language
            self.reader = Mutex(nil)
            _ = read.storeIfNil(catalog)
        }

        /// The catalogue, read now if nobody has yet.
        public var catalog: MessageCatalog {
            if let catalog = read.load() { return catalog }
            return reader.withLock { reader in
                if let catalog = read.load() { return catalog }
                let catalog = reader!()
                reader = nil
                return read.storeIfNil(catalog)
            }
        }
    }

    /// A handful, looked through in order: cheaper than hashing the code on every reply.
    private let all: [Pending]
    /// The language of a reader whose own has no catalogue.
    public let fallback: String
    /// Each reader's word for the things items name, when the language
    /// files know them; none, and names are shown as typed.
    public var things: ThingWords?

    public init(_ catalogs: [MessageCatalog], fallback: String = "en") {
        self.init(pending: catalogs.map { Pending($0) }, fallback: fallback)
    }

    public init(pending: [Pending], fallback: String = "en") {
        var unique: [Pending] = []
        for catalog in pending where !unique.contains(where: { $0.language == catalog.language }) { unique.append(catalog) }
        self.all = unique
        self.fallback = fallback
    }

    /// The codes of the languages, in the order given.
    public var languages: [String] { all.map(\.language) }

    /// The catalogue of `language`, read now if it is not yet; nil when there is none.
    public subscript(language: String) -> MessageCatalog? {
        all.first { $0.language == language }?.catalog
    }

    /// Reads every catalogue not read yet, so that no reply waits for one.
    public func readAll() {
        for pending in all { _ = pending.catalog }
    }

    public func render(_ message: Message, in language: String) -> String {
        let catalog = (all.first { $0.language == language } ?? all.first { $0.language == fallback })?.catalog
        let message = things.map { message.naming($0, in: catalog?.language ?? language) } ?? message
        return catalog?.render(message, things: things) ?? message.key.rawValue
    }
}
