#include <sqlite3.h>
#include "CSQLiteGuard.h"

int vigor_sqlite_distrust(void *connection) {
    sqlite3 *db = connection;
    static const int off[] = {SQLITE_DBCONFIG_TRUSTED_SCHEMA, SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION, SQLITE_DBCONFIG_ENABLE_TRIGGER};
    int code = sqlite3_db_config(db, SQLITE_DBCONFIG_DEFENSIVE, 1, (int *)0);
    if (code != SQLITE_OK) return code;
    for (unsigned i = 0; i < sizeof off / sizeof off[0]; i++) {
        code = sqlite3_db_config(db, off[i], 0, (int *)0);
        if (code != SQLITE_OK) return code;
    }
    return SQLITE_OK;
}
