#ifndef ATK_CISAL_SHIM_H
#define ATK_CISAL_SHIM_H

// ISA-L's igzip inflater, for reading gzip dumps fast (Debian: libisal-dev).
#include <isa-l/igzip_lib.h>

#endif
