extension WebhookSigner {
    /// The tolerance the reference libraries use: five minutes either way.
    public static let defaultTolerance: Int64 = 300

    /// Checks one delivery: the timestamp must be within `tolerance` seconds of `now`, and
    /// one of the space-separated signatures must be a `v1` signature of this body. Other
    /// versions (such as `v1a`, asymmetric) are skipped, which lets a sender list several
    /// signatures while rotating secrets. Signatures are compared in constant time.
    public func verify(id: String, timestamp: String, signatures: String, body: some Collection<UInt8>,
                       now: Int64, tolerance: Int64 = defaultTolerance) throws(WebhookError) {
        guard !id.isEmpty else { throw WebhookError(.missingHeader, "the \(Self.idHeader) header is missing") }
        guard !timestamp.isEmpty else { throw WebhookError(.missingHeader, "the \(Self.timestampHeader) header is missing") }
        guard !signatures.isEmpty else { throw WebhookError(.missingHeader, "the \(Self.signatureHeader) header is missing") }
        guard timestamp.utf8.count <= 18, timestamp.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
              let seconds = Int64(timestamp) else {
            throw WebhookError(.invalidTimestamp, "the \(Self.timestampHeader) header is not whole seconds since the epoch")
        }
        if now - seconds > tolerance {
            throw WebhookError(.timestampOutOfTolerance, "the message timestamp is more than \(tolerance) s old")
        }
        if seconds - now > tolerance {
            throw WebhookError(.timestampOutOfTolerance, "the message timestamp is more than \(tolerance) s in the future")
        }
        let expected = HMACSHA256.authenticate(key: secret.key, message: Array("\(id).\(seconds).".utf8) + Array(body))
        for entry in signatures.split(separator: " ", omittingEmptySubsequences: true) {
            guard let comma = entry.firstIndex(of: ","), entry[..<comma] == Self.version else { continue }
            guard let candidate = Base64.decode(String(entry[entry.index(after: comma)...])) else { continue }
            if ConstantTime.equal(candidate, expected) { return }
        }
        throw WebhookError(.noMatchingSignature, "no \(Self.version) signature matches the body")
    }

    /// ``verify(id:timestamp:signatures:body:now:tolerance:)`` with the values taken from
    /// `headers`, whose names are matched without regard to case.
    public func verify(headers: [(name: String, value: String)], body: some Collection<UInt8>,
                       now: Int64, tolerance: Int64 = defaultTolerance) throws(WebhookError) {
        func value(_ name: String) -> String {
            headers.first { $0.name.lowercased() == name }?.value ?? ""
        }
        try verify(id: value(Self.idHeader), timestamp: value(Self.timestampHeader), signatures: value(Self.signatureHeader),
                   body: body, now: now, tolerance: tolerance)
    }
}
