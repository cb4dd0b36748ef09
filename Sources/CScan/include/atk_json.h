// The JSON scanner's fast path: one JSON text onto a tape, in C (see atk_json.c).
#ifndef ATK_JSON_H
#define ATK_JSON_H

#include <stddef.h>
#include <stdint.h>

/// One value on the tape; the same layout as Swift's `TapeEntry` (ATKCore/JSON/JSONTape.swift),
/// which a test checks field by field.
typedef struct {
    uint8_t kind;   // ATK_KIND_*: the in-memory tag of Swift's JSONKind
    uint8_t flags;  // ATK_FLAG_*
    uint16_t count; // members or elements, saturated at ATK_COUNT_SATURATED
    uint32_t start;
    uint32_t end;
    uint32_t next;
} atk_tape_entry;

/// The stored count of a container with 65,535 members or more (the reader counts them).
#define ATK_COUNT_SATURATED 0xFFFFu

enum {
    ATK_KIND_NULL = 0,
    ATK_KIND_BOOL = 1,
    ATK_KIND_NUMBER = 2,
    ATK_KIND_STRING = 3,
    ATK_KIND_ARRAY = 4,
    ATK_KIND_OBJECT = 5,
};

enum {
    ATK_FLAG_ESCAPED = 1,
    ATK_FLAG_INTEGER = 2,
    ATK_FLAG_TRUE = 4,
    ATK_FLAG_UNICODE_ESCAPE = 16,
};

/// What `atk_json_scan` did.
enum {
    /// The text is valid JSON; the tape holds it.
    ATK_SCAN_OK = 0,
    /// The text is not valid JSON (the caller finds out why and where with its own scanner).
    ATK_SCAN_INVALID = 1,
    /// The tape needs more than `capacity` entries: grow it and scan again.
    ATK_SCAN_TAPE_FULL = 2,
    /// The nesting is deeper than `stack_capacity`: grow the stack and scan again.
    ATK_SCAN_STACK_FULL = 3,
};

/// Scans the JSON text p[0..<n] (n < 2^32) onto `tape` (at most `capacity` entries), exactly as
/// ATKCore's `JSONScanner` does: the same grammar (RFC 8259; bytes above 0x7F in strings are
/// not checked), the same entries and flags. Sets `*count` and `*string_flags` (the union of
/// the strings' ATK_FLAG_UNICODE_ESCAPE) on success.
int atk_json_scan(const uint8_t *p, size_t n, atk_tape_entry *tape, uint32_t capacity, uint32_t *count,
                  uint32_t *stack, uint32_t stack_capacity, uint8_t *string_flags);

/// sizeof and offsetof of atk_tape_entry, for the layout test: size, start, end, next, count.
void atk_tape_entry_layout(size_t out[5]);

#endif
