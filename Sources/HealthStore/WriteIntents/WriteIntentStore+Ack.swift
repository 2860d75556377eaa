import HealthDomain
import SQLiteStore

extension WriteIntentStore {
    /// Applies a batch of acks in one transaction, in order, and says per item what
    /// happened. `applied` and `skipped` are final; a retryable `failed` schedules the next
    /// try with `policy`'s backoff until `maxAttempts`, after which (or on a non-retryable
    /// failure) the intent is `dead`. Acks for an older version are refused so the newer
    /// version stays pending; repeating an ack changes nothing.
    public func acknowledge(_ acks: [IntentAck], nowMs: Int64) async throws -> [AckOutcome] {
        let policy = self.policy
        let clock = zoneClock
        defer { changeBell.ring() }
        return try await pool.write { db in
            try acks.map { try WriteIntentStore.acknowledge($0, nowMs: nowMs, policy: policy, clock: clock, db: db) }
        }
    }

    static func acknowledge(_ ack: IntentAck, nowMs: Int64, policy: RetryPolicy, clock: ZoneClock, db: Database) throws -> AckOutcome {
        var outcome = AckOutcome(kind: .accepted, externalId: ack.externalId, version: ack.version)
        guard let (id, existing) = try WriteIntentRow.fetch(externalId: ack.externalId, db: db) else {
            outcome.kind = .notFound
            outcome.message = "no write intent has externalId '\(ack.externalId)'"
            return outcome
        }
        outcome.intent = existing
        if ack.version < existing.version {
            outcome.kind = .staleVersion
            outcome.message = "version \(ack.version) was replaced by version \(existing.version); the ack is refused and version \(existing.version) stays \(existing.status.rawValue)"
            return outcome
        }
        if ack.version > existing.version {
            outcome.kind = .unknownVersion
            outcome.message = "intent '\(ack.externalId)' is at version \(existing.version); version \(ack.version) was never issued"
            return outcome
        }

        var intent = existing
        switch (existing.status, ack.result) {
        case (.applied, .applied), (.reconciled, .applied):
            if let uuid = ack.healthKitUUID, let known = existing.healthKitUUID, uuid != known {
                outcome.kind = .conflict
                outcome.message = "intent '\(ack.externalId)' was applied as HealthKit sample \(known), not \(uuid)"
                return outcome
            }
            guard existing.healthKitUUID == nil, let uuid = ack.healthKitUUID else {
                outcome.kind = .duplicate
                return outcome
            }
            // A repeat that adds the UUID the first ack lacked: keep it, it closes the loop.
            intent.healthKitUUID = uuid
            intent.updatedAt = nowMs
            try WriteIntentRow.save(intent, id: id, db: db, clock: clock)
            try WriteIntentRow.record("uuid_recorded", intent: intent, id: id, atMs: nowMs, db: db)
            if intent.status == .applied { intent = try reconcileIfSynced(intent, id: id, nowMs: nowMs, clock: clock, db: db) }
            outcome.intent = intent
            return outcome
        case (.skipped, .skipped):
            outcome.kind = .duplicate
            return outcome
        case (.applied, _), (.reconciled, _), (.skipped, _):
            outcome.kind = .conflict
            outcome.message = "intent '\(ack.externalId)' version \(existing.version) is already \(existing.status.rawValue); a '\(ack.result.rawValue)' ack cannot change that"
            return outcome
        case (.dead, .failed), (.dead, .skipped), (.cancelled, .failed), (.cancelled, .skipped):
            outcome.kind = .ignored
            outcome.message = "intent '\(ack.externalId)' is \(existing.status.rawValue); it is no longer offered"
            return outcome
        case (_, .applied):
            // Pending, failed, or even dead or cancelled (pulled before it was withdrawn):
            // the phone says HealthKit holds it now, and that is what counts.
            intent.status = .applied
            intent.attempts += 1
            intent.nextRetryAt = nil
            intent.deadReason = nil
            intent.lastResult = ack.result.rawValue
            intent.healthKitUUID = ack.healthKitUUID
            intent.lastAttemptAt = nowMs
            intent.appliedAt = nowMs
            intent.updatedAt = nowMs
            try WriteIntentRow.save(intent, id: id, db: db, clock: clock)
            try WriteIntentRow.record("applied", intent: intent, id: id, atMs: nowMs, detail: ack.healthKitUUID.map { "healthKitUUID \($0)" }, db: db)
            outcome.intent = try reconcileIfSynced(intent, id: id, nowMs: nowMs, clock: clock, db: db)
            return outcome
        case (_, .skipped), (_, .failed):
            break
        }

        // Pending or failed, acked skipped or failed: is this a new try or a repeat?
        if let attempt = ack.attempt, attempt != existing.attempts {
            outcome.kind = .duplicate
            outcome.message = "this ack is for try \(attempt); the intent has recorded \(existing.attempts) tries"
            return outcome
        }
        if ack.attempt == nil, ack.result == .failed, existing.status == .failed, let next = existing.nextRetryAt, nowMs < next {
            // The intent has not been offered since its last failure, so the phone cannot
            // have tried again: this is the same failure reported twice.
            outcome.kind = .duplicate
            outcome.message = "intent '\(ack.externalId)' is not due again until \(next); this failure is already recorded"
            return outcome
        }
        intent.attempts += 1
        intent.lastAttemptAt = nowMs
        intent.lastResult = ack.result.rawValue
        intent.updatedAt = nowMs
        if ack.result == .skipped {
            intent.status = .skipped
            intent.nextRetryAt = nil
            try WriteIntentRow.save(intent, id: id, db: db, clock: clock)
            try WriteIntentRow.record("skipped", intent: intent, id: id, atMs: nowMs, detail: ack.error, db: db)
            outcome.intent = intent
            return outcome
        }
        intent.lastError = ack.error ?? "failed without an error message"
        if !ack.retryable {
            intent.status = .dead
            intent.deadReason = "not_retryable"
            intent.nextRetryAt = nil
        } else if intent.attempts >= policy.maxAttempts {
            intent.status = .dead
            intent.deadReason = "max_attempts"
            intent.nextRetryAt = nil
        } else {
            intent.status = .failed
            intent.nextRetryAt = nowMs + policy.delayMs(externalId: intent.externalId, version: intent.version, afterAttempts: intent.attempts)
        }
        try WriteIntentRow.save(intent, id: id, db: db, clock: clock)
        try WriteIntentRow.record(intent.status == .dead ? "dead" : "failed", intent: intent, id: id, atMs: nowMs,
                                  detail: intent.deadReason ?? intent.nextRetryAt.map { "next try at \($0)" }, db: db)
        outcome.intent = intent
        return outcome
    }
}
