import HealthDomain
import JSON
import SQLiteStore

extension SampleStore {
    /// The metric names a store's aggregates were derived under before it recorded a
    /// catalog fingerprint: the eight metrics of the first releases.
    static let firstCatalogNames: Set<String> = [
        "step_count", "active_energy_kcal", "dietary_energy_kcal", "resting_heart_rate_bpm",
        "hrv_sdnn_ms", "body_mass_kg", "body_fat_percent", "sleep_segment",
    ]

    /// The canonical names a stored catalog fingerprint lists.
    static func names(inFingerprint fingerprint: String?) -> Set<String> {
        guard let fingerprint else { return firstCatalogNames }
        return Set(fingerprint.split(separator: ",").compactMap { $0.split(separator: "=").first.map(String.init) })
    }

    /// Samples stored raw under names the previous catalog did not know, which the new
    /// one resolves (a HealthSave name such as `heart_rate`, a HealthKit identifier, a
    /// newly catalogued metric), pass the sample rules now: they move to the canonical
    /// name, unit and category value, so the rebuild that follows gives them day values.
    /// A sample the rules reject (a unit the metric does not take) stays raw, unchanged.
    ///
    /// - Returns: how many samples were adopted.
    static func adoptRawSamples(db: Database, rules: Derivation, previouslyKnown: Set<String>) throws -> Int {
        let sampleRules = SampleRules(catalog: rules.catalog)
        let names = try db.query("SELECT DISTINCT metric FROM samples ORDER BY metric", [], { $0.text(0) })
        let candidates = names.filter { !previouslyKnown.contains($0) && rules.catalog.resolve($0) != nil }
        guard !candidates.isEmpty else { return 0 }
        let update = try db.statement("""
            UPDATE samples SET metric = ?2, value = ?3, unit = ?4, category = ?5 WHERE sample_key = ?1
            """)
        var adopted = 0
        for name in candidates {
            let rows = try db.query("SELECT \(SampleRow.columns) FROM samples WHERE metric = ?", [.text(name)]) { SampleRow.decode($0) }
            for row in rows {
                let draft = SampleDraft(
                    sampleKey: row.sampleKey, metricName: row.metric.rawValue, startTimeMs: row.startTimeMs, endTimeMs: row.endTimeMs,
                    value: row.valueNumber, unit: row.unit, categoryValue: row.categoryValue, sourceName: row.sourceName,
                    sourceBundleId: row.sourceBundleId, device: row.device, timezone: row.timezone, syncIdentifier: row.syncIdentifier)
                guard case .valid(let sample) = sampleRules.validate(draft) else { continue }
                try update.bind(1, sample.sampleKey)
                try update.bind(2, sample.metric.rawValue)
                try update.bind(3, sample.valueNumber)
                try update.bind(4, sample.unit)
                try update.bind(5, sample.categoryValue)
                try update.run()
                adopted += 1
            }
        }
        return adopted
    }
}
