// The JSON scanner's fast path, in C: the same state machine as ATKCore's JSONScanner (which
// stays the judge of invalid text, and says why and where), without Swift's per-access checks.
// Measured with callgrind on the bench dump: see Benchmarks/README.md.
#include "atk_json.h"
#include "atk_scan.h"

#include <stddef.h>
#include <string.h>

#define LIKELY(x) __builtin_expect(!!(x), 1)
#define UNLIKELY(x) __builtin_expect(!!(x), 0)

static inline size_t skip_ws(const uint8_t *p, size_t i, size_t n) {
    while (i < n) {
        uint8_t c = p[i];
        if (c > 0x20 || (c != 0x20 && c != 0x09 && c != 0x0A && c != 0x0D)) break;
        i++;
    }
    return i;
}

static inline int is_digit(uint8_t c) { return (uint8_t)(c - '0') < 10; }

static inline int is_hex(uint8_t c) {
    return (uint8_t)(c - '0') < 10 || (uint8_t)((c | 0x20) - 'a') < 6;
}

static inline int is_special(uint8_t c) { return c == '"' || c == '\\' || c < 0x20; }

// A container's member count as the tape stores it: saturated, so that once it reaches
// ATK_COUNT_SATURATED it stays there when it is read back and counted on.
static inline uint16_t stored_count(uint32_t members) {
    return members < ATK_COUNT_SATURATED ? (uint16_t)members : (uint16_t)ATK_COUNT_SATURATED;
}

// Appends an entry to the tape; false when the tape is full.
static inline __attribute__((always_inline)) int push(atk_tape_entry *tape, uint32_t *count, uint32_t capacity,
                                                       uint8_t kind, uint8_t flags, size_t start, size_t end) {
    uint32_t c = *count;
    if (UNLIKELY(c == capacity)) return 0;
    atk_tape_entry *e = tape + c;
    e->kind = kind;
    e->flags = flags;
    e->start = (uint32_t)start;
    e->end = (uint32_t)end;
    e->next = c + 1;
    e->count = 0;
    *count = c + 1;
    return 1;
}

#define APPEND(KIND, FLAGS, START, END)                                                                  \
    do {                                                                                                 \
        if (UNLIKELY(!push(tape, &c, capacity, (KIND), (FLAGS), (START), (END)))) return ATK_SCAN_TAPE_FULL; \
    } while (0)

// Scans the string whose opening quote is at *pi onto the tape; leaves *pi after its closing
// quote, and sets *string_flags to ATK_FLAG_UNICODE_ESCAPE when the string has a \u escape.
// Sixteen bytes a step to the next quote, backslash or control byte.
static inline __attribute__((always_inline)) int scan_string(const uint8_t *p, size_t n, size_t *pi,
                                                              atk_tape_entry *tape, uint32_t *pc, uint32_t capacity,
                                                              uint8_t *string_flags) {
    size_t i = *pi;
    size_t quote = i;
    uint8_t flags = 0;
    i++;
    for (;;) {
        if (LIKELY(i + 16 <= n)) {
            uint32_t special = atk_string_specials16(p + i);
            if (special == 0) {
                i += 16;
                continue;
            }
            i += (size_t)__builtin_ctz(special);
        } else {
            while (i < n && !is_special(p[i])) i++;
            if (UNLIKELY(i >= n)) return ATK_SCAN_INVALID;
        }
        uint8_t ch = p[i];
        if (LIKELY(ch == '"')) break;
        if (ch != '\\') return ATK_SCAN_INVALID;
        flags |= ATK_FLAG_ESCAPED;
        if (UNLIKELY(i + 1 >= n)) return ATK_SCAN_INVALID;
        uint8_t e = p[i + 1];
        if (e == '"' || e == '\\' || e == '/' || e == 'b' || e == 'f' || e == 'n' || e == 'r' || e == 't') {
            i += 2;
        } else if (e == 'u') {
            if (i + 6 > n || !is_hex(p[i + 2]) || !is_hex(p[i + 3]) || !is_hex(p[i + 4]) || !is_hex(p[i + 5]))
                return ATK_SCAN_INVALID;
            flags |= ATK_FLAG_UNICODE_ESCAPE;
            *string_flags = ATK_FLAG_UNICODE_ESCAPE;
            i += 6;
        } else {
            return ATK_SCAN_INVALID;
        }
    }
    if (UNLIKELY(!push(tape, pc, capacity, ATK_KIND_STRING, flags, quote + 1, i))) return ATK_SCAN_TAPE_FULL;
    *pi = i + 1;
    return ATK_SCAN_OK;
}

