import SQLiteStore

/// The server database's tables: the people of the household and the named tokens, each
/// belonging to one person. Health data never lives here; each person's is in their own file.
enum ServerSchema {
    static var migrator: Migrator {
        var migrator = Migrator()
        migrator.register(1, "people and their tokens") { db in
            // `seq` orders the people: the first is the default an admin token acts for
            // when it names nobody (the database a single-person installation had).
            try db.execute("""
            CREATE TABLE people (
                seq             INTEGER PRIMARY KEY,
                id              TEXT    NOT NULL UNIQUE,
                name            TEXT    NOT NULL UNIQUE,
                file            TEXT    NOT NULL UNIQUE,
                created_ms      INTEGER NOT NULL,
                timezone        TEXT,
                source_priority TEXT
            );
            CREATE TABLE api_tokens (
                name       TEXT    PRIMARY KEY,
                person_id  TEXT    NOT NULL REFERENCES people(id) ON DELETE CASCADE,
                token_hash TEXT    NOT NULL UNIQUE,
                scopes     TEXT    NOT NULL,
                created_ms INTEGER NOT NULL
            );
            CREATE INDEX api_tokens_person ON api_tokens(person_id);
            """)
        }
        return migrator
    }
}
