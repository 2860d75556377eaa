extension Sample {
    /// The source as the client wrote it: name, else bundle id, else "unknown". What
    /// answers show; ``sourceIdentity``, its normal form, is only what they match by.
    public var sourceDisplayName: String { sourceName ?? sourceBundleId ?? "unknown" }
}
