// Plain files read through the page cache without a copy: a window of the file mapped
// read-only, and a SIGBUS handler that keeps a file truncated while mapped (logrotate's
// copytruncate) from crashing the process.
#ifndef ATK_MAP_H
#define ATK_MAP_H

#include <stddef.h>
#include <stdint.h>

/// Maps bytes [offset, offset + length) of `fd` read-only. Returns the address of the byte at `offset` and the window's slot in *slot, or NULL (errno
/// set; no slot taken) when the file cannot be mapped or every slot is in use. length > 0.
///
/// While the window is mapped, a read of a page the file no longer has (it shrank) does not
/// raise SIGBUS: that page and the rest of the window read as zeros, and the window is marked
/// lost (atk_window_unmap says so).
const uint8_t *atk_window_map(int fd, int64_t offset, size_t length, int32_t *slot);

/// One more holder of the window in `slot` (a block that borrows part of it): the window stays
/// mapped until every holder, the one atk_window_map made included, has called atk_window_unmap.
void atk_window_retain(int32_t slot);

/// Lets go of the window in `slot`; the last holder unmaps it and frees the slot. Returns 1 when
/// part of the window was lost so far (read as zeros because the file shrank), 0 otherwise.
int atk_window_unmap(int32_t slot);

/// The offset of the last line feed in p[0..<length], or -1.
ptrdiff_t atk_last_newline(const uint8_t *p, size_t length);

/// Test support: whether `slot` is lost so far, without unmapping it.
int atk_window_lost(int32_t slot);

#endif
