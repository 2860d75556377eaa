import HealthDomain
import Locking

/// Hands the history out to the scale benchmark's client threads, one batch at a time,
/// and collects what their requests took. One feed serves one phase (a stretch up to a
/// checkpoint, or the ingest kept up during a backup); the stream carries on between them.
final class ScaleIngestFeed: Sendable {
    /// What the threads share.
    struct State {
        var stream: LifetimeSampleStream
        /// No batch is handed out past this many samples of the stream.
        var limit = Int.max
        /// Set to end an open-ended phase (the backup's).
        var stopped = false
        /// Samples whose request was answered 200, over every phase.
        var acknowledged = 0
        /// Samples the server reported as newly inserted, over every phase.
        var inserted = 0
        /// (acknowledged so far, monotonic ns) after each answer in this phase.
        var marks: [(samples: Int, nanoseconds: UInt64)] = []
        /// Client-measured request latencies of this phase, ms.
        var latencies: [Double] = []
    }

    let state: Locked<State>

    init(stream: LifetimeSampleStream) { state = Locked(State(stream: stream)) }

    /// Begins a phase: batches up to `limit` stream samples (open-ended when nil, until
    /// ``stop()``), with fresh marks and latencies.
    func begin(limit: Int?, at nanoseconds: UInt64) {
        state.withLock { state in
            state.limit = limit ?? .max
            state.stopped = false
            state.marks = [(state.acknowledged, nanoseconds)]
            state.latencies = []
        }
    }

    /// Ends an open-ended phase after the batches already handed out.
    func stop() { state.withLock { $0.stopped = true } }

    /// The next batch of at most `size` samples, or nil when the phase is over or the
    /// history ends. `first`: hand one out even if the phase was stopped already.
    func take(_ size: Int, first: Bool = false) -> [Sample]? {
        state.withLock { state in
            guard !state.stopped || first else { return nil }
            let room = state.limit == .max ? size : min(size, state.limit - state.stream.produced)
            guard room > 0 else { return nil }
            let batch = state.stream.next(room)
            return batch.isEmpty ? nil : batch
        }
    }

    /// Records an answered request of `count` samples.
    func answered(count: Int, inserted: Int, latencyMs: Double, at nanoseconds: UInt64) {
        state.withLock { state in
            state.acknowledged += count
            state.inserted += inserted
            state.marks.append((state.acknowledged, nanoseconds))
            state.latencies.append(latencyMs)
        }
    }

    /// Samples/s over the phase's last `window` acknowledged samples (all of them when
    /// the phase had fewer), and how many samples that was.
    func recentRate(window: Int) -> (rate: Double, samples: Int) {
        state.withLock { state in
            guard let last = state.marks.last, let first = state.marks.first, last.samples > first.samples else { return (0, 0) }
            let from = state.marks.last(where: { $0.samples <= last.samples - window }) ?? first
            let seconds = Double(last.nanoseconds - from.nanoseconds) / 1e9
            return (seconds > 0 ? Double(last.samples - from.samples) / seconds : 0, last.samples - from.samples)
        }
    }
}
