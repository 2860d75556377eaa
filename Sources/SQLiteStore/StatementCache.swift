/// A least-recently-used cache of prepared statements keyed by SQL text.
///
/// Preparing is the expensive part of running a statement (parsing and query
/// planning), so each connection keeps its recent statements. Entries live in
/// an array and are linked through indices, which keeps lookups and evictions
/// O(1) without allocating a node per entry.
struct StatementCache {
    private struct Entry {
        var sql: String
        var statement: Statement
        var newer: Int  // toward the most recently used; -1 at the head
        var older: Int  // toward the least recently used; -1 at the tail
    }

    let capacity: Int
    private var slots: [String: Int] = [:]
    private var entries: [Entry] = []
    private var newest = -1
    private var oldest = -1

    init(capacity: Int) {
        self.capacity = max(0, capacity)
        slots.reserveCapacity(self.capacity)
        entries.reserveCapacity(self.capacity)
    }

    var count: Int { entries.count }

    /// The cached statement for `sql`, marked most recently used.
    mutating func statement(for sql: String) -> Statement? {
        guard let slot = slots[sql] else { return nil }
        moveToFront(slot)
        return entries[slot].statement
    }

    /// Adds a statement, evicting the least recently used one at capacity.
    /// An evicted statement is finalized once nobody holds it any more.
    mutating func insert(_ statement: Statement, for sql: String) {
        guard capacity > 0, slots[sql] == nil else { return }
        if entries.count < capacity {
            entries.append(Entry(sql: sql, statement: statement, newer: -1, older: -1))
            let slot = entries.count - 1
            slots[sql] = slot
            link(slot)
        } else {
            let slot = oldest
            unlink(slot)
            slots[entries[slot].sql] = nil
            entries[slot] = Entry(sql: sql, statement: statement, newer: -1, older: -1)
            slots[sql] = slot
            link(slot)
        }
    }

    /// Drops every statement (they finalize as their last reference goes).
    mutating func removeAll() {
        slots.removeAll()
        entries.removeAll()
        newest = -1
        oldest = -1
    }

    /// Whether `sql` is cached, without touching the recency order.
    func contains(_ sql: String) -> Bool { slots[sql] != nil }

    private mutating func moveToFront(_ slot: Int) {
        guard slot != newest else { return }
        unlink(slot)
        link(slot)
    }

    private mutating func link(_ slot: Int) {
        entries[slot].newer = -1
        entries[slot].older = newest
        if newest >= 0 { entries[newest].newer = slot }
        newest = slot
        if oldest < 0 { oldest = slot }
    }

    private mutating func unlink(_ slot: Int) {
        let newer = entries[slot].newer
        let older = entries[slot].older
        if newer >= 0 { entries[newer].older = older } else { newest = older }
        if older >= 0 { entries[older].newer = newer } else { oldest = newer }
        entries[slot].newer = -1
        entries[slot].older = -1
    }
}
