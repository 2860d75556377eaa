#if canImport(Glibc)
import Glibc
#endif
import HealthStore

/// Where the bearer token comes from, in order: `PRIVATE_API_BEARER_TOKEN`, then
/// `--token-file`, then a token generated on first start and kept beside the database.
public enum TokenProvider {
    public struct Resolved: Sendable, Equatable {
        public enum Origin: Sendable, Equatable {
            case environment
            case file(String)
            case generated(String)
            case existingGenerated(String)
        }
        public var token: String
        public var origin: Origin
    }

    public struct TokenError: Error, CustomStringConvertible {
        public var description: String
    }

    /// The file a generated token lives in for a database path.
    public static func generatedTokenPath(forDatabase databasePath: String) -> String {
        let directory = databasePath.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        return (directory.isEmpty ? (databasePath.hasPrefix("/") ? "" : ".") : directory) + "/healthd.token"
    }

    public static func resolve(environment: [String: String], tokenFile: String?, databasePath: String) throws -> Resolved {
        if let token = environment["PRIVATE_API_BEARER_TOKEN"], !token.isEmpty {
            try validate(token, origin: "PRIVATE_API_BEARER_TOKEN")
            return Resolved(token: token, origin: .environment)
        }
        if let tokenFile {
            guard let contents = readFile(tokenFile) else { throw TokenError(description: "cannot read the token file \(tokenFile)") }
            let token = trimmed(contents)
            try validate(token, origin: tokenFile)
            return Resolved(token: token, origin: .file(tokenFile))
        }
        let path = generatedTokenPath(forDatabase: databasePath)
        if let contents = readFile(path) {
            let token = trimmed(contents)
            try validate(token, origin: path)
            return Resolved(token: token, origin: .existingGenerated(path))
        }
        let token = generate()
        try writeSecret(token + "\n", to: path)
        return Resolved(token: token, origin: .generated(path))
    }

    /// 256 random bits as 64 hex digits, from the system CSPRNG (getrandom(2) on Linux).
    public static func generate() -> String {
        TokenStore.generateSecret()
    }

    static func validate(_ token: String, origin: String) throws {
        guard !token.isEmpty else { throw TokenError(description: "the token from \(origin) is empty") }
        // A token travels in a header: anything outside visible ASCII would be mangled or rejected.
        guard token.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
            throw TokenError(description: "the token from \(origin) must be visible ASCII without spaces")
        }
    }

    static func trimmed(_ s: String) -> String {
        String(s.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }

    package static func readFile(_ path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while bytes.count < 64 * 1024 {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, 4096) }
            if n < 0 { if errno == EINTR { continue }; return nil }
            if n == 0 { break }
            bytes += chunk[0..<n]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Creates the file with mode 0600 atomically (O_EXCL), creating its directory.
    static func writeSecret(_ contents: String, to path: String) throws {
        let directory = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        if !directory.isEmpty { makeDirectories(directory) }
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw TokenError(description: "cannot create \(path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        let bytes = Array(contents.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + offset, bytes.count - offset) }
            if n < 0 { if errno == EINTR { continue }; throw TokenError(description: "cannot write \(path)") }
            offset += n
        }
        fsync(fd)
    }

    /// `mkdir -p` with mode 0700: the directory holds health data and the token.
    public static func makeDirectories(_ path: String) {
        StoreOpener.makeDirectories(path)
    }
}
