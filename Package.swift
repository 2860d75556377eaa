// swift-tools-version:6.0
import PackageDescription

// The architecture, one folder per target:
//   CSQLite             system library: the libsqlite3 headers.
//   CLinux              system library: epoll, eventfd, signalfd and accept4 from the Linux headers.
//   HTTPTransport       HTTP/1.1 over POSIX sockets (IO, HTTP1, Server, Messages); knows nothing about health.
//   CZlib               system library: the zlib headers (inflate/deflate for zip archives).
//   SQLiteStore         SQLite connections, pool and migrations; knows nothing about HTTP.
//   Archive             zip archives (zip64 included) read entry by entry and written; knows nothing about health.
//   XMLStream           a streaming XML pull parser with constant memory; knows nothing about health.
//   Locking             the pthread-backed lock every module uses (ThreadSanitizer sees it); depends on nothing.
//   JSON                JSON values, scanner, parser, writer and output rounding; depends on nothing.
//   Metrics             counters, gauges and histograms rendered in the Prometheus text format, and the
//                       process_* figures from /proc; knows nothing about health.
//   MQTT                an MQTT 3.1.1 packet codec and a publishing client over TCP on its own thread;
//                       knows nothing about health.
//   Webhooks            SHA-256, HMAC-SHA256, base64, Standard Webhooks signing and verification, and a
//                       retry schedule; knows nothing about health.
//   Notifications       change events, webhook delivery (transport, outbox protocol, ordered retrying
//                       dispatcher) and Home Assistant MQTT discovery; knows neither SQL nor HTTP routing.
//   HealthDomain        samples, metrics, day keys, aggregation, and the drafts and rules every sample,
//                       workout and activity summary passes; knows no wire format, HTTP or SQLite.
//   HealthFormats       the wire formats, one folder each (Native, HealthSave, HealthAutoExport,
//                       AppleHealthExport, Observations, ReadAPI): name tables, date parsing and the
//                       adapters that turn a body into drafts; knows neither HTTP nor SQLite.
//   HealthDemo          seeded synthetic histories for demo databases, benchmarks and tests.
//   HealthStore         every SQL statement of the application: schema and migrations, samples and their
//                       day aggregates, workouts, summary reads, write intents, tokens, ledgers, export,
//                       import and verification, behind typed methods; the only module that imports
//                       SQLiteStore (besides the CLI's backup, restore, verify and export commands).
//   HealthService       the server's long-running companions beside HTTP (changes-feed watcher, webhook
//                       dispatch over the store's outbox, Home Assistant publishing); knows no HTTP routing.
//   HealthAPI           one folder per feature (routes and their OpenAPI schemas side by side), the ingest
//                       pipeline every ingest path shares, auth, errors, summaries and imports: wires
//                       transport, store, domain and formats.
//   HealthCLI           the command-line tool (serve, import, backup, demo, token, mcp, openapi, …).
//   healthd             the thin executable: reads the environment and calls HealthCLI.
//   HealthTesting       helpers shared by the test targets and the benchmarks: the loopback HTTP client,
//                       the server-process harness, fixtures; never linked into healthd.
//   HealthBench         the benchmarks (ingest, query, import, scale) and their generators; not in healthd.
//   healthd-bench       the thin benchmark executable: swift run -c release healthd-bench <kind>.
//   HTTPTransportTests  parser, framing, limits, reactor, sockets, shutdown.
//   SQLiteStoreTests    connections, pool, transactions, migrations, WAL syncing.
//   HealthStoreTests    the storage boundary (only HealthStore speaks SQL), the module import table, the ingest
//                       entry, failure classes.
//   LockingTests        the lock: exclusion, errors thrown inside.
//   JSONTests           parser, writer, literals, randomised round trips.
//   ArchiveTests        zip reading and writing, zip64, truncation and damage.
//   XMLStreamTests      the pull parser: entities, DOCTYPE, comments, chunk boundaries, truncation.
//   MetricsTests        the exposition format: escaping, ordering, histograms, bounded cardinality, /proc.
//   MQTTTests           remaining length, packet round trips, split reads, the client against a fake broker.
//   WebhooksTests       SHA-256 and HMAC vectors, base64, the Standard Webhooks vector, retry schedules.
//   NotificationsTests  event bodies, the dispatcher against a local HTTP receiver, Home Assistant configs.
//   HealthDomainTests   aggregation, attribution, day keys, validation, zones.
//   HealthFormatsTests  the wire adapters: HealthSave, Health Auto Export, export.xml, observations, native.
//   HealthDemoTests     the demo history: determinism, validity, trips and DST.
//   HealthServiceTests  the companions against a real store: the bell, the feed watcher, publishing.
//   HealthAPITests      routes, auth, ingest, summaries, write intents, OpenAPI, in-process.
//   HealthCLITests      command-line options, tokens, the demo command.
//   HealthBenchTests    benchmark options, tables, generators and miniature ingest and scale runs.
//   EndToEndTests       the healthd binary over real sockets.
// No package dependencies: the toolchain plus the system libsqlite3 and zlib.
let package = Package(
    name: "healthd",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "healthd", targets: ["healthd"]),
    ],
    targets: [
        .systemLibrary(
            name: "CSQLite",
            path: "Sources/CSQLite",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        .systemLibrary(name: "CLinux", path: "Sources/CLinux"),
        .systemLibrary(
            name: "CZlib",
            path: "Sources/CZlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        .target(name: "Archive", dependencies: ["CZlib"]),
        .target(name: "XMLStream"),
        .target(name: "Locking"),
        .target(name: "HTTPTransport", dependencies: ["CLinux", "Locking"]),
        .target(name: "SQLiteStore", dependencies: ["CSQLite", "Locking"]),
        .target(name: "JSON"),
        .target(name: "Metrics", dependencies: ["Locking"]),
        .target(name: "MQTT", dependencies: ["Locking"]),
        .target(name: "Webhooks"),
        .target(name: "Notifications", dependencies: ["JSON", "Webhooks", "MQTT", "Locking"]),
        .target(name: "HealthDomain", dependencies: ["JSON", "Locking"]),
        .target(name: "HealthFormats", dependencies: ["HealthDomain", "JSON"]),
        .target(name: "HealthDemo", dependencies: ["HealthDomain"]),
        .target(name: "HealthStore", dependencies: ["SQLiteStore", "HealthDomain", "JSON", "Locking"]),
        .target(name: "HealthService", dependencies: ["HealthStore", "HealthDomain", "Notifications", "MQTT", "Metrics", "Webhooks", "JSON", "Locking"]),
        // The dashboard's source files are compiled in through the generated
        // DashboardAssets.swift (.ci/embed-dashboard), not shipped as resources.
        .target(name: "HealthAPI", dependencies: ["HTTPTransport", "HealthStore", "HealthService", "JSON", "HealthDomain", "HealthFormats", "Archive", "XMLStream", "Locking", "Notifications"],
                exclude: ["Dashboard/ui"]),
        .target(name: "HealthCLI", dependencies: ["Locking", "HealthAPI", "HealthStore", "HTTPTransport", "SQLiteStore", "JSON", "HealthDomain", "HealthFormats", "HealthDemo", "Archive", "HealthService"]),
        .executableTarget(name: "healthd", dependencies: ["HealthCLI"]),
        .target(name: "HealthTesting", dependencies: ["HTTPTransport", "HealthDomain", "Archive", "Locking"]),
        .target(name: "HealthBench", dependencies: ["HealthCLI", "HealthTesting", "HealthAPI", "HealthStore", "HTTPTransport", "JSON", "HealthDomain", "HealthFormats", "HealthDemo", "Archive", "Locking"]),
        .executableTarget(name: "healthd-bench", dependencies: ["HealthBench"]),
        .testTarget(name: "HTTPTransportTests", dependencies: ["HTTPTransport", "HealthTesting", "Locking"]),
        .testTarget(name: "SQLiteStoreTests", dependencies: ["SQLiteStore", "Locking"]),
        .testTarget(name: "HealthStoreTests", dependencies: ["HealthStore", "SQLiteStore", "HealthDomain", "HealthTesting"]),
        .testTarget(name: "LockingTests", dependencies: ["Locking"]),
        // HealthDomain only for its seeded generator (SplitMix64), which the randomised tests draw from.
        .testTarget(name: "JSONTests", dependencies: ["JSON", "HealthDomain"]),
        .testTarget(name: "ArchiveTests", dependencies: ["Archive"]),
        .testTarget(name: "XMLStreamTests", dependencies: ["XMLStream"]),
        .testTarget(name: "MetricsTests", dependencies: ["Metrics"]),
        .testTarget(name: "MQTTTests", dependencies: ["MQTT", "Locking"]),
        .testTarget(name: "WebhooksTests", dependencies: ["Webhooks"]),
        // HTTPTransport and HealthTesting only for the local webhook receiver the dispatcher delivers to.
        .testTarget(name: "NotificationsTests", dependencies: ["Notifications", "JSON", "Webhooks", "MQTT", "Locking",
                                                               "HTTPTransport", "HealthTesting"]),
        .testTarget(name: "HealthServiceTests", dependencies: ["HealthService", "HealthStore", "Locking", "HealthDomain", "Notifications", "Webhooks",
                                                               "MQTT", "HealthTesting"]),
        .testTarget(name: "HealthDomainTests", dependencies: ["HealthDomain", "JSON", "HealthTesting"]),
        .testTarget(name: "HealthFormatsTests", dependencies: ["HealthFormats", "HealthDomain", "JSON", "HealthTesting"]),
        .testTarget(name: "HealthDemoTests", dependencies: ["HealthDemo", "HealthDomain", "HealthFormats", "HealthTesting"]),
        .testTarget(name: "HealthAPITests", dependencies: ["HealthAPI", "HTTPTransport", "HealthStore", "HealthDomain", "HealthFormats", "SQLiteStore", "JSON", "HealthDemo", "HealthTesting", "Locking"]),
        .testTarget(name: "HealthCLITests", dependencies: ["HealthCLI", "HealthAPI", "HealthStore", "HealthService", "SQLiteStore", "HealthDomain", "HealthTesting", "HTTPTransport"]),
        .testTarget(name: "HealthBenchTests", dependencies: ["HealthBench", "HealthCLI", "HealthDomain", "HealthFormats", "HealthTesting", "JSON"]),
        .testTarget(name: "EndToEndTests", dependencies: ["HealthDomain", "HealthFormats", "HealthTesting", "Locking"]),
    ],
    swiftLanguageModes: [.v6]
)
