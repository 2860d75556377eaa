import SQLiteStore

/// The origins (``SampleInterner/Origin``) one read meets, each read from `sample_origins`
/// once: the rows of a day share a handful of origins, so their names are built once
/// rather than for every row. Valid for one transaction (an id is never reused while it
/// is stored, but a rolled-back writer's ids are).
struct OriginNames {
    private var known: [Int64: SampleInterner.Origin] = [:]

    /// The origin with `id`.
    mutating func origin(_ id: Int64, db: Database) throws -> SampleInterner.Origin {
        if let origin = known[id] { return origin }
        let select = try db.statement("SELECT unit, source_name, source_bundle_id, device, timezone FROM sample_origins WHERE id = ?")
        defer { select.reset() }
        try select.bind(1, id)
        // A row naming an origin that is not stored is a damaged file.
        guard try select.step() else { throw StoreFailure(kind: .corrupt, code: 11 /* SQLITE_CORRUPT */) }
        let origin = SampleInterner.Origin(unit: select.text(0), sourceName: select.optionalText(1), sourceBundleId: select.optionalText(2),
                                           device: select.optionalText(3), timezone: select.text(4))
        known[id] = origin
        return origin
    }
}
