#if canImport(Glibc)
import Glibc
#endif
import HTTPTransport
import HealthDomain
import HealthFormats
import JSON
import HealthStore

/// `POST /health/import` (an Apple Health export uploaded as the body, streamed to disk)
/// and `GET /health/import/{id}` (the import's progress, then its report). The import
/// runs in the background through the same adapter, rules and store as `healthd import`.
enum ImportRoutes {
    static let error = Schemas.ref("Error")
    static let accepted = ["application/zip", "application/x-zip-compressed", "application/xml", "text/xml", "application/octet-stream"]

    static func routes() -> [Route] {
        [
            Route(.post, "/health/import", scope: .ingest,
                  operation: Operation(
                    id: "importAppleHealthExport", summary: "Import an Apple Health export",
                    description: """
                    The body is the export as the Health app shares it (`export.zip`, `Content-Type: application/zip`) or its `export.xml` \
                    (`application/xml`; a bare XML file has no workout routes). It is streamed to a file beside the database — any size up to \
                    the server's import limit (8 GiB by default), never held in memory — and imported in the background: records, correlations, \
                    workouts with their routes, activity summaries and the Me characteristics, through the same rules as every other format. \
                    Samples already stored (synced by an app, or a previous import) stay `unchanged`; an import cut off is completed by uploading \
                    the file again. The answer is 202 with the job; poll `GET /health/import/{id}` (the `Location` header) for progress and the report.
                    """,
                    tags: ["ingest"],
                    requestBody: Operation.Body(description: "The export: a zip archive or the XML file.",
                                                schema: ["type": "string", "format": "binary", "minLength": 1],
                                                contentTypes: accepted),
                    responses: [
                        202: Operation.Response("The import started.", schema: Schemas.ref("ImportJob"),
                                                headers: ["Location": "The job's URL, `/health/import/{id}`."]),
                        400: Operation.Response("An empty body, or a query parameter was given.", schema: error),
                        413: Operation.Response("The upload is over the import size limit.", schema: error),
                        415: Operation.Response("The body is neither a zip archive nor XML.", schema: error),
                        507: .storageFull,
                    ])) { context in
                try await start(context)
            },
            Route(.get, "/health/import/{id}", scope: .ingest,
                  operation: Operation(
                    id: "getImportJob", summary: "An import's progress and report",
                    description: "Stage, bytes and records done, records/s and the time left while the import runs; then `status` `done` with the report (records per type, inserted, updated, unchanged, rejected with the first problems, workouts, routes, days touched, elapsed) or `failed` with the error naming where it stopped. Jobs are kept in memory (the latest 50).",
                    tags: ["ingest"],
                    parameters: [.init("id", in: .path, required: true, description: "The job id `POST /health/import` returned.",
                                       schema: ["type": "string", "minLength": 1, "maxLength": 64])],
                    responses: [
                        200: Operation.Response("The job.", schema: Schemas.ref("ImportJob")),
                        400: Operation.Response("A query parameter was given.", schema: error),
                        404: Operation.Response("No job has this id (or the server restarted since).", schema: error),
                    ])) { context in
                try context.query.rejectUnknown(allowed: [])
                let id = context.pathParameters["id"] ?? ""
                guard let job = context.services.imports.job(id) else {
                    throw APIError.notFound("no import job has id '\(id.prefix(64))'", details: ["id": .string(String(id.prefix(64)))])
                }
                return .json(job.json)
            },
        ]
    }

    static func start(_ context: RequestContext) async throws -> HTTPResponse {
        try context.query.rejectUnknown(allowed: [])
        let request = context.request
        if let type = request.headers[.contentType]?.lowercased(), !accepted.contains(where: { type.hasPrefix($0) }) {
            throw APIError(status: .unsupportedMediaType, code: .unsupportedMediaType,
                           message: "the body must be the export as application/zip (export.zip) or application/xml (export.xml), got '\(type.prefix(64))'")
        }
        guard let spooled = request.bodyFile else {
            // Requests reach this route unspooled only in-process (tests): write the body out.
            return try await startFromMemory(context)
        }
        return try startJob(context, moving: spooled)
    }

    /// Takes the spooled upload over (a rename on the same disk) and starts the job.
    static func startJob(_ context: RequestContext, moving spooled: String) throws -> HTTPResponse {
        var info = stat()
        guard stat(spooled, &info) == 0, info.st_size > 0 else {
            throw APIError.invalidParameter("body", "the body is empty; send the export (export.zip or export.xml)", rule: "required")
        }
        let kept = spooled.replacingSuffix(".part", with: ".upload")
        guard rename(spooled, kept) == 0 else {
            throw APIError(status: .serviceUnavailable, code: .serviceUnavailable, message: "the upload could not be kept for import")
        }
        let services = context.services
        let job = services.imports.start(path: kept, bytes: Int64(info.st_size), store: services.store, metrics: services.metrics, nowMs: { services.clock.now() })
        var response = HTTPResponse.json(job.json, status: .accepted)
        response.headers[.location] = "/health/import/\(job.id)"
        return response
    }

    static func startFromMemory(_ context: RequestContext) async throws -> HTTPResponse {
        let directory = context.services.config.importDirectory
        _ = mkdir(directory, 0o700)
        let path = "\(directory)/upload-\(String(UInt64.random(in: 1...UInt64.max), radix: 16)).part"
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw APIError(status: .serviceUnavailable, code: .serviceUnavailable, message: "the upload could not be stored") }
        let body = context.request.body
        let written = body.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        guard written == body.count else {
            unlink(path)
            throw APIError(status: .serviceUnavailable, code: .serviceUnavailable, message: "the upload could not be stored")
        }
        do {
            return try startJob(context, moving: path)
        } catch {
            unlink(path)
            throw error
        }
    }
}

extension String {
    fileprivate func replacingSuffix(_ suffix: String, with replacement: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) + replacement : self + replacement
    }
}
