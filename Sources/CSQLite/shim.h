// SQLite for Swift: the header, plus what Swift cannot call or spell itself (a variadic function and a macro
// that casts -1 to a function pointer).
#ifndef RIBSD_CSQLITE_SHIM_H
#define RIBSD_CSQLITE_SHIM_H

#include <sqlite3.h>

// Binds a copy of the bytes (SQLITE_TRANSIENT): the statement may outlive the caller's buffer.
static inline int ribsd_sqlite3_bind_blob(sqlite3_stmt *statement, int index, const void *bytes, int count) {
    return sqlite3_bind_blob(statement, index, bytes, count, SQLITE_TRANSIENT);
}

static inline int ribsd_sqlite3_bind_text(sqlite3_stmt *statement, int index, const char *text, int count) {
    return sqlite3_bind_text(statement, index, text, count, SQLITE_TRANSIENT);
}

// Each connection is used by one thread at a time, under the store's own locks: SQLite's own mutexes are not
// needed (sqlite3_config is variadic, so it is called from here).
static inline int ribsd_sqlite3_config_multithread(void) {
    return sqlite3_config(SQLITE_CONFIG_MULTITHREAD);
}

#endif
