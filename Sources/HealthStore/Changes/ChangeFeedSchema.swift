/// The tables of schema version 11, kept beside the code that reads them. Like every
/// migration, once released this text is never edited: changes come as new versions.
enum ChangeFeedSchema {
    static let version11 = """
        -- The changes feed: one row per change, appended in the transaction of the change
        -- itself, so a rolled-back ingest leaves no entry. AUTOINCREMENT: a position is never
        -- reused, even after pruning empties the table, so a cursor names one moment for good.
        CREATE TABLE change_feed (
            position    INTEGER PRIMARY KEY AUTOINCREMENT,
            event_id    TEXT    NOT NULL,   -- evt_ and 32 hex digits: the webhook-id of every delivery
            type        TEXT    NOT NULL,   -- day.changed, night.settled, …
            occurred_ms INTEGER NOT NULL,
            subject     TEXT    NOT NULL,   -- JSON object naming what changed, no health values
            vals        TEXT                -- JSON object of the values, or NULL
        );

        -- Webhook subscriptions (`healthd webhook add`). The secret signs deliveries, so it
        -- is kept as given; it is shown once when created and never listed.
        CREATE TABLE webhooks (
            id             TEXT    PRIMARY KEY,
            url            TEXT    NOT NULL,
            secret         TEXT    NOT NULL,
            events         TEXT    NOT NULL,   -- comma-separated types, sorted; '*' for all
            include_values INTEGER NOT NULL CHECK (include_values IN (0, 1)),
            created_ms     INTEGER NOT NULL
        ) WITHOUT ROWID;

        -- One row per (subscription, feed entry) still to deliver, written in the transaction
        -- that appends the entry, so a crash between a change and its delivery loses nothing.
        -- A delivered row is deleted; a row given up stays 'expired' until the feed prunes it.
        CREATE TABLE webhook_outbox (
            id               INTEGER PRIMARY KEY AUTOINCREMENT,
            webhook_id       TEXT    NOT NULL,
            position         INTEGER NOT NULL,   -- the change_feed entry
            state            TEXT    NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'expired')),
            attempts         INTEGER NOT NULL DEFAULT 0,
            first_attempt_ms INTEGER,
            next_attempt_ms  INTEGER NOT NULL,
            last_error       TEXT
        );
        -- Each subscription's head (its oldest pending row) is one index seek.
        CREATE INDEX webhook_outbox_pending ON webhook_outbox (webhook_id, id) WHERE state = 'pending';

        -- What the feed watcher remembers between ticks and restarts: days and nights it waits
        -- to see settle, what it emitted (so each transition is emitted once), how far it read.
        CREATE TABLE change_marks (
            kind  TEXT    NOT NULL,
            key   TEXT    NOT NULL,
            value INTEGER NOT NULL,
            at_ms INTEGER NOT NULL,
            PRIMARY KEY (kind, key)
        ) WITHOUT ROWID;

        -- The sources the watcher follows for silence: the days samples of each arrived
        -- (a daily syncer has several in a week) and since when it has been silent.
        CREATE TABLE change_sources (
            source          TEXT    PRIMARY KEY,   -- the normalised name
            name            TEXT    NOT NULL,      -- as its latest write spelled it
            last_arrival_ms INTEGER NOT NULL,
            arrival_days    TEXT    NOT NULL,      -- comma-separated UTC day numbers, ascending
            silent_since_ms INTEGER
        ) WITHOUT ROWID;
        """
}
