import Foundation

/// The opaque keyset cursor of `GET /health/workouts`: the (start, key) of the last
/// workout returned and the filters of the listing, so a cursor from one listing is not
/// silently reused with other filters.
struct WorkoutCursor: Equatable {
    var scope: String
    var startMs: Int64
    var key: String

    var encoded: String {
        Data("k1\n\(scope)\n\(startMs)\n\(key)".utf8).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    init(scope: String, startMs: Int64, key: String) {
        self.scope = scope
        self.startMs = startMs
        self.key = key
    }

    init?(encoded: String) {
        guard encoded.count <= CursorText.maxLength else { return nil }
        var base64 = encoded.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        guard let data = Data(base64Encoded: base64), let text = String(data: data, encoding: .utf8) else { return nil }
        // The key is last and may itself hold newlines; split at most three times.
        let parts = text.split(separator: "\n", maxSplits: 3, omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0] == "k1", let start = Int64(parts[2]), !parts[3].isEmpty else { return nil }
        self.init(scope: String(parts[1]), startMs: start, key: String(parts[3]))
    }
}
