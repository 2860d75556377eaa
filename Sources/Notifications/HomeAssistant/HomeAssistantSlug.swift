import Foundation
import Webhooks

/// Object ids made from names a person's devices chose ("Anna’s Apple Watch", "Telefon
/// Åsa"): Home Assistant wants `[a-zA-Z0-9_-]`, so letters lose their accents, everything
/// else becomes `_`, and the result is bounded. Folding can make two names one slug
/// (`Anna's` and `Anna’s`), so a short hash of the exact name follows, which keeps the id
/// stable for one name and distinct between two.
public enum HomeAssistantSlug {
    /// The longest readable part kept.
    public static let maxReadableLength = 40
    /// Hex digits of the name's SHA-256 appended.
    public static let hashLength = 6

    /// `anna_s_apple_watch_1f3a9c`: the readable part (or `source` when nothing readable
    /// is left), `_`, and the hash suffix.
    public static func slug(_ name: String) -> String {
        readable(name) + "_" + hashSuffix(name)
    }

    /// The lowercase ASCII part: accents dropped (canonical decomposition, marks removed),
    /// runs of anything else one `_`, trimmed, at most ``maxReadableLength`` characters.
    public static func readable(_ name: String) -> String {
        var output: [UInt8] = []
        var pendingSeparator = false
        for scalar in name.decomposedStringWithCanonicalMapping.unicodeScalars {
            if scalar.properties.generalCategory == .nonspacingMark { continue }
            if scalar.isASCII, let byte = UInt8(exactly: scalar.value),
               (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) {
                if pendingSeparator && !output.isEmpty { output.append(UInt8(ascii: "_")) }
                pendingSeparator = false
                output.append(byte)
            } else if scalar.isASCII, let byte = UInt8(exactly: scalar.value), byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") {
                if pendingSeparator && !output.isEmpty { output.append(UInt8(ascii: "_")) }
                pendingSeparator = false
                output.append(byte + 32)
            } else {
                pendingSeparator = true
            }
            if output.count >= maxReadableLength { break }
        }
        while output.last == UInt8(ascii: "_") { output.removeLast() }
        return output.isEmpty ? "source" : String(decoding: output, as: UTF8.self)
    }

    /// The first ``hashLength`` lowercase hex digits of the SHA-256 of the name's UTF-8.
    public static func hashSuffix(_ name: String) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var hex: [UInt8] = []
        for byte in SHA256.hash(Array(name.utf8)).prefix((hashLength + 1) / 2) {
            hex.append(digits[Int(byte >> 4)])
            hex.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: hex.prefix(hashLength), as: UTF8.self)
    }

    /// Whether `text` is a non-empty run of `[A-Za-z0-9_-]`, what topic segments and ids need.
    public static func isIdentifier(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { byte in
            (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
        }
    }
}
