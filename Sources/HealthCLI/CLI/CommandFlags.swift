/// Takes a command's own flags out of its arguments and leaves the rest (the serve
/// options every command shares, such as `--db`) for `ServeOptions.parse`.
struct CommandFlags {
    /// The values of the flags that take one, by flag.
    var values: [String: String] = [:]
    /// The switches given.
    var switches: Set<String> = []
    /// Everything else, in order.
    var rest: [String] = []

    /// The serve options that take no value.
    static let serveSwitches: Set<String> = ["--trust-forwarded-for", "--quiet"]

    init(_ arguments: [String], values valueFlags: Set<String>, switches switchFlags: Set<String>) throws {
        var reader = ArgumentReader(arguments)
        while let flag = reader.nextFlag() {
            if valueFlags.contains(flag) {
                values[flag] = try reader.value()
            } else if switchFlags.contains(flag) {
                switches.insert(flag)
            } else {
                rest.append(flag)
                // A shared option's value travels with it (as --flag=value, which parse reads).
                if flag.hasPrefix("--"), !Self.serveSwitches.contains(flag) {
                    rest[rest.count - 1] = flag + "=" + (try reader.value())
                }
            }
        }
    }
}
