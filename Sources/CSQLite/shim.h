#ifndef SHOPTALK_CSQLITE_SHIM_H
#define SHOPTALK_CSQLITE_SHIM_H

#include <sqlite3.h>

/// SQLITE_TRANSIENT is a cast macro Swift cannot import: it tells SQLite to
/// copy bound text before the call returns, which Swift strings require.
static inline sqlite3_destructor_type shoptalk_sqlite_transient(void) {
    return SQLITE_TRANSIENT;
}

/// sqlite3_config is variadic, which Swift cannot call. Memory statistics
/// cost a global mutex and counters on every allocation SQLite makes; nothing
/// here reads them. Effective only before SQLite initializes itself.
static inline int shoptalk_sqlite_disable_memory_statistics(void) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}

#endif
