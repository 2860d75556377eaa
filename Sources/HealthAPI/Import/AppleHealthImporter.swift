import Archive
import Foundation
import HealthDomain
import HealthFormats
import HealthStore
import JSON
import XMLStream

/// Imports an Apple Health export into the store: the zip is read entry by entry, the
/// XML as a stream, every element through ``AppleHealthExportAdapter`` into drafts and
/// through the same ingest pipeline as every other format (rules, error entries), and
/// stored in batches, each one `BEGIN IMMEDIATE` transaction that also
/// recomputes the days it touched. Memory holds one batch and the parser's buffer.
///
/// An import cut off anywhere leaves whole batches behind, samples and aggregates in
/// agreement; a re-run upserts the same keys again (`unchanged`) and completes it.
///
/// Blocking: reads files and waits for the writer. Run it on its own thread, never on
/// the cooperative pool (`healthd import` does; the server starts a thread per job).
public final class AppleHealthImporter {
    /// Samples per stored batch: large enough that a commit's fixed cost vanishes,
    /// small enough that a batch's memory stays a few megabytes.
    public static let defaultBatchSize = 20_000

    /// Distinct derived keys whose occurrences an import remembers: the records of one
    /// instant lie next to each other in an export, so a few thousand keys suffice, and
    /// memory does not grow with the file. Independent of batches, so where a batch ends
    /// changes no key.
    static let occurrenceMemory = 4_096

    /// Batches stored or waiting at the writer while the next is collected: with one, the
    /// writer sits idle from the end of a batch until the importer, which shares the
    /// machine's cores with the reader, has packed the next (about 3 % of a fresh import's
    /// time on two cores).
    static let batchesInFlight = 2

    private let store: SampleStore
    private let batchSize: Int
    private let now: @Sendable () -> Int64
    private let progress: (ImportProgress) -> Void
    private var report = ImportReport()
    /// The rules, the error entries and what passed since the last batch. Id-less records
    /// at one instant are entries of their own (a meal's items), told apart by their
    /// order in the file; see ``SampleOccurrences``.
    private var pipeline: IngestPipeline
    /// Elements handed to the pipeline, so each has a position of its own.
    private var elements = 0
    private var profile: [String: String]?
    private var days = Set<DayKey>()
    /// Batches handed to the writer and not yet confirmed, oldest first (at most
    /// ``batchesInFlight``): the writer finds the next batch waiting when it finishes one.
    private var inFlight: [PendingBatch] = []
    private var started = Date()
    private var lastProgress = Date.distantPast

    /// An importer into `store`; `progress` is called from the importing thread.
    public init(store: SampleStore, batchSize: Int = AppleHealthImporter.defaultBatchSize,
                now: @escaping @Sendable () -> Int64, progress: @escaping (ImportProgress) -> Void = { _ in }) {
        self.store = store
        self.batchSize = batchSize
        self.now = now
        self.progress = progress
        pipeline = Self.pipeline(store)
    }

    /// A pipeline over `store`'s rules, counting occurrences over the whole file.
    private static func pipeline(_ store: SampleStore) -> IngestPipeline {
        IngestPipeline(rules: SampleRules(catalog: store.catalog), clock: store.clock,
                       occurrences: SampleOccurrences(remembering: occurrenceMemory))
    }

