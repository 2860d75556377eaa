import Locking

/// The series of one stored family: label values to the cell that holds their value, with
/// the family's optional ``SeriesLimit`` applied when a label set is first resolved.
///
/// Resolution builds a key and takes the table's lock; callers keep the returned cell (a
/// handle) so that the request path only pays the cell's own lock.
final class SeriesTable<Cell: AnyObject & Sendable>: Sendable {
    /// What an overflowing label set gets.
    enum OverflowMode {
        /// One cell per overflow series, shared by every label set folded into it: counts
        /// add up in place and memory stays bounded (counters, histograms).
        case share
        /// A cell of its own, folded only when rendered with the limit's reducer: a gauge's
        /// `set` must not overwrite another label set's value.
        case keepApart
    }

    private struct Folded {
        /// The overflow series' label values (the collapsing labels read `other`).
        var collapsed: [String]
        var cell: Cell
    }

    private struct State {
        var own: [[String]: Cell] = [:]
        /// Keyed by collapsed values in `.share` mode, by the real values in `.keepApart` mode.
        var folded: [[String]: Folded] = [:]
    }

    let family: String
    let labelNames: [String]
    let limit: SeriesLimit?
    private let mode: OverflowMode
    private let positions: [Int]
    private let make: @Sendable () -> Cell
    private let state = Locked(State())

    init(family: String, labelNames: [String], limit: SeriesLimit?, mode: OverflowMode, make: @escaping @Sendable () -> Cell) {
        self.family = family
        self.labelNames = labelNames
        self.limit = limit
        self.mode = mode
        self.positions = limit?.collapsingPositions(labelNames: labelNames) ?? []
        self.make = make
    }

    /// The cell for `values` (one per label name, in order), created on first use.
    func cell(for values: [String]) -> Cell {
        precondition(values.count == labelNames.count,
                     "\(family) has \(labelNames.count) labels (\(labelNames)), got \(values.count) values")
        return state.withLock { state in
            if let cell = state.own[values] { return cell }
            guard let limit, state.own.count >= limit.maxSeries else {
                let cell = make()
                state.own[values] = cell
                return cell
            }
            let key = mode == .share ? SeriesLimit.collapse(values, at: positions) : values
            if let folded = state.folded[key] { return folded.cell }
            let cell = make()
            state.folded[key] = Folded(collapsed: SeriesLimit.collapse(values, at: positions), cell: cell)
            return cell
        }
    }

    /// Forgets the series of `values`, freeing its place under the limit.
    func remove(_ values: [String]) {
        state.withLock { state in
            if state.own.removeValue(forKey: values) == nil, mode == .keepApart {
                state.folded.removeValue(forKey: values)
            }
        }
    }

    /// Every cell with the label values it renders under: its own values, or the overflow
    /// series' values for folded cells. Several cells may share values; the family combines them.
    func entries() -> [(values: [String], cell: Cell)] {
        state.withLock { state in
            state.own.map { ($0.key, $0.value) } + state.folded.values.map { ($0.collapsed, $0.cell) }
        }
    }
}
