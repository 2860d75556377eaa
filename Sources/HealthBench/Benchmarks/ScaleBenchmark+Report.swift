extension ScaleBenchmark {
    /// The tables: ingest, storage and maintenance per checkpoint; the queries per
    /// checkpoint; the export import when there was one; then the run's notes.
    static func report(_ outcome: Outcome, _ options: Options) -> String {
        let mib = 1_048_576.0
        var main = BenchmarkTable(
            title: "healthd-bench scale — a heavy user's ten years over HTTP (\(options.batchSize)-sample batches on \(options.connections) connection(s)), healthd serve in its own process",
            columns: ["samples", "history to", "ingest/s (last 1M)", "ingest p99 / max ms", "bytes/sample", "server peak RSS MiB",
                      "verify s", "backup s", "ingest during backup: requests, slowest ms"])
        var queries = BenchmarkTable(
            title: "queries at each checkpoint — server time p50 / p99 ms (X-Response-Time), \(options.iterations) requests each",
            columns: ["samples"] + queryNames)
        for c in outcome.checkpoints {
            let samples = BenchmarkTable.grouped(c.samples)
            main.add([
                samples, c.lastDay.map(\.description) ?? "(first day)",
                BenchmarkTable.format(c.ingestRate, decimals: 0) + (c.rateWindow < 1_000_000 ? " (last \(BenchmarkTable.grouped(c.rateWindow)))" : ""),
                BenchmarkTable.format(c.ingestP99) + " / " + BenchmarkTable.format(c.ingestMax),
                BenchmarkTable.format(Double(c.databaseBytes) / Double(max(c.stored, 1))),
                BenchmarkTable.format(Double(c.serverPeakRSS) / mib),
                BenchmarkTable.format(c.verifySeconds, decimals: 2) + (c.consistent ? " ok" : " INCONSISTENT"),
                BenchmarkTable.format(c.backupSeconds, decimals: 2),
                c.backupRequests == 0 ? "none posted" : "\(c.backupRequests), \(BenchmarkTable.format(c.backupSlowestMs))",
            ])
            queries.add([samples] + c.queries.map { BenchmarkTable.format($0.p50, decimals: 2) + " / " + BenchmarkTable.format($0.p99, decimals: 2) })
        }
        var out = main.rendered + "\n" + queries.rendered
        if let e = outcome.export {
            var table = BenchmarkTable(title: "\nApple Health export imported through POST /health/import into the same server",
                                       columns: ["XML MB", "zip MB", "records", "inserted", "upload s", "upload to report s", "records/s", "server records/s", "server peak RSS MiB"])
            table.add([BenchmarkTable.format(Double(e.xmlBytes) / mib), BenchmarkTable.format(Double(e.zipBytes) / mib), BenchmarkTable.grouped(e.records),
                       BenchmarkTable.grouped(e.inserted), BenchmarkTable.format(e.uploadSeconds), BenchmarkTable.format(e.totalSeconds),
                       BenchmarkTable.format(Double(e.records) / max(e.totalSeconds, 0.001), decimals: 0), BenchmarkTable.format(e.serverRecordsPerSecond, decimals: 0),
                       BenchmarkTable.format(Double(e.serverPeakRSS) / mib)])
            out += table.rendered + "(export generated in \(BenchmarkTable.format(e.generateSeconds)) s, not timed above)\n"
        }
        out += "\n"
        if let last = outcome.checkpoints.last {
            out += "database: \(BenchmarkTable.format(Double(last.databaseBytes) / mib)) MiB holding \(BenchmarkTable.grouped(last.stored)) samples at the last checkpoint, "
                + "measured (as bytes/sample) after folding the WAL in, which had grown to \(BenchmarkTable.format(Double(last.walBytes) / mib)) MiB"
            out += outcome.databasePath.map { ", kept at \($0)\n" } ?? "\n"
        }
        let total = outcome.checkpoints.last.map { $0.samples + $0.backupSamples } ?? 0
        out += "ingested \(BenchmarkTable.grouped(total)) samples (\(BenchmarkTable.grouped(outcome.inserted)) inserted) in \(BenchmarkTable.format(outcome.ingestSeconds)) s of ingest; the whole run took \(BenchmarkTable.format(outcome.seconds)) s\n"
        out += "ingest during backup: one connection at up to \(BenchmarkTable.grouped(options.backupIngestRate)) samples/s while healthd backup (copy and integrity check) ran; its samples count toward the next checkpoint\n"
        if outcome.historyEnded, let last = outcome.checkpoints.last, last.samples < options.samples {
            out += "the ten-year history ended at \(BenchmarkTable.grouped(last.samples)) samples, before --samples \(BenchmarkTable.grouped(options.samples))\n"
        }
        for c in outcome.checkpoints where c.stored != c.samples {
            out += "at \(BenchmarkTable.grouped(c.samples)) acknowledged samples the database held \(BenchmarkTable.grouped(c.stored))\n"
        }
        for c in outcome.checkpoints where !c.consistent {
            out += "verify at \(BenchmarkTable.grouped(c.samples)) samples:\n\(c.verifyReport)"
        }
        return out
    }
}
