import HTTPTransport
import JSON
import HealthStore

/// The dashboard: `GET /` (the page) and `GET /ui/{file}` (its script and style), served
/// from bytes compiled into the binary. Public, because they hold no data: the page asks
/// for the token and reads everything through the authenticated JSON API.
enum DashboardRoutes {
    /// The policy every dashboard file is served with: only this origin's files, no
    /// inline script or style, no framing, no plugins, no form posts elsewhere.
    static let contentSecurityPolicy = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

    /// The headers every dashboard answer carries, 304s included.
    static let securityHeaders: [(HTTPHeaderName, String)] = [
        (HTTPHeaderName("content-security-policy"), contentSecurityPolicy),
        (HTTPHeaderName("x-frame-options"), "DENY"),
        (HTTPHeaderName("referrer-policy"), "no-referrer"),
        (HTTPHeaderName("x-content-type-options"), "nosniff"),
        (HTTPHeaderName("cross-origin-opener-policy"), "same-origin"),
    ]

    static let fileParameter = Operation.Parameter("file", in: .path, required: true,
                                                   description: "The asset's file name: `app.js` or `app.css`.",
                                                   schema: ["type": "string", "enum": .array(DashboardAssets.files.keys.sorted().filter { $0 != "index.html" }.map { .string($0) })])
    static let ifNoneMatch = Operation.Parameter("If-None-Match", in: .header,
                                                 description: "The `ETag` of a copy the browser holds; when it is current the answer is 304 without a body. Any other value gets the file.",
                                                 schema: ["type": "string"])
    static let headers = [
        "ETag": "The file's strong validator (a hash of its bytes).",
        "Content-Security-Policy": "`default-src 'self'`, no inline script, `frame-ancestors 'none'`.",
        "X-Frame-Options": "`DENY`.",
        "Referrer-Policy": "`no-referrer`.",
        "X-Content-Type-Options": "`nosniff`.",
    ]

    static func routes() -> [Route] {
        [
            Route(.get, "/", public: true,
                  operation: Operation(
                    id: "getDashboard", summary: "The dashboard page",
                    description: """
                    Public: the HTML page of the dashboard (today with readiness, trends with baseline bands and anomalies, records, sleep, workouts, sync, write intents). It holds no \
                    data: it asks for the bearer token once, keeps it in the tab's `sessionStorage`, and reads the JSON routes \
                    with it. Served with a strict Content-Security-Policy and an `ETag` (304 on `If-None-Match`).
                    """,
                    tags: ["dashboard"], parameters: [ifNoneMatch],
                    responses: [
                        200: Operation.Response("The page.", schema: ["type": "string"], contentType: "text/html", headers: headers),
                        304: Operation.Response("The copy named by `If-None-Match` is current.", contentType: "text/html", headers: headers),
                    ])) { context in
                try context.query.rejectUnknown(allowed: [])
                return serve("index.html", context.request)
            },
            Route(.get, "/ui/{file}", public: true,
                  operation: Operation(
                    id: "getDashboardAsset", summary: "A file of the dashboard (script or style)",
                    description: "Public: the dashboard's script or style sheet, compiled into the binary. `ETag` and `Cache-Control: no-cache`: the browser revalidates and gets 304 while its copy is current.",
                    tags: ["dashboard"], parameters: [fileParameter, ifNoneMatch],
                    responses: [
                        200: Operation.Response("The file.", schema: ["type": "string"], contentType: "text/javascript",
                                                headers: headers, alternatives: ["text/css": ["type": "string"]]),
                        304: Operation.Response("The copy named by `If-None-Match` is current.", contentType: "text/javascript", headers: headers),
                        400: Operation.Response("A query parameter was given.", schema: Schemas.ref("Error")),
                        404: Operation.Response("No dashboard file has this name.", schema: Schemas.ref("Error")),
                    ])) { context in
                try context.query.rejectUnknown(allowed: [])
                let name = context.pathParameters["file"] ?? ""
                guard name != "index.html", DashboardAssets.files[name] != nil else {
                    throw APIError.notFound("no dashboard file is named '\(name.prefix(64))'", details: ["file": .string(String(name.prefix(64)))])
                }
                return serve(name, context.request)
            },
        ]
    }

    /// The file's answer: 304 when `If-None-Match` names its ETag (or `*`), else the bytes.
    static func serve(_ name: String, _ request: HTTPRequest) -> HTTPResponse {
        let asset = DashboardAssets.files[name]!
        var response: HTTPResponse
        if let presented = request.headers[HTTPHeaderName("if-none-match")], matches(presented, asset.etag) {
            response = HTTPResponse(status: .notModified)
        } else {
            response = HTTPResponse(status: .ok, contentType: asset.contentType, body: asset.bytes)
        }
        response.headers.replaceOrAdd(name: HTTPHeaderName("etag"), value: asset.etag)
        // Revalidate every time: the ETag makes that a 304, and a new binary's page is never stale.
        response.headers.replaceOrAdd(name: .cacheControl, value: "no-cache")
        for (header, value) in securityHeaders { response.headers.replaceOrAdd(name: header, value: value) }
        return response
    }

    /// RFC 9110 §13.1.2: a list of entity tags (weak ones compare weakly), or `*`.
    static func matches(_ header: String, _ etag: String) -> Bool {
        for item in header.split(separator: ",") {
            var tag = item.trimmingCharacters(in: .whitespaces)
            if tag == "*" { return true }
            if tag.hasPrefix("W/") { tag = String(tag.dropFirst(2)) }
            if tag == etag { return true }
        }
        return false
    }
}

/// One embedded dashboard file.
struct DashboardAsset: Sendable {
    let contentType: String
    let bytes: [UInt8]
    /// A strong validator: the first 16 bytes of the SHA-256 of the content, hex, quoted.
    let etag: String

    init(contentType: String, text: String) {
        self.contentType = contentType
        self.bytes = Array(text.utf8)
        self.etag = "\"" + String(SHA256.hex(bytes).prefix(32)) + "\""
    }
}
