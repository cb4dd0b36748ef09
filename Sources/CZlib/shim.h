#ifndef ATK_CZLIB_SHIM_H
#define ATK_CZLIB_SHIM_H

#include <zlib.h>

/// `inflateInit2` is a macro, which Swift cannot call; this wraps it.
static inline int atk_inflateInit2(z_streamp strm, int windowBits) {
    return inflateInit2(strm, windowBits);
}

/// `deflateInit2` is a macro, which Swift cannot call; this wraps it.
static inline int atk_deflateInit2(z_streamp strm, int level) {
    return deflateInit2(strm, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY);
}

#endif