// The innermost open container's tape index, member count and kind live in registers (a value
// adds to the count without a load and a store); an enclosing container's count waits in its tape
// entry while a nested one is open.
int atk_json_scan(const uint8_t *p, size_t n, atk_tape_entry *tape, uint32_t capacity, uint32_t *count,
                  uint32_t *stack, uint32_t stack_capacity, uint8_t *string_flags) {
    size_t i = 0;
    uint32_t c = 0;
    uint32_t depth = 0;
    uint32_t open = 0;    // tape index of the innermost open container (when depth > 0)
    uint32_t members = 0; // its values so far
    int object = 0;       // whether it is an object
    uint8_t ch;
    *string_flags = 0;
    if (n == 0) return ATK_SCAN_INVALID;

value:
    if (UNLIKELY(i >= n)) return ATK_SCAN_INVALID;
    ch = p[i];
    if (UNLIKELY(ch <= 0x20)) {
        i = skip_ws(p, i, n);
        if (UNLIKELY(i >= n)) return ATK_SCAN_INVALID;
        ch = p[i];
    }
    if (ch == '"') goto string;
    if (ch == '{' || ch == '[') {
        if (UNLIKELY(depth == stack_capacity)) return ATK_SCAN_STACK_FULL;
        int opens_object = ch == '{';
        APPEND(opens_object ? ATK_KIND_OBJECT : ATK_KIND_ARRAY, 0, i, i);
        if (depth > 0) tape[open].count = stored_count(members);
        open = c - 1;
        members = 0;
        object = opens_object;
        stack[depth++] = open;
        i = skip_ws(p, i + 1, n);
        if (UNLIKELY(i >= n)) return ATK_SCAN_INVALID;
        if (p[i] == (object ? '}' : ']')) {
            i++;
            goto close;
        }
        if (object) goto key;
        goto value;
    }
    if (ch == '-' || is_digit(ch)) {
        size_t start = i;
        uint8_t flags = ATK_FLAG_INTEGER;
        if (ch == '-') i++;
        if (UNLIKELY(i >= n)) return ATK_SCAN_INVALID;
        if (p[i] == '0') {
            i++;
        } else if (is_digit(p[i])) {
            i++;
            while (i < n && is_digit(p[i])) i++;
        } else {
            return ATK_SCAN_INVALID;
        }
        if (i < n && p[i] == '.') {
            flags = 0;
            i++;
            if (UNLIKELY(i >= n || !is_digit(p[i]))) return ATK_SCAN_INVALID;
            while (i < n && is_digit(p[i])) i++;
        }
        if (i < n && (p[i] | 0x20) == 'e') {
            flags = 0;
            i++;
            if (i < n && (p[i] == '+' || p[i] == '-')) i++;
            if (UNLIKELY(i >= n || !is_digit(p[i]))) return ATK_SCAN_INVALID;
            while (i < n && is_digit(p[i])) i++;
        }
        APPEND(ATK_KIND_NUMBER, flags, start, i);
        goto after;
    }
    if (ch == 't') {
        if (i + 4 > n || memcmp(p + i, "true", 4) != 0) return ATK_SCAN_INVALID;
        APPEND(ATK_KIND_BOOL, ATK_FLAG_TRUE, i, i + 4);
        i += 4;
        goto after;
    }
    if (ch == 'f') {
        if (i + 5 > n || memcmp(p + i, "false", 5) != 0) return ATK_SCAN_INVALID;
        APPEND(ATK_KIND_BOOL, 0, i, i + 5);
        i += 5;
        goto after;
    }
    if (ch == 'n') {
        if (i + 4 > n || memcmp(p + i, "null", 4) != 0) return ATK_SCAN_INVALID;
        APPEND(ATK_KIND_NULL, 0, i, i + 4);
        i += 4;
        goto after;
    }
    return ATK_SCAN_INVALID;

key:
    if (UNLIKELY(i >= n)) return ATK_SCAN_INVALID;
    if (UNLIKELY(p[i] != '"')) {
        i = skip_ws(p, i, n);
        if (UNLIKELY(i >= n || p[i] != '"')) return ATK_SCAN_INVALID;
    }
    {
        int status = scan_string(p, n, &i, tape, &c, capacity, string_flags);
        if (UNLIKELY(status != ATK_SCAN_OK)) return status;
    }
    if (LIKELY(i < n && p[i] == ':')) {
        i++;
    } else {
        i = skip_ws(p, i, n);
        if (UNLIKELY(i >= n || p[i] != ':')) return ATK_SCAN_INVALID;
        i++;
    }
    goto value;

string: {
    int status = scan_string(p, n, &i, tape, &c, capacity, string_flags);
    if (UNLIKELY(status != ATK_SCAN_OK)) return status;
    goto after;
}

close:
    tape[open].end = (uint32_t)i;
    tape[open].next = c;
    tape[open].count = stored_count(members);
    if (--depth > 0) {
        open = stack[depth - 1];
        members = tape[open].count;
        object = tape[open].kind == ATK_KIND_OBJECT;
    }

after:
    if (UNLIKELY(depth == 0)) {
        i = skip_ws(p, i, n);
        if (i != n) return ATK_SCAN_INVALID;
        *count = c;
        return ATK_SCAN_OK;
    }
    members++;
    if (UNLIKELY(i >= n)) return ATK_SCAN_INVALID;
    ch = p[i];
    if (UNLIKELY(ch <= 0x20)) {
        i = skip_ws(p, i, n);
        if (UNLIKELY(i >= n)) return ATK_SCAN_INVALID;
        ch = p[i];
    }
    if (ch == ',') {
        i++;
        if (object) goto key;
        goto value;
    }
    if (ch == (object ? '}' : ']')) {
        i++;
        goto close;
    }
    return ATK_SCAN_INVALID;
}

void atk_tape_entry_layout(size_t out[5]) {
    out[0] = sizeof(atk_tape_entry);
    out[1] = offsetof(atk_tape_entry, start);
    out[2] = offsetof(atk_tape_entry, end);
    out[3] = offsetof(atk_tape_entry, next);
    out[4] = offsetof(atk_tape_entry, count);
}
