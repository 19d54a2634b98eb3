#ifndef CSQLITE_SHIM_H
#define CSQLITE_SHIM_H
#include <sqlite3.h>

/// SQLITE_TRANSIENT is a cast macro Swift cannot import: binding with it makes SQLite copy the bytes.
static inline void (*csqlite_transient(void))(void *) { return SQLITE_TRANSIENT; }
#endif
