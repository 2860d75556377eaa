import HealthStore

/// Every request-size, range and page limit the API enforces, in one place. The routes
/// and parsers check against these, and capabilities and the OpenAPI document state them
/// from here, so changing a limit changes every answer that mentions it.
///
/// Limits an operator may set (body size, connections) are settings in `ServerConfig`;
/// the shapes of timezone names and cursors live with their validators (`TimezoneName`,
/// `CursorText`).
public enum Limits {
    // MARK: Ingest

    /// Samples in one `POST /health/ingest` body, and separately deleted sample keys: one
    /// transaction per request, so this bounds how long the writer is held.
    public static let samplesPerIngest = 10_000
    /// Workouts in one ingest body: each may carry 100,000 route points, so fewer.
    public static let workoutsPerIngest = 1_000
    /// Activity summaries (one per day) in one ingest body: about 27 years of days.
    public static let activitySummariesPerIngest = 10_000

    // MARK: HealthSave

    /// Days a HealthSave batch's idempotency key is kept (``StoreLimits/batchLedgerRetentionDays``).
    public static let batchLedgerRetentionDays = StoreLimits.batchLedgerRetentionDays
    /// `batchLedgerRetentionDays` in milliseconds.
    public static var batchLedgerRetentionMs: Int64 { StoreLimits.batchLedgerRetentionMs }
    /// Expired ledger rows one recorded batch deletes (``StoreLimits/batchLedgerSweepRows``).
    public static let batchLedgerSweepRows = StoreLimits.batchLedgerSweepRows

    // MARK: Date ranges

    /// Days a `range_summary` (and each range of `compare_ranges`) may span: a year,
    /// leap day included, keeps the answer under 8 KiB for an LLM context.
    public static let rangeSummaryDays = 366
    /// Days before a summarised day that make up its baseline average.
    public static let summaryBaselineDays = 28
    /// Days a day-bucketed `metric_series` may span (one entry per day).
    public static let metricSeriesDays = 366
    /// Days a week-bucketed `metric_series` may span: ten years of weeks (about 523
    /// entries), as for months, so a long history reads as one answer.
    public static let metricSeriesWeeklyDays = 3_660
    /// Days a month-bucketed `metric_series` may span (about ten years of months).
    public static let metricSeriesMonthlyDays = 3_660
    /// Days a `sleep_report` may span: it lists every night, so about a quarter.
    public static let sleepReportDays = 92
    /// Days `GET /health/daily` may span: every stored aggregate of every day, so ten years.
    public static let dailyAggregateDays = 3_660

    // MARK: Pages

    /// The largest page of `GET /health/raw`.
    public static let rawPageMax: Int64 = 1_000
    /// The page of `GET /health/raw` when `limit` is not given.
    public static let rawPageDefault: Int64 = 100
    /// The largest page of the write-intent listings.
    public static let intentPageMax: Int64 = 500
    /// The page of the write-intent listings when `limit` is not given.
    public static let intentPageDefault: Int64 = 100
    /// The largest page of `GET /health/workouts`.
    public static let workoutPageMax: Int64 = 500
    /// The page of `GET /health/workouts` when `limit` is not given.
    public static let workoutPageDefault: Int64 = 50

    // MARK: Workouts

    /// Days the `workouts` query intent and `GET /health/activity-summaries` may span.
    public static let workoutRangeDays = 366
    /// Workouts the `workouts` intent lists one by one; its totals count every workout.
    public static let workoutIntentItems = 200

    // MARK: Write intents

    /// Acks in one `POST /health/write-intents/ack` batch, applied in one transaction.
    public static let acksPerRequest = 500
    /// The longest span (end minus start) one write intent may cover: a day.
    public static let intentMaxDurationMs: Int64 = 86_400_000
    /// Characters of a write intent's `note`.
    public static let intentNoteLength = 1_000
    /// Characters of a write intent's `source`.
    public static let intentSourceLength = 256
    /// Characters of an ack's `error` kept; a longer one is cut, not refused, so the
    /// phone's report of a failure is never itself refused.
    public static let ackErrorLength = 1_000
    /// Characters of an externalId (it becomes HealthKit's sync identifier). Defined with
    /// the request parser, whose rule text states it.
    public static var externalIdLength: Int { WriteIntentRequest.maxExternalIdLength }
}
