#ifndef CSQLCIPHER_SHIM_H
#define CSQLCIPHER_SHIM_H
// SQLCipher: SQLite with page encryption. Its header declares sqlite3_key/sqlite3_rekey only with SQLITE_HAS_CODEC.
// The library exports the same sqlite3_* symbols as libsqlite3, so nothing in a process may link both.
#define SQLITE_HAS_CODEC 1
#include <sqlcipher/sqlite3.h>

/// SQLITE_TRANSIENT is a cast macro Swift cannot import: binding with it makes SQLite copy the bytes.
static inline void (*csqlite_transient(void))(void *) { return SQLITE_TRANSIENT; }
#endif
