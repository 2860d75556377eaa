import HealthDomain
import SQLiteStore

extension SampleStore {
    /// The database settings of a process that only imports (`healthd import`): a
    /// smaller page cache for the writer and one small reader, so a gigabyte export stays
    /// well under 200 MB resident (the server keeps its own, larger caches).
    public static var importConfiguration: DatabaseConfiguration {
        var configuration = DatabaseConfiguration()
        configuration.cacheSizeKiB = 32 * 1024
        configuration.readerCount = 1
        configuration.readerCacheSizeKiB = 4 * 1024
        return configuration
    }

    /// Whether `candidate` is stored exactly as given, with a route (its timelines aside):
    /// an import that finds it so reads neither the GPX file again nor the stored route.
    /// Blocks the calling thread: for import threads, never the cooperative pool.
    public func isStoredWithRoute(_ candidate: Workout) throws -> Bool {
        let key = candidate.workoutKey
        let expected = WorkoutRow.valuesWithoutTimelines(candidate, clock: clock)
        let stored: [SQLiteValue]? = try pool.readSync { db in
            let select = try db.statement(WorkoutRow.selectWithoutTimelinesByKey)
            try select.bind(1, key)
            defer { select.reset() }
            guard try select.step() else { return nil }
            return (0..<Int32(expected.count + 1)).map { select.value($0) }
        }
        guard let stored, case .integer(let routePoints) = stored[0], routePoints > 0 else { return false }
        return Array(stored.dropFirst()) == expected
    }
}