    /// Imports the export at `path` (`export.zip` or `export.xml`).
    public func run(path: String) throws -> ImportReport {
        started = Date()
        report = ImportReport()
        pipeline = Self.pipeline(store)
        elements = 0
        progress(ImportProgress(stage: .opening))
        let source: ExportSource
        do {
            source = try ExportSource(path: path)
        } catch let failure as ImportFailure {
            throw failure
        } catch let error as ArchiveError {
            throw ImportFailure("'\(path)' cannot be read as an export: \(error)", offset: error.offset)
        }
        report.exportFile = source.exportName
        let (read, consumed) = try source.xmlReader()
        let total = source.totalBytes
        let channel = ItemChannel()
        let reading = ExportReading(source: source, read: read, consumed: consumed)
        let store = self.store
        // Reading (inflate, XML, the adapter, route files) runs on a thread of its own;
        // this thread checks and stores what it reads.
        let readerExited = DispatchSemaphore(value: 0)
        let routes = RouteWorkers(source: source, store: store)
        let reader = Thread {
            Self.read(reading, store: store, routes: routes, into: channel)
            readerExited.signal()
        }
        reader.name = "healthd-import-read"
        reader.stackSize = 1 << 20
        reader.start()
        // No thread outlives the import: every way out below has either seen the reader
        // finish (the channel's end or its error) or cancelled the channel, which wakes a
        // reader waiting to send, so this wait is short. Without it a reader still
        // releasing its last record could race the caller (and a leak check at exit).
        defer {
            readerExited.wait()
            routes.stop()
        }

        do {
            while let chunk = try channel.receive() {
                var jobs = chunk.routes.makeIterator()
                // By index: each item is lent to `take`, not copied out of the chunk first.
                for index in chunk.items.indices {
                    if chunk.items[index].isWorkout, let job = jobs.next() {
                        let (workout, route) = try job.wait()
                        try take(.workout(workout), route: route)
                    } else {
                        try take(chunk.items[index], route: nil)
                    }
                    if pipeline.samples.count >= batchSize || pipeline.workouts.count >= 500 { try flush() }
                }
                report(progress: .records, chunk.bytesConsumed, total)
            }
            try flush()
            try waitForWrite()
        } catch let failure as ImportFailure {
            channel.cancel()
            try? flush()
            try? waitForWrite()
            throw ImportFailure(failure.message, recordsRead: report.records, offset: failure.offset)
        } catch let error as XMLStreamError {
            try? flush()
            try? waitForWrite()
            throw ImportFailure("'\(source.exportName)' stops being readable XML after \(report.records) records: \(error.message) (at byte \(error.offset) of the XML); "
                                + "everything before it is stored, and a re-run of the complete file finishes the import", recordsRead: report.records, offset: error.offset)
        } catch let error as ArchiveError {
            try? flush()
            try? waitForWrite()
            throw ImportFailure("'\(source.exportName)' cannot be read to the end after \(report.records) records: \(error); "
                                + "everything before it is stored, and a re-run of the complete file finishes the import", recordsRead: report.records, offset: error.offset)
        } catch {
            channel.cancel()
            try? waitForWrite()
            throw error
        }
        report.errors = pipeline.issues.map(\.importEntry)
        report.rejectedByRule = pipeline.rejectedSamplesByRule
        report.bytesRead = consumed()
        report.daysTouched = days.count
        report.elapsedSeconds = Date().timeIntervalSince(started)
        report(progress: .done, consumed(), total)
        return report
    }

    /// Workouts per chunk, each with its route being read (see ``RouteWorkers``).
    static let routesPerChunk = 4

    /// The reading stage: XML events through the adapter into chunks of items, each
    /// workout's route handed to the route workers (see ``resolveRoute(_:source:store:)``).
    private static func read(_ reading: ExportReading, store: SampleStore, routes: RouteWorkers, into channel: ItemChannel) {
        // Nothing is derived from when a record was written down or by which version of its app.
        let xml = XMLStreamReader(skippingAttributes: AppleHealthExportAdapter.unreadAttributes, source: reading.read)
        var adapter = AppleHealthExportAdapter(catalog: store.catalog)
        var chunk = ItemChannel.Chunk()
        chunk.items.reserveCapacity(2_048)
        var sawHealthData = false
        do {
            while let event = try xml.next() {
                let item: AppleHealthExportItem?
                switch event {
                case .start(let element):
                    if !sawHealthData {
                        guard element.name == "HealthData" else {
                            throw ImportFailure("'\(reading.source.exportName)' is not an Apple Health export: its root element is <\(element.name)>, not <HealthData>")
                        }
                        sawHealthData = true
                    }
                    item = adapter.start(element.name, element.attributes, selfClosing: element.selfClosing)
                case .end(let name):
                    item = adapter.end(name)
                case .text:
                    item = nil
                }
                guard let item else { continue }
                if case .workout(let workout) = item { chunk.routes.append(routes.submit(workout)) }
                chunk.items.append(item)
                // A chunk holding a few workouts goes at once: their routes are read meanwhile,
                // and the jobs the channel holds bound the routes held at once.
                if chunk.items.count >= 2_048 || chunk.routes.count >= routesPerChunk {
                    chunk.bytesConsumed = reading.consumed()
                    guard channel.send(chunk) else { return }
                    chunk.items.removeAll(keepingCapacity: true)
                    chunk.routes.removeAll(keepingCapacity: true)
                }
            }
            chunk.bytesConsumed = reading.consumed()
            if !chunk.items.isEmpty { _ = channel.send(chunk) }
            channel.finish()
        } catch {
            // What was read before the error is stored; then the error ends the import.
            chunk.bytesConsumed = reading.consumed()
            if !chunk.items.isEmpty { _ = channel.send(chunk) }
            channel.finish(error)
        }
    }

