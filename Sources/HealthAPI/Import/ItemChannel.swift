import Foundation
import HealthDomain
import HealthFormats
import XMLStream

/// Hands parsed export items from the reading thread to the storing thread in chunks,
/// holding at most `capacity` chunks, so reading (inflate, XML, the adapter) and storing
/// (the rules, keys, batches) use both cores while memory stays bounded.
///
/// `@unchecked Sendable`: every member is read and written only while `condition` is
/// locked; the chunks themselves are `Sendable` values.
final class ItemChannel: @unchecked Sendable {
    /// Items read since the previous chunk, with how far into the file reading had got.
    struct Chunk: Sendable {
        var items: [AppleHealthExportItem] = []
        /// The route job of each workout among `items`, in their order: the importer takes
        /// the workout with its route from the job.
        var routes: [RouteWorkers.Job] = []
        var bytesConsumed: Int64 = 0
    }

    private let condition = NSCondition()
    private var chunks: [Chunk] = []
    private var finished = false
    private var failure: (any Error)?
    private var cancelled = false
    private let capacity: Int

    init(capacity: Int = 4) { self.capacity = capacity }

    /// Blocks while the channel is full; false when the consumer has stopped listening.
    func send(_ chunk: Chunk) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while chunks.count >= capacity, !cancelled { condition.wait() }
        guard !cancelled else { return false }
        chunks.append(chunk)
        condition.broadcast()
        return true
    }

    /// Ends the stream, with the error that stopped reading if any.
    func finish(_ error: (any Error)? = nil) {
        condition.lock()
        finished = true
        failure = error
        condition.broadcast()
        condition.unlock()
    }

    /// The consumer gives up (its own failure): a blocked producer returns from `send`.
    func cancel() {
        condition.lock()
        cancelled = true
        condition.broadcast()
        condition.unlock()
    }

    /// The next chunk; nil once the producer finished cleanly; throws the producer's error after its last chunk.
    func receive() throws -> Chunk? {
        condition.lock()
        defer { condition.unlock() }
        while chunks.isEmpty, !finished { condition.wait() }
        if !chunks.isEmpty {
            let chunk = chunks.removeFirst()
            condition.broadcast()
            return chunk
        }
        if let failure { throw failure }
        return nil
    }
}

/// The export's readers handed to the reading thread.
///
/// `@unchecked Sendable`: the reading thread uses only the XML entry's reader; the storing
/// thread only opens route entries. Both read through `pread` (no shared file offset) and
/// the archive's directory is immutable after opening.
struct ExportReading: @unchecked Sendable {
    let source: ExportSource
    let read: XMLStreamReader.Source
    let consumed: () -> Int64
}

extension AppleHealthExportItem {
    /// Whether the item is a workout (whose route outcome the chunk carries).
    var isWorkout: Bool {
        if case .workout = self { return true }
        return false
    }
}
