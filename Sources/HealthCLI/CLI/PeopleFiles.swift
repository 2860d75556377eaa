import HealthAPI
import HealthStore

/// What the commands that act on people's files share: the server database beside
/// `--db` (made, and the `--db` file adopted as the first person, when it is not there
/// yet) and the people a `--person NAME` selects.
enum PeopleFiles {
    /// Opens the server database beside `databasePath`.
    static func server(_ config: ServerConfig) throws -> ServerDatabase {
        try ServerDatabase.open(databasePath: config.databasePath, userID: config.userID, nowMs: AppClock.system.now())
    }

    /// The person `name` names, or everyone when it is nil.
    static func selected(_ name: String?, in server: ServerDatabase) throws -> [Person] {
        guard let name else { return try server.people() }
        guard let person = try server.personSync(named: name) else { throw ServerDatabase.Failure.unknownPerson(name) }
        return [person]
    }

    /// Where one person's copy goes when a command covers several people: `backup.sqlite`
    /// becomes `backup.NAME.sqlite` (a path without an extension gets `-NAME`).
    static func target(_ path: String, for person: Person, several: Bool) -> String {
        guard several else { return path }
        let slash = path.lastIndex(of: "/")
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        if let dot = name.lastIndex(of: "."), dot != name.startIndex {
            let prefix = String(path[..<path.index(path.endIndex, offsetBy: -name.distance(from: dot, to: name.endIndex))])
            return prefix + "." + person.name + String(name[dot...])
        }
        return path + "-" + person.name
    }
}
