import Foundation
import Archive

/// The zip reader: the input is an archive on disk; every entry is read to its end (at
/// most 16 MiB in all). Damage must surface as `ArchiveError`, never as a crash or a hang.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let path = ProcessInfo.processInfo.environment["FUZZ_SCRATCH", default: "/tmp"] + "/fuzz-\(getpid()).zip"
    FileManager.default.createFile(atPath: path, contents: Data(bytes: data, count: size))
    defer { unlink(path) }
    do {
        let archive = try ZipArchive(path: path)
        var budget = 16 << 20
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 << 10, alignment: 8)
        defer { buffer.deallocate() }
        for entry in archive.entries where budget > 0 {
            let reader = try archive.reader(for: entry)
            while budget > 0 {
                let count = try reader.read(into: buffer)
                if count == 0 { break }
                budget -= count
            }
        }
    } catch is ArchiveError {
    } catch {
        fatalError("the zip reader threw \(type(of: error)): \(error)")
    }
    return 0
}