    // MARK: Items

    /// Takes one item; `route` is what reading found for a workout's route.
    private func take(_ item: AppleHealthExportItem, route: RouteOutcome?) throws {
        switch item {
        case .sample(let draft, let type):
            report.recordsByType[type, default: 0] += 1
            // A record older than another version of the same object is no error: it is replaced.
            if draft.issues.count == 1, draft.issues[0].code == "superseded" {
                report.superseded += 1
                return
            }
            if !pipeline.add(element(.sample(draft), type)) {
                report.rejected += 1
                report.rejectedByType[type, default: 0] += 1
            }
        case .workout(let workout):
            switch route {
            case .unchanged?:
                report.workoutsUnchanged += 1
                report.routesLinked += 1
                return
            case .linked?:
                report.routesLinked += 1
            case .missing?:
                report.routesMissing += 1
            case .unreadable(let issue)?:
                // A damaged route file costs the route, not the workout.
                pipeline.note(issue, of: element(.invalid(.workout, []), "WorkoutRoute"))
                report.routesMissing += 1
            case nil:
                break
            }
            if !pipeline.add(element(.workout(workout.draft), "Workout")) { report.workoutsRejected += 1 }
        case .activitySummary(let draft):
            if !pipeline.add(element(.activitySummary(draft), "ActivitySummary")) { report.activitySummariesRejected += 1 }
        case .profile(let characteristics):
            profile = characteristics
            report.profileRead = true
        case .correlationMember(_, let type):
            // The same record is listed at the top level, where it was (or will be) stored.
            // Stored again here, an id-less copy could not be told from a second entry at
            // that instant (a meal's items are each in a correlation of their own).
            report.recordsByType[type, default: 0] += 1
            report.repeated += 1
        case .correlation:
            report.correlations += 1
        case .skipped(let element):
            report.skippedElements[element, default: 0] += 1
        }
    }

    /// The pipeline element of the next record, under its type (the export has no other path).
    private func element(_ value: IngestElement.Value, _ type: String) -> IngestElement {
        elements += 1
        return IngestElement(value, index: elements - 1, path: type)
    }

    /// What reading a workout's route found, for the report (and the issue of a damaged file).
    enum RouteOutcome: Sendable {
        /// The workout is stored exactly so, its route read from the same file: nothing to do.
        case unchanged
        /// The route's points are in the draft.
        case linked
        /// The file the workout names is not in the export.
        case missing
        /// The file is there but unreadable: the workout is stored without a route.
        case unreadable(ValidationIssue)
    }

