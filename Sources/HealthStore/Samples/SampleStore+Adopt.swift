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
        let names = try storedMetricNames(db)
        let candidates = names.filter { !previouslyKnown.contains($0) && rules.catalog.resolve($0) != nil }
        guard !candidates.isEmpty else { return 0 }
        let interner = SampleInterner(db: db)
        var adopted = 0
        for name in candidates {
            let rows = try db.query("SELECT \(SampleRow.columns) FROM \(SampleRow.from) WHERE s.metric = \(SampleRow.metricId(parameter: 1))",
                                    [.text(name)]) { SampleRow.decode($0) }
            for row in rows {
                let draft = SampleDraft(
                    sampleKey: row.sampleKey, metricName: row.metric.rawValue, startTimeMs: row.startTimeMs, endTimeMs: row.endTimeMs,
                    value: row.valueNumber, unit: row.unit, categoryValue: row.categoryValue, sourceName: row.sourceName,
                    sourceBundleId: row.sourceBundleId, device: row.device, timezone: row.timezone, syncIdentifier: row.syncIdentifier)
                guard case .valid(let sample) = sampleRules.validate(draft) else { continue }
                // The new metric, value, unit and category; the row keeps its update time.
                var adoptedRow = row
                adoptedRow.metric = sample.metric
                adoptedRow.valueNumber = sample.valueNumber
                adoptedRow.unit = sample.unit
                adoptedRow.categoryValue = sample.categoryValue
                try SampleRow.adopt(row, as: adoptedRow, interner: interner, db: db)
                adopted += 1
            }
        }
        return adopted
    }
}
