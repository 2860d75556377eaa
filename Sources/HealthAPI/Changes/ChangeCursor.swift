import HealthStore
import JSON

/// The changes feed's cursor as clients see it: an opaque string, today the decimal
/// position of the last entry read. Told apart on the way in: not cursor-shaped (400),
/// a cursor the feed never issued (422: not a position, or past the newest), one whose
/// entries were pruned (410, naming the oldest cursor still valid).
enum ChangeCursor {
    /// The cursor of `position`.
    static func text(_ position: Int64) -> String { String(position) }

    /// The position `text` names; 400 when it is not cursor-shaped, 422 when it is no position.
    static func position(_ text: String) throws -> Int64 {
        guard CursorText.isWellFormed(text) else {
            throw APIError.invalidParameter("since", "'since' must be a cursor this feed returned (1–\(CursorText.maxLength) characters of URL-safe base64)",
                                            rule: "pattern")
        }
        guard text.utf8.count <= 18, text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }), let position = Int64(text) else {
            throw notIssued
        }
        return position
    }

    /// Checks `position` against the feed's bounds: 422 past the newest, 410 before the oldest.
    static func check(_ position: Int64, within bounds: ChangeFeed.Bounds) throws {
        guard position <= bounds.head else { throw notIssued }
        guard position >= bounds.oldest else {
            throw APIError(status: ChangesRoutes.gone, code: .cursorExpired,
                           message: "the changes after this cursor are older than the feed keeps (90 days); go on from 'oldest' after re-reading the state you need",
                           details: ["field": "since", "rule": "expired", "oldest": .string(text(bounds.oldest))])
        }
    }

    static let notIssued = APIError.unprocessable(
        "since", "'since' is not a cursor this feed issued; start with a call without since, then pass next back unchanged", rule: "cursor")
}

extension APIError.Code {
    /// 410: a changes-feed cursor older than the feed keeps.
    static let cursorExpired = APIError.Code(rawValue: "CURSOR_EXPIRED")
}
