import HTTPTransport
import HealthDomain
import JSON

extension HTTPResponse {
    /// A JSON response with deterministic (sorted-key) output.
    public static func json(_ value: JSONValue, status: HTTPStatus = .ok, pretty: Bool = false) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "application/json", body: JSONWriter.serialize(value, sortedKeys: true, pretty: pretty))
    }
}
