/// Walks command-line arguments for every `healthd` command: flags as `--flag value`
/// or `--flag=value`, with one usage error for a flag whose value is missing. Public for
/// `healthd-bench`, whose options read the same way.
public struct ArgumentReader {
    private let arguments: [String]
    private var index = 0
    private var inlineValue: String?
    /// The flag last returned by `nextFlag()`.
    public private(set) var flag = ""

    /// A reader over `arguments` (the command's own, without its name).
    public init(_ arguments: [String]) { self.arguments = arguments }

    /// The next flag (without an `=value` part), or nil when none is left.
    public mutating func nextFlag() -> String? {
        guard index < arguments.count else { return nil }
        var argument = arguments[index]
        index += 1
        inlineValue = nil
        if argument.hasPrefix("--"), let eq = argument.firstIndex(of: "=") {
            inlineValue = String(argument[argument.index(after: eq)...])
            argument = String(argument[..<eq])
        }
        flag = argument
        return argument
    }

    /// The value of the current flag: its `=value`, else the next argument.
    public mutating func value() throws -> String {
        if let inline = inlineValue {
            inlineValue = nil
            return inline
        }
        guard index < arguments.count else { throw ServeOptions.UsageError("\(flag) needs a value") }
        index += 1
        return arguments[index - 1]
    }
}
