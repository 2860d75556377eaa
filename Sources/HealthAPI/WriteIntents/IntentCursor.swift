import Foundation

/// The opaque keyset cursor of the write-intent listings: the last row id returned and
/// the listing it belongs to (`pending`, `all` or a status), so a cursor from one
/// listing is not silently reused in another.
struct IntentCursor: Equatable {
    var scope: String
    var afterId: Int64

    var encoded: String {
        Data("w1\n\(scope)\n\(afterId)".utf8).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    init(scope: String, afterId: Int64) {
        self.scope = scope
        self.afterId = afterId
    }

    init?(encoded: String) {
        guard encoded.count <= 256 else { return nil }
        var base64 = encoded.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        guard let data = Data(base64Encoded: base64), let text = String(data: data, encoding: .utf8) else { return nil }
        let parts = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] == "w1", let id = Int64(parts[2]), id >= 0 else { return nil }
        self.init(scope: String(parts[1]), afterId: id)
    }
}
