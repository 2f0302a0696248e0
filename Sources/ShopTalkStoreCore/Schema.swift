/// The database schema, as the ordered migrations that build it.
///
/// `PRAGMA user_version` holds how many have been applied, so a file written
/// by an older ShopTalk opens in a newer one and keeps its data. Never edit a
/// migration that has shipped: add a new one. PostgreSQL runs the same
/// migrations, put in its words (``PostgresSchema``).
package enum Schema {
    /// "SHOP", stamped into the file header so a foreign SQLite file is refused.
    package static let applicationID: Int64 = 0x5348_4F50

    package static let migrations: [String] = [
        // 1: members, lists, items (name and checked state only), activity.
        """
        CREATE TABLE users (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL UNIQUE,
            created_at INTEGER NOT NULL
        );
        CREATE TABLE lists (
            id INTEGER PRIMARY KEY,
            owner_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            name TEXT NOT NULL,
            name_key TEXT NOT NULL,
            created_at INTEGER NOT NULL,
            UNIQUE (owner_id, name_key)
        );
        CREATE TABLE items (
            id INTEGER PRIMARY KEY,
            list_id INTEGER NOT NULL REFERENCES lists(id) ON DELETE CASCADE,
            name TEXT NOT NULL,
            checked INTEGER NOT NULL DEFAULT 0,
            added_by TEXT NOT NULL,
            added_at INTEGER NOT NULL,
            updated_at INTEGER NOT NULL
        );
        CREATE INDEX items_by_list ON items(list_id);
        CREATE TABLE activity (
            id INTEGER PRIMARY KEY,
            list_id INTEGER REFERENCES lists(id) ON DELETE SET NULL,
            list_name TEXT NOT NULL,
            actor TEXT NOT NULL,
            action TEXT NOT NULL,
            detail TEXT NOT NULL,
            at INTEGER NOT NULL
        );
        CREATE INDEX activity_by_list ON activity(list_id, id);
        """,
        // 2: quantities and units. Items stored before read as 1, without a unit.
        """
        ALTER TABLE items ADD COLUMN quantity INTEGER NOT NULL DEFAULT 1 CHECK (quantity BETWEEN 1 AND 1000000);
        ALTER TABLE items ADD COLUMN unit TEXT;
        """,
        // 3: sharing a list or one item, share codes, and events kept for members.
        """
        CREATE TABLE shares (
            id INTEGER PRIMARY KEY,
            list_id INTEGER NOT NULL REFERENCES lists(id) ON DELETE CASCADE,
            item_id INTEGER REFERENCES items(id) ON DELETE CASCADE,
            user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            permission TEXT NOT NULL CHECK (permission IN ('read-only', 'read-write', 'admin')),
            accepted INTEGER NOT NULL DEFAULT 0,
            invited_by TEXT NOT NULL,
            created_at INTEGER NOT NULL
        );
        CREATE UNIQUE INDEX shares_once ON shares(list_id, ifnull(item_id, 0), user_id);
        CREATE INDEX shares_by_user ON shares(user_id);
        CREATE TABLE share_codes (
            code TEXT PRIMARY KEY,
            list_id INTEGER NOT NULL REFERENCES lists(id) ON DELETE CASCADE,
            permission TEXT NOT NULL CHECK (permission IN ('read-only', 'read-write')),
            single_use INTEGER NOT NULL,
            expires_at INTEGER NOT NULL,
            created_by TEXT NOT NULL
        );
        CREATE TABLE events (
            id INTEGER PRIMARY KEY,
            user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            payload TEXT NOT NULL,
            created_at INTEGER NOT NULL
        );
        CREATE INDEX events_by_user ON events(user_id, id);
        """,
        // 4: accounts for the server (a salted slow hash; NULL: no password) and relays.
        """
        ALTER TABLE users ADD COLUMN password_hash TEXT;
        CREATE TABLE relays (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL UNIQUE,
            token_hash TEXT NOT NULL,
            any_user INTEGER NOT NULL,
            users TEXT NOT NULL,
            created_at INTEGER NOT NULL
        );
        """,
        // 5: history as data, so each language words it: the item, its name
        // before a rename, the quantity and unit (for clear_checked, how many
        // items). `detail` keeps the English summary of older rows; new rows
        // leave it empty.
        """
        ALTER TABLE activity ADD COLUMN item_name TEXT;
        ALTER TABLE activity ADD COLUMN previous_name TEXT;
        ALTER TABLE activity ADD COLUMN quantity INTEGER;
        ALTER TABLE activity ADD COLUMN unit TEXT;
        """,
        // 6: each member's default list ("my list"), by identity, so renaming
        // it keeps it the default. NULL: none chosen yet, or it was deleted;
        // their list called "Shopping list", if any, becomes it on first use.
        """
        ALTER TABLE users ADD COLUMN default_list_id INTEGER REFERENCES lists(id) ON DELETE SET NULL;
        """,
        // 7: quantities with decimals ("1.5 kg"), kept exactly as whole
        // thousandths. The whole-number columns of migrations 2 and 5 stay
        // (SQLite cannot drop a CHECK), hold 1 (items) or the old value, and
        // are no longer read for amounts; activity.quantity still counts the
        // items a clear_checked removed.
        """
        ALTER TABLE items ADD COLUMN quantity_thousandths INTEGER CHECK (quantity_thousandths BETWEEN 1 AND 1000000000);
        UPDATE items SET quantity_thousandths = quantity * 1000;
        ALTER TABLE activity ADD COLUMN quantity_thousandths INTEGER;
        UPDATE activity SET quantity_thousandths = quantity * 1000 WHERE action IN ('add_item', 'update_item') AND quantity IS NOT NULL;
        """,
        // 8: the language each member chose to be spoken to in (a code such
        // as "es"); NULL: the server's default.
        """
        ALTER TABLE users ADD COLUMN language TEXT;
        """,
        // 9: the identities a member speaks as elsewhere: on IRC, a nick or a
        // services account ("irc", "alice"). `name_key` is the name as that
        // network compares names (IRC: case folded), and names one member.
        """
        CREATE TABLE links (
            id INTEGER PRIMARY KEY,
            user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            network TEXT NOT NULL,
            name TEXT NOT NULL,
            name_key TEXT NOT NULL,
            created_at INTEGER NOT NULL,
            UNIQUE (network, name_key)
        );
        CREATE INDEX links_by_user ON links(user_id);
        """,
        // 10: lists a member muted ("mute Groceries"): no news of them for that member.
        """
        CREATE TABLE mutes (
            id INTEGER PRIMARY KEY,
            user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            list_id INTEGER NOT NULL REFERENCES lists(id) ON DELETE CASCADE,
            UNIQUE (list_id, user_id)
        );
        """,
        // 11: lists whose news is told in a chat channel ("announce Groceries in #home").
        """
        CREATE TABLE announcements (
            id INTEGER PRIMARY KEY,
            list_id INTEGER NOT NULL REFERENCES lists(id) ON DELETE CASCADE,
            channel TEXT NOT NULL,
            channel_key TEXT NOT NULL,
            language TEXT NOT NULL,
            user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            UNIQUE (list_id, channel_key)
        );
        """,
        // 12: a note on an item ("milk (the oat one)").
        """
        ALTER TABLE items ADD COLUMN note TEXT;
        """,
        // 13: shopping trips ("I'm going shopping at Lidl"), and who is getting each item.
        """
        ALTER TABLE items ADD COLUMN buyer TEXT;
        CREATE TABLE trips (
            id INTEGER PRIMARY KEY,
            list_id INTEGER NOT NULL REFERENCES lists(id) ON DELETE CASCADE,
            user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            shop TEXT,
            started_at INTEGER NOT NULL,
            ended_at INTEGER
        );
        CREATE INDEX trips_open ON trips(list_id) WHERE ended_at IS NULL;
        """,
        // 14: aisles: where a household keeps things ("put milk under dairy"),
        // and the shop a list is sorted for ("sort Groceries for Lidl").
        """
        CREATE TABLE aisle_choices (
            id INTEGER PRIMARY KEY,
            owner_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            name TEXT NOT NULL,
            aisle TEXT NOT NULL
        );
        CREATE INDEX aisle_choices_owner ON aisle_choices(owner_id);
        CREATE TABLE shop_orders (
            list_id INTEGER PRIMARY KEY REFERENCES lists(id) ON DELETE CASCADE,
            shop TEXT NOT NULL
        );
        """,
        // 15: the language an item's name was typed in ("pain" is bread in French).
        """
        ALTER TABLE items ADD COLUMN language TEXT;
        """,
        // 16: what a bot on another network keeps between runs, by name:
        // where the Matrix bot's next sync goes on from, say.
        """
        CREATE TABLE bot_state (
            name TEXT PRIMARY KEY,
            value TEXT NOT NULL
        );
        """,
        // 17: what a bot must still send (answers, news), kept with the change
        // it tells of until the network confirms it, with the transaction ID
        // it keeps through retries and restarts. Not exported: it is in flight.
        """
        CREATE TABLE outbox (
            id INTEGER PRIMARY KEY,
            sender TEXT NOT NULL,
            target TEXT NOT NULL,
            body TEXT NOT NULL,
            txn TEXT NOT NULL,
            created_at INTEGER NOT NULL
        );
        CREATE INDEX outbox_by_sender ON outbox(sender, id);
        """,
        // 18: lines the household confirmed ("did you mean …?" "yes"), its own
        // examples for the reader: the line, what it meant, which words were which slot.
        """
        CREATE TABLE learned (
            id INTEGER PRIMARY KEY,
            language TEXT NOT NULL,
            text_key TEXT NOT NULL,
            text TEXT NOT NULL,
            intent TEXT NOT NULL,
            slots TEXT NOT NULL,
            user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            learned_at INTEGER NOT NULL,
            UNIQUE (language, text_key)
        );
        """,
    ]

    package static var version: Int { migrations.count }
}
