/// Why the write-intent store refused an operation. The store speaks only of intents;
/// the API layer decides what each case means on the wire (`APIError.storage(_:)`).
public enum WriteIntentStoreError: Error, Sendable, Equatable {
    /// No intent has this externalId.
    case notFound(externalId: String)
    /// An upsert would change the content of an intent that HealthKit already holds
    /// (`status` is applied, reconciled or skipped at `version`).
    case contentAlreadyWritten(externalId: String, status: IntentStatus, version: Int)
    /// A cancel of an intent that HealthKit already holds (`status` is applied,
    /// reconciled or skipped): only deleting the sample in Health can undo it.
    case cancelAfterWrite(externalId: String, status: IntentStatus)
}
