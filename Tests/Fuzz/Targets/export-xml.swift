import Foundation
@testable import HealthAPI

/// The Apple Health export reader: the input is written as `export.xml` and imported by
/// `AppleHealthImporter` (XMLStream, the export adapter, SampleRules, the store). A bad
/// file must end as an `ImportFailure`; any other error escaping is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let path = AppHarness.directory + "/export.xml"
    FileManager.default.createFile(atPath: path, contents: Data(bytes: data, count: size))
    let importer = AppleHealthImporter(store: AppHarness.app.services.store, now: { 1_775_800_000_000 })
    do {
        _ = try importer.run(path: path)
    } catch is ImportFailure {
    } catch {
        FileHandle.standardError.write(Data("FINDING: the import threw \(type(of: error)): \(error)\n".utf8))
        abort()
    }
    return 0
}
