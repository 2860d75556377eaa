import CZlib

/// A raw-deflate decompressor (RFC 1951) over the system zlib. The `z_stream` is heap
/// allocated because zlib keeps a pointer back to it (`strm->state->strm`): it must not
/// move, which a Swift struct member could.
final class Inflater {
    private let stream: UnsafeMutablePointer<z_stream>
    /// Whether the deflate stream's last block has been decoded.
    private(set) var finished = false

    init() throws {
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        guard czlib_inflate_init_raw(stream) == Z_OK else {
            stream.deallocate()
            throw ArchiveError(.io, "zlib could not start a decompressor")
        }
    }

    deinit {
        inflateEnd(stream)
        stream.deallocate()
    }

    /// Decompresses from `input` into `output`; returns (input bytes consumed, output bytes written).
    func inflate(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) throws -> (consumed: Int, produced: Int) {
        stream.pointee.next_in = UnsafeMutablePointer(mutating: input.baseAddress?.assumingMemoryBound(to: Bytef.self))
        stream.pointee.avail_in = uInt(input.count)
        stream.pointee.next_out = output.baseAddress?.assumingMemoryBound(to: Bytef.self)
        stream.pointee.avail_out = uInt(output.count)
        let status = CZlib.inflate(stream, Z_NO_FLUSH)
        let consumed = input.count - Int(stream.pointee.avail_in)
        let produced = output.count - Int(stream.pointee.avail_out)
        switch status {
        case Z_STREAM_END: finished = true
        case Z_OK, Z_BUF_ERROR: break
        default:
            let reason = stream.pointee.msg.map { String(cString: $0) } ?? "code \(status)"
            throw ArchiveError(.corrupt, "the compressed data is damaged (\(reason))")
        }
        return (consumed, produced)
    }
}