    /// Reads the route of `workout` into its draft, on a route worker's thread (see
    /// ``RouteWorkers``). Nil for a workout without a route.
    static func resolveRoute(_ workout: inout AppleHealthExportWorkout, source: ExportSource, store: SampleStore) throws -> RouteOutcome? {
        if workout.inlineRoute.isEmpty, let reference = workout.routeFile, let entry = source.routeEntry(reference) {
            // Which file the route came from, and which version of it (its CRC-32).
            var metadata = workout.draft.metadata?.objectValue ?? [:]
            metadata["routeFile"] = .string(reference)
            metadata["routeCRC32"] = .number(Double(entry.crc32))
            workout.draft.metadata = .object(metadata)
            if try isStoredWithSameRoute(workout, store: store) { return .unchanged }
        }
        if !workout.inlineRoute.isEmpty {
            workout.draft.route = workout.inlineRoute
            return .linked
        }
        guard let reference = workout.routeFile else { return nil }
        guard let read = try source.routeReader(reference) else { return .missing }
        do {
            workout.draft.route = try route(read)
            return .linked
        } catch {
            return .unreadable(ValidationIssue(field: "FileReference", code: "unreadable", message: "route file '\(reference)' is unreadable: \(error)"))
        }
    }

    /// Whether the workout is stored exactly as the export has it, its route read from the
    /// same file (the workout's metadata holds the file's name and CRC-32): then a
    /// re-import neither reads the GPX file again nor the stored route.
    private static func isStoredWithSameRoute(_ workout: AppleHealthExportWorkout, store: SampleStore) throws -> Bool {
        guard case .valid(let candidate) = WorkoutRules().validate(workout.draft) else { return false }
        return try store.isStoredWithRoute(candidate)
    }

    /// The points of a GPX file.
    private static func route(_ read: @escaping XMLStreamReader.Source) throws -> [WorkoutDraft.RoutePoint] {
        let xml = XMLStreamReader(bufferSize: 256 * 1024, source: read)
        var gpx = GPXRoute()
        while let event = try xml.next() {
            switch event {
            case .start(let element):
                if !element.selfClosing, GPXRoute.unusedElements.contains(element.name) {
                    try xml.skipElement(element.name)
                    continue
                }
                gpx.start(element.name, element.attributes)
                if element.selfClosing { gpx.end(element.name) }
            case .end(let name): gpx.end(name)
            case .text(let text): gpx.text(text)
            }
        }
        return Array(gpx.points.prefix(WorkoutRules.maxRoutePoints))
    }

    // MARK: Storing

    /// Hands the collected batch to the writer; parsing goes on while it is stored, with
    /// at most ``batchesInFlight`` batches in flight, stored in the order they were read
    /// (a later version of an object wins).
    private func flush() throws {
        guard !pipeline.samples.isEmpty || !pipeline.workouts.isEmpty || !pipeline.activitySummaries.isEmpty || profile != nil else { return }
        while inFlight.count >= Self.batchesInFlight { try waitForOldestWrite() }
        let valid = pipeline.takeValid()
        var stored = IngestBatch(samples: dropRepeats(valid.samples), workouts: valid.workouts, activitySummaries: valid.activitySummaries)
        // Packed here, on the importing thread, while the writer stores the previous batch.
        stored.prepare()
        let batch = PendingBatch(store: store, batch: stored, profile: profile, nowMs: now(), after: inFlight.last)
        profile = nil
        inFlight.append(batch)
    }

    /// Keeps the last sample of each key in the batch. A key repeats where a record
    /// carries its identity: an earlier version of a sync identifier the file writes twice
    /// (the later one wins) is stored once, so a re-import writes nothing. Id-less records
    /// get a key per occurrence instead — each is an entry of its own, even a byte-for-byte
    /// copy: an export is a snapshot of HealthKit's objects, so two equal records are two
    /// objects (two glasses of water logged in one minute) — and only two lying further
    /// apart than ``occurrenceMemory`` distinct keys can share one. Correlation members,
    /// the copies an export does write, are dropped where they are read.
    private func dropRepeats(_ samples: [Sample]) -> [Sample] {
        // Most batches repeat no key: a cheap hash of each key settles that, and only a
        // batch where two hashes meet is searched by the keys themselves.
        var hashes = Set<UInt64>(minimumCapacity: samples.count)
        guard !samples.allSatisfy({ hashes.insert(SampleKey.hash64($0.sampleKey)).inserted }) else { return samples }
        var seen = Set<String>(minimumCapacity: samples.count)
        var kept: [Sample] = []
        kept.reserveCapacity(samples.count)
        for sample in samples.reversed() where seen.insert(sample.sampleKey).inserted { kept.append(sample) }
        guard kept.count < samples.count else { return samples }
        report.repeated += samples.count - kept.count
        return kept.reversed()
    }

