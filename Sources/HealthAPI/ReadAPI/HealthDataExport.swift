import HTTPTransport
import HealthDomain
import HealthFormats
import JSON
import HealthStore

/// The body of `GET /health-data`, written while it is sent: each type's stored samples
/// are read in keyset pages of `pageSize` (start time, then key), turned into records and
/// flushed in pieces of about `flushBytes`, so memory stays flat however many records
/// the answer holds. JSON and CSV carry the same records; JSON's `metadata` comes last,
/// once the records are counted.
///
/// Pages are separate read transactions: a sample written during a long export may or
/// may not appear, but none appears twice and none stored before the export is skipped.
struct HealthDataExport: Sendable {
    let query: HealthDataQuery
    let store: SampleStore
    /// Monotonic start of the request, for `query_time_ms`.
    let startedNanoseconds: UInt64

    static let pageSize = 2_000
    static let flushBytes = 64 * 1024
    static let csvHeader = ["type", "value", "unit", "start_date", "end_date", "source", "device"]

    var contentType: String { query.format == .csv ? "text/csv; charset=utf-8" : "application/json" }

    var stream: HTTPBodyStream {
        let export = self
        return HTTPBodyStream { sink in try await export.write(to: sink) }
    }

    func write(to sink: HTTPBodySink) async throws {
        var out: [UInt8] = []
        out.reserveCapacity(Self.flushBytes + 4096)
        func flushIfFull() async throws {
            if out.count >= Self.flushBytes {
                try await sink.write(out)
                out.removeAll(keepingCapacity: true)
            }
        }
        var total = 0
        switch query.format {
        case .csv: CSVRecord.append(Self.csvHeader, to: &out)
        case .json: out.append(contentsOf: #"{"data":{"#.utf8)
        }
        for (typeIndex, type) in query.types.enumerated() {
            if query.format == .json {
                if typeIndex > 0 { out.append(0x2C) }
                out.append(contentsOf: JSONWriter.serialize(.string(type.id)))
                out.append(contentsOf: ":[".utf8)
            }
            var written = 0
            var after: (Int64, String)?
            while written < query.limit {
                let page = try await store.rawPage(metric: type.metric, fromMs: query.startMs, toMs: query.endMs + 1, after: after,
                                                   limit: min(Self.pageSize, query.limit - written))
                for sample in page.samples {
                    switch query.format {
                    case .csv: CSVRecord.append(Self.csvFields(sample, type: type), to: &out)
                    case .json:
                        if written > 0 { out.append(0x2C) }
                        out.append(contentsOf: JSONWriter.serialize(Self.record(sample, type: type)))
                    }
                    written += 1
                    try await flushIfFull()
                }
                guard page.hasMore, let last = page.samples.last else { break }
                after = (last.startTimeMs, last.sampleKey)
            }
            total += written
            if query.format == .json { out.append(0x5D) }
        }
        if query.format == .json {
            let elapsedMs = (AppClock.monotonicNanoseconds() - startedNanoseconds) / 1_000_000
            let metadata: JSONValue = [
                "query_time_ms": .number(Double(elapsedMs)),
                "total_records": .number(Double(total)),
                "types_requested": .array(query.types.map { .string($0.id) }),
                "date_range": query.dateRange,
            ]
            out.append(contentsOf: #"},"metadata":"#.utf8)
            out.append(contentsOf: JSONWriter.serialize(metadata))
            out.append(0x7D)
        }
        try await sink.write(out)
    }

    /// The record's value: the number in the type's unit, else the category value.
    static func value(_ sample: Sample, type: ReadType) -> JSONValue {
        if let number = sample.valueNumber { return .number(type.value(number)) }
        return sample.categoryValue.map(JSONValue.string) ?? .null
    }

    /// The recording source: its name, else its bundle identifier.
    static func source(_ sample: Sample) -> String? { sample.sourceName ?? sample.sourceBundleId }

    static func record(_ sample: Sample, type: ReadType) -> JSONValue {
        [
            "value": value(sample, type: type),
            "unit": .string(type.unit),
            "start_date": .string(HealthSaveDate.format(sample.startTimeMs)),
            "end_date": .string(HealthSaveDate.format(sample.endTimeMs)),
            "source": source(sample).map(JSONValue.string) ?? .null,
            "device": sample.device.map(JSONValue.string) ?? .null,
        ]
    }

    /// The CSV fields of a record: numbers written exactly as the JSON answer writes them,
    /// absent values as empty fields.
    static func csvFields(_ sample: Sample, type: ReadType) -> [String] {
        let value: String
        switch Self.value(sample, type: type) {
        case .string(let text): value = text
        case .null: value = ""
        case let number: value = JSONWriter.string(number)
        }
        return [type.id, value, type.unit, HealthSaveDate.format(sample.startTimeMs), HealthSaveDate.format(sample.endTimeMs),
                source(sample) ?? "", sample.device ?? ""]
    }
}
