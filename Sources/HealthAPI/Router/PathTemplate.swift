/// A route path such as `/health/write-intents/{externalId}`: literal segments and named
/// parameters that match exactly one non-empty segment.
public struct PathTemplate: Hashable, Sendable, CustomStringConvertible {
    enum Segment: Hashable, Sendable {
        case literal(String)
        case parameter(String)
    }

    public let template: String
    let segments: [Segment]

    public init(_ template: String) {
        self.template = template
        self.segments = template.split(separator: "/", omittingEmptySubsequences: true).map { part in
            if part.hasPrefix("{"), part.hasSuffix("}") { return .parameter(String(part.dropFirst().dropLast())) }
            return .literal(String(part))
        }
    }

    public var description: String { template }
    public var isStatic: Bool { !segments.contains { if case .parameter = $0 { true } else { false } } }
    public var parameterNames: [String] {
        segments.compactMap { if case .parameter(let name) = $0 { name } else { nil } }
    }

    /// The parameters when `pathSegments` (already percent-decoded) match, else nil.
    func match(_ pathSegments: [String]) -> [String: String]? {
        guard pathSegments.count == segments.count else { return nil }
        var parameters: [String: String] = [:]
        for (segment, value) in zip(segments, pathSegments) {
            switch segment {
            case .literal(let literal): if literal != value { return nil }
            case .parameter(let name):
                if value.isEmpty { return nil }
                parameters[name] = value
            }
        }
        return parameters
    }
}
