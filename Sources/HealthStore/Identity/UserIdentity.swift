import SQLiteStore
import Locking

/// The id of a person, as the observation batch's `xuser_id` names it: the configured
/// `--user-id`, else the id kept in the person's database settings, else (kept there on
/// first use) the person's id in the household, or a random UUID. It survives restarts
/// and travels with the data.
public final class UserIdentity: Sendable {
    static let settingKey = "user_id"

    private let configured: String?
    private let preferred: String?
    private let pool: DatabasePool
    private let cached = Locked<String?>(nil)

    /// - Parameter preferred: the id to keep when the database holds none (the person's id).
    public init(configured: String?, pool: DatabasePool, preferred: String? = nil) {
        self.configured = configured.map { $0.lowercased() }
        self.preferred = preferred.map { $0.lowercased() }
        self.pool = pool
    }

    /// The identity kept in `store`'s database.
    public convenience init(configured: String?, store: SampleStore, preferred: String? = nil) {
        self.init(configured: configured, pool: store.pool, preferred: preferred)
    }

    /// The user id, lowercase; generated and stored on the first call when none is kept.
    public func id() async throws -> String {
        if let configured { return configured }
        if let known = cached.withLock({ $0 }) { return known }
        let candidate = preferred ?? UserIdentity.randomUUID()
        let id = try await pool.write { db -> String in
            if let stored = try db.queryFirst("SELECT value FROM settings WHERE key = ?", [.text(UserIdentity.settingKey)], { $0.text(0) }) {
                return stored
            }
            try db.run("INSERT INTO settings (key, value) VALUES (?, ?)", [.text(UserIdentity.settingKey), .text(candidate)])
            return candidate
        }
        cached.withLock { $0 = id }
        return id
    }

    /// Whether `text` is a UUID in its 8-4-4-4-12 hex form (either case).
    public static func isUUID(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 36 else { return false }
        for (index, byte) in bytes.enumerated() {
            if [8, 13, 18, 23].contains(index) {
                guard byte == 0x2D else { return false }
            } else {
                let isHex = (0x30...0x39).contains(byte) || (0x61...0x66).contains(byte) || (0x41...0x46).contains(byte)
                guard isHex else { return false }
            }
        }
        return true
    }

    /// A version 4 UUID from the system's random source.
    static func randomUUID() -> String {
        var generator = SystemRandomNumberGenerator()
        var bytes = (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
        bytes[6] = (bytes[6] & 0x0F) | 0x40
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        let hex = bytes.map { byte -> String in
            let digits = String(byte, radix: 16)
            return digits.count == 1 ? "0" + digits : digits
        }.joined()
        let h = Array(hex)
        return String(h[0..<8]) + "-" + String(h[8..<12]) + "-" + String(h[12..<16]) + "-" + String(h[16..<20]) + "-" + String(h[20..<32])
    }
}
