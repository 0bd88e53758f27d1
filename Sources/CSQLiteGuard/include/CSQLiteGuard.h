#ifndef CSQLITEGUARD_H
#define CSQLITEGUARD_H

/// Puts an SQLite connection into the settings SQLite's guidance gives for a database someone else wrote
/// (https://sqlite.org/security.html): defensive mode, untrusted schema, no extension loading, no triggers.
/// `sqlite3_db_config` is variadic, which Swift cannot call; this is its one caller.
/// Returns SQLITE_OK (0) or the first error code.
int vigor_sqlite_distrust(void *connection);

#endif
