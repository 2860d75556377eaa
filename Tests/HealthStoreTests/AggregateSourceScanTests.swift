import Foundation
import Testing
@testable import HealthStore
@testable import SQLiteStore

/// The in-place reading of an aggregate's sources agrees with SQLite's JSON functions
/// wherever it answers, and answers for the JSON the store writes.
@Suite struct AggregateSourceScanTests {
    /// The store's own spellings: the scan must answer for every one.
    static let plain: [(json: String, night: Bool)] = [
        (#"{"sampleCount":4686,"sources":[{"counted":1985.915,"name":"Apple Watch","sampleCount":4684,"total":1985.915},{"counted":0,"name":"iPhone","sampleCount":2,"total":313.996}],"total":1985.915}"#, false),
        (#"{"count":15,"minutes":0,"sources":["Apple Watch"],"values":{"stood":15}}"#, false),
        (#"{"avg":78.77,"latest":78.77,"latestSource":"Withings","max":78.77,"min":78.77,"sampleCount":1,"sources":["Withings","Jörg’s Waage"]}"#, false),
        (#"{"asleepMinutes":514,"sleepEnd":1717221180000,"source":"Apple Watch","sources":["Apple Watch","iPhone"],"unspecifiedMinutes":0}"#, true),
        (#"{"sampleCount":2,"sources":[{"counted":-1e-3,"name":"A"},{"counted":2E+2,"name":"B"},{"name":"C","counted":0.0}],"total":1}"#, false),
        (#"{"sources":[]}"#, false),
        (#"{"total":1}"#, false),
        (#"{"asleepMinutes":0}"#, true),
        (#" { "sources" : [ "a" , { "counted" : 1 , "name" : "" } ] } "#, false),
    ]

    /// Spellings the store does not write: the scan may step aside, but must never differ.
    static let odd: [(json: String, night: Bool)] = [
        (#"{"sources":["A\"B"]}"#, false),
        (#"{"sources":[null, 3, true]}"#, false),
        (#"{"sources":[{"counted":"x","name":"A"}]}"#, false),
        (#"{"sources":[{"counted":1,"name":null}]}"#, false),
        (#"{"sources":[{"counted":1}]}"#, false),
        (#"{"sources":"A"}"#, false),
        (#"{"sources":["A"],"sources":["B"]}"#, false),
        (#"{"source":3}"#, true),
        (#"{"source":null}"#, true),
        (#"{"sources":[{"counted":01,"name":"A"}]}"#, false),
        (#"{"sources":["A"]"#, false),
        (#"{"x":{"sources":["A"]},"sources":["B"]}"#, false),
        ("", false),
    ]

    static func database() throws -> (Database, String) {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("scan-\(UUID().uuidString).sqlite").path
        return (try Database(path: path, role: .writer, configuration: DatabaseConfiguration()), path)
    }

    /// What ``DayTable/sourcesSQL(_:)`` makes of one aggregate, or nil when SQLite rejects it.
    static func sqlNames(_ db: Database, _ json: String, night: Bool) -> [String]? {
        let sql = night
            ? "SELECT json_extract(?1, '$.source')"
            : """
              SELECT CASE WHEN j.type = 'object' THEN
                          CASE WHEN json_extract(j.value, '$.counted') > 0 THEN json_extract(j.value, '$.name') END
                     ELSE j.value END
                FROM json_each(?1, '$.sources') j
              """
        return try? db.query(sql, [.text(json)]) { $0.optionalText(0) }.compactMap { $0 }
    }

    static func scanned(_ json: String, night: Bool) -> [String]? {
        var text = json
        return text.withUTF8 { AggregateSourceScan.names(UnsafeRawBufferPointer($0), night: night) }
    }

    @Test func plainAggregatesAreReadInPlaceAsSQLiteReadsThem() throws {
        let (db, path) = try Self.database()
        defer { db.close(); try? FileManager.default.removeItem(atPath: path) }
        for (json, night) in Self.plain {
            let expected = Self.sqlNames(db, json, night: night)
            #expect(expected != nil, "\(json)")
            #expect(Self.scanned(json, night: night) == expected, "\(json)")
        }
    }

    @Test func anythingElseIsLeftToSQLiteOrReadTheSame() throws {
        let (db, path) = try Self.database()
        defer { db.close(); try? FileManager.default.removeItem(atPath: path) }
        var stepsAside = 0
        for (json, night) in Self.odd {
            guard let names = Self.scanned(json, night: night) else { stepsAside += 1; continue }
            #expect(names == Self.sqlNames(db, json, night: night), "\(json)")
        }
        #expect(stepsAside >= Self.odd.count - 3)
    }
}
