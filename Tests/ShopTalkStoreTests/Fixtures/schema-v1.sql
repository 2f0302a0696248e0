-- How Fixtures/schema-v1.sqlite was made: sqlite3 schema-v1.sqlite < schema-v1.sql
-- Schema version 1 as ShopTalk 0.1 wrote it (items had no quantity or unit yet), with a little data.
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
INSERT INTO users (id, name, created_at) VALUES (1, 'alice', 1790000000000);
INSERT INTO lists (id, owner_id, name, name_key, created_at) VALUES (1, 1, 'Groceries', 'groceries', 1790000000000);
INSERT INTO items (id, list_id, name, checked, added_by, added_at, updated_at) VALUES
  (1, 1, 'eggs', 0, 'alice', 1790000000000, 1790000000000),
  (2, 1, 'Milk', 1, 'alice', 1790000001000, 1790000001000);
INSERT INTO activity (list_id, list_name, actor, action, detail, at) VALUES (1, 'Groceries', 'alice', 'create_list', 'Groceries', 1790000000000);
PRAGMA application_id = 1397247824;
PRAGMA user_version = 1;
