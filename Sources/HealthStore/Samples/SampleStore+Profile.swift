import HealthDomain
import JSON
import SQLiteStore

extension SampleStore {
    /// The settings key of the user's characteristics (an export's `Me` element).
    static let profileSettingKey = "profile.characteristics"

    /// Stores the user's characteristics (date of birth, biological sex, blood type, …) as one settings row.
    public func saveProfile(_ profile: [String: String]) async throws {
        let text = JSONWriter.string(.object(profile.mapValues { .string($0) }))
        try await pool.write { db in
            let upsert = try db.statement("INSERT INTO settings (key, value) VALUES (?1, ?2) ON CONFLICT (key) DO UPDATE SET value = excluded.value")
            try upsert.bind(1, SampleStore.profileSettingKey)
            try upsert.bind(2, text)
            try upsert.run()
        }
    }

    /// The stored characteristics, if an export delivered them.
    public func profile() async throws -> [String: String]? {
        try await pool.read { db in
            let select = try db.statement("SELECT value FROM settings WHERE key = ?1")
            try select.bind(1, SampleStore.profileSettingKey)
            defer { select.reset() }
            guard try select.step(), let object = try? JSONParser.parse(Array(select.text(0).utf8)).objectValue else { return nil }
            return object.compactMapValues(\.stringValue)
        }
    }
}
