import HealthAPI
import Locking

/// Import progress on standard error: a bar redrawn in place on a terminal (bytes and
/// records done, records/s, time left), one line per stage otherwise, so logs stay readable.
final class ProgressBar: Sendable {
    private let terminal: Bool
    private let lastStage = Locked<ImportProgress.Stage?>(nil)

    init(terminal: Bool) { self.terminal = terminal }

    func show(_ progress: ImportProgress) {
        let changed = lastStage.withLock { last in
            defer { last = progress.stage }
            return last != progress.stage
        }
        if terminal {
            CommandLineTool.writeRaw("\r\u{1B}[2K" + Self.line(progress))
        } else if changed {
            CommandLineTool.printError("import: \(progress.stage.rawValue)" + (progress.stage == .opening ? "" : " — " + Self.line(progress)))
        }
    }

    func finish() {
        if terminal { CommandLineTool.writeRaw("\n") }
    }

    static func line(_ progress: ImportProgress) -> String {
        let width = 30
        let filled = Int(progress.fraction * Double(width))
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
        let percent = Int(progress.fraction * 100)
        let left = progress.secondsLeft.map { " \(Int($0.rounded())) s left" } ?? ""
        return "[\(bar)] \(percent)% \(megabytes(progress.bytesDone))/\(megabytes(progress.bytesTotal)) MB, "
            + "\(progress.records) records, \(Int(progress.recordsPerSecond)) records/s\(left)"
    }

    static func megabytes(_ bytes: Int64) -> String {
        let tenths = Int((Double(bytes) / 1_048_576 * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}
