import JSON
import HealthDomain
import HealthStore

extension APIError {
    /// The answer for a storage failure that says something about the storage rather than
    /// about the request (``StoreFailure``); nil for the rest, which are bugs and become
    /// 500. A full disk or a held lock rolled the transaction back; a failed flush of the
    /// WAL leaves unknown whether the commit reached the disk.
    static func storage(_ error: StoreFailure) -> APIError? {
        switch error.kind {
        case .full:
            // SQLITE_FULL: the disk (or the file system's quota) is full.
            return APIError(status: .insufficientStorage, code: .storageFull,
                            message: "the disk holding the database is full; nothing of this request was stored",
                            details: ["sqliteCode": .number(Double(error.code))])
        case .busy:
            // Another process (a backup, the sqlite3 shell) held the lock past the busy timeout.
            return unavailable("the database is locked by another process; retry shortly", error, retryAfterSeconds: 1)
        case .ioError, .readOnly:
            // The file system failed a read, write or flush, or became read-only.
            return unavailable("the database cannot be read or written right now; retry later", error, retryAfterSeconds: 30)
        case .corrupt, .constraint, .other:
            return nil
        }
    }

    /// The answer for a refusal of the write-intent store: 404 for an unknown externalId,
    /// 409 for a change HealthKit already holds. Every case is the client's to fix, so
    /// each message says what to do instead.
    static func storage(_ error: WriteIntentStoreError) -> APIError {
        switch error {
        case .notFound(let externalId):
            return .notFound("no write intent has externalId '\(externalId)'", details: ["externalId": .string(externalId)])
        case .contentAlreadyWritten(let externalId, let status, let version):
            return .conflict(
                "intent '\(externalId)' is already \(status.rawValue) (version \(version)); HealthKit holds that content, so it cannot change — post the new entry under a new externalId",
                details: ["externalId": .string(externalId), "status": .string(status.rawValue), "version": JSONValue(version)])
        case .cancelAfterWrite(let externalId, let status):
            return .conflict("intent '\(externalId)' is already \(status.rawValue); it can no longer be cancelled (delete the sample in Health instead)",
                             details: ["externalId": .string(externalId), "status": .string(status.rawValue)])
        }
    }

    private static func unavailable(_ message: String, _ error: StoreFailure, retryAfterSeconds: Int) -> APIError {
        var answer = serviceUnavailable(message, retryAfterSeconds: retryAfterSeconds)
        answer.details = ["sqliteCode": .number(Double(error.code))]
        return answer
    }
}
