// Everything is in include/atk_scan.h (static inline, inlined into Swift); a C target needs a
// source file.
#include "atk_scan.h"
