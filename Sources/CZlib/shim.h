#include <zlib.h>

// inflateInit2 and deflateInit2 are macros (they pass the library version and the
// stream's size for an ABI check); Swift imports functions only, so wrap them.
static inline int czlib_inflate_init_raw(z_stream *stream) {
    // Negative window bits: a raw deflate stream without a zlib header, as zip stores it.
    return inflateInit2(stream, -MAX_WBITS);
}

static inline int czlib_deflate_init_raw(z_stream *stream, int level) {
    return deflateInit2(stream, level, Z_DEFLATED, -MAX_WBITS, 8, Z_DEFAULT_STRATEGY);
}
