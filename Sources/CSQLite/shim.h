#ifndef SHOPTALK_CSQLITE_SHIM_H
#define SHOPTALK_CSQLITE_SHIM_H

#include <sqlite3.h>

/// SQLITE_TRANSIENT is a cast macro Swift cannot import: it tells SQLite to
/// copy bound text before the call returns, which Swift strings require.
static inline sqlite3_destructor_type shoptalk_sqlite_transient(void) {
    return SQLITE_TRANSIENT;
}

#endif
