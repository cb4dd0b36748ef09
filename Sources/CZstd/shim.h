#ifndef ATK_CZSTD_SHIM_H
#define ATK_CZSTD_SHIM_H

// libzstd's streaming decoder, for zstd-compressed dumps (Debian: libzstd-dev).
#include <zstd.h>

#endif
