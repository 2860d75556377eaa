#if canImport(Glibc)
import Glibc
#endif
import HealthCLI

// The executable is only this: everything it does lives in HealthCLI, where it is tested.
var environment: [String: String] = [:]
var entry = environ
while let pointer = entry.pointee {
    let pair = String(cString: pointer)
    if let eq = pair.firstIndex(of: "=") { environment[String(pair[..<eq])] = String(pair[pair.index(after: eq)...]) }
    entry += 1
}
exit(await CommandLineTool.run(Array(CommandLine.arguments.dropFirst()), environment: environment))