    /// Waits for every batch in flight; the first failure is thrown once all have ended.
    private func waitForWrite() throws {
        var failure: (any Error)?
        while !inFlight.isEmpty {
            do { try waitForOldestWrite() } catch { failure = failure ?? error }
        }
        if let failure { throw failure }
    }

    private func waitForOldestWrite() throws {
        guard !inFlight.isEmpty else { return }
        let batch = inFlight.removeFirst()
        let (outcome, records) = try batch.wait()
        report.inserted += outcome.inserted
        report.updated += outcome.updated
        report.unchanged += outcome.unchanged
        days.formUnion(outcome.affected.keys)
        report.workoutsInserted += records.workoutsInserted
        report.workoutsUpdated += records.workoutsUpdated
        report.workoutsUnchanged += records.workoutsUnchanged
        report.activitySummariesUpserted += records.activitySummariesUpserted
        report.activitySummariesUnchanged += records.activitySummariesUnchanged
    }

    private func report(progress stage: ImportProgress.Stage, _ done: Int64, _ total: Int64) {
        let now = Date()
        guard stage != .records || now.timeIntervalSince(lastProgress) >= 0.2 else { return }
        lastProgress = now
        progress(ImportProgress(stage: stage, bytesDone: done, bytesTotal: total, records: report.records,
                                elapsedSeconds: now.timeIntervalSince(started)))
    }
}

/// One batch being stored by the writer while the importer parses the next.
private final class PendingBatch: @unchecked Sendable {
    // Invariant: `result` is written once by the task before `done` is signalled and
    // read only after `wait()` returned from that signal; `task` is written once, in
    // `init`, before the object is shared.
    private let done = DispatchSemaphore(value: 0)
    private var result: Result<(IngestOutcome, RecordOutcome), any Error> = .failure(CancellationError())
    /// The task storing the batch, true once stored; the next batch's task awaits it, so
    /// batches reach the writer in order, and none is stored after one that failed.
    private var task: Task<Bool, Never>?

    init(store: SampleStore, batch: IngestBatch, profile: [String: String]?, nowMs: Int64, after previous: PendingBatch?) {
        let before = previous?.task
        task = Task { [self] in
            if let before, await !before.value {
                done.signal()
                return false
            }
            do {
                // The store's one ingest entry, as every ingest path; an import keeps no ledger.
                let stored = IngestPipeline.stored(try await store.ingest(batch, options: IngestOptions(client: .appleHealthImport), nowMs: nowMs))
                if let profile { try await store.saveProfile(profile) }
                result = .success((stored.samples, stored.records))
                done.signal()
                return true
            } catch {
                result = .failure(error)
                done.signal()
                return false
            }
        }
    }

    func wait() throws -> (IngestOutcome, RecordOutcome) {
        done.wait()
        return try result.get()
    }
}

extension AppleHealthImporter {
    /// Runs an import on a thread of its own (it blocks on file reads and on the writer)
    /// and returns its report; `progress` is called from that thread.
    public static func importOnThread(path: String, store: SampleStore, batchSize: Int = defaultBatchSize, now: @escaping @Sendable () -> Int64,
                                      progress: @escaping @Sendable (ImportProgress) -> Void = { _ in }) async throws -> ImportReport {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<ImportReport, any Error>) in
            let thread = Thread {
                let importer = AppleHealthImporter(store: store, batchSize: batchSize, now: now, progress: progress)
                do {
                    continuation.resume(returning: try importer.run(path: path))
                } catch {
                    continuation.resume(throwing: error)
                }
            }
            thread.name = "healthd-import"
            thread.start()
        }
    }
}

extension IngestIssue {
    /// The entry of an import report's `errors`: the record's type (`Workout`,
    /// `ActivitySummary` for those elements), the attribute, the rule and the message.
    var importEntry: JSONValue {
        ["type": .string(elementPath), "field": .string(field), "code": .string(rule), "message": .string(message)]
    }
}
