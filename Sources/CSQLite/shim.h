#include <sqlite3.h>

// sqlite3_config is variadic, which Swift cannot call. Memory statistics make every
// allocation take a process-wide mutex; nothing here reads them, and SQLite itself
// recommends turning them off (https://sqlite.org/compile.html#default_memstatus).
// Must run before the library initialises, i.e. before the first connection opens.
static inline int csqlite_disable_memory_statistics(void) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}
