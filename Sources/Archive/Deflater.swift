import CZlib

/// A raw-deflate compressor (RFC 1951) over the system zlib, for writing zip entries.
/// Heap-allocated stream for the same reason as ``Inflater``.
final class Deflater {
    private let stream: UnsafeMutablePointer<z_stream>

    init(level: Int32 = 6) throws {
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        guard czlib_deflate_init_raw(stream, level) == Z_OK else {
            stream.deallocate()
            throw ArchiveError(.io, "zlib could not start a compressor")
        }
    }

    deinit {
        deflateEnd(stream)
        stream.deallocate()
    }

    /// Compresses `input` (all of it), appending output to `out`; `finish` ends the stream.
    func deflate(_ input: UnsafeRawBufferPointer, finish: Bool, into out: inout [UInt8]) {
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        stream.pointee.next_in = UnsafeMutablePointer(mutating: input.baseAddress?.assumingMemoryBound(to: Bytef.self))
        stream.pointee.avail_in = uInt(input.count)
        while true {
            let (status, produced) = chunk.withUnsafeMutableBytes { raw -> (Int32, Int) in
                stream.pointee.next_out = raw.baseAddress?.assumingMemoryBound(to: Bytef.self)
                stream.pointee.avail_out = uInt(raw.count)
                let status = CZlib.deflate(stream, finish ? Z_FINISH : Z_NO_FLUSH)
                return (status, raw.count - Int(stream.pointee.avail_out))
            }
            out.append(contentsOf: chunk[0..<produced])
            if finish ? status == Z_STREAM_END : (stream.pointee.avail_in == 0 && produced < chunk.count) { return }
        }
    }
}
