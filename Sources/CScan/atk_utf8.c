// UTF-8 validation 32 bytes a step (AVX2), after John Keiser and Daniel Lemire, "Validating
// UTF-8 in less than one instruction per byte" (Software: Practice and Experience, 2021): each
// byte and the one before it are classified by three 16-entry tables of error bits (the high
// nibble of the previous byte, its low nibble, the high nibble of this byte); a bit that
// survives the AND of the three is an error, except the "two continuations" bit, which is
// expected exactly where the byte two or three back is a 3- or 4-byte lead. Blocks of ASCII
// cost a load and a test.
//
// Only x86-64 has it (chosen at run time: AVX2 and the operating system's saving of its
// registers); elsewhere atk_utf8_valid answers 0 and ATKCore's scalar loop decides.
#include "atk_scan.h"

#include <string.h>

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#include <cpuid.h>
#include <immintrin.h>

// The error bits (a bit of the tables' AND that is set means an error, TWO_CONTS aside).
enum {
    TOO_SHORT = 1 << 0,      // a lead byte not followed by a continuation byte
    TOO_LONG = 1 << 1,       // a continuation byte after ASCII
    OVERLONG_3 = 1 << 2,     // E0 80-9F
    TOO_LARGE = 1 << 3,      // F4 90-BF, or a lead F5-FF
    SURROGATE = 1 << 4,      // ED A0-BF
    OVERLONG_2 = 1 << 5,     // C0-C1 and a continuation
    TOO_LARGE_1000 = 1 << 6, // F5-FF 80-8F
    OVERLONG_4 = 1 << 6,     // F0 80-8F
    TWO_CONTS = 1 << 7,      // two continuation bytes in a row
    CARRY = TOO_SHORT | TOO_LONG | TWO_CONTS,
};

// A 16-entry table in both 128-bit lanes (a byte shuffle looks up within its lane).
#define TABLE(a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p)                                                  \
    _mm256_setr_epi8((char)(a), (char)(b), (char)(c), (char)(d), (char)(e), (char)(f), (char)(g), (char)(h),     \
                     (char)(i), (char)(j), (char)(k), (char)(l), (char)(m), (char)(n), (char)(o), (char)(p),     \
                     (char)(a), (char)(b), (char)(c), (char)(d), (char)(e), (char)(f), (char)(g), (char)(h),     \
                     (char)(i), (char)(j), (char)(k), (char)(l), (char)(m), (char)(n), (char)(o), (char)(p))

__attribute__((target("avx2"))) static inline __m256i high_nibbles(__m256i v) {
    return _mm256_and_si256(_mm256_srli_epi16(v, 4), _mm256_set1_epi8(0x0F));
}

// The 32 bytes that end `shift` bytes before each byte of `input` (1 to 3), taking the first
// ones from the end of `previous`.
#define PREVIOUS(input, previous, shift)                                                                      \
    _mm256_alignr_epi8((input), _mm256_permute2x128_si256((previous), (input), 0x21), 16 - (shift))

// The error bits of one block of 32 bytes, `previous` being the block before it (zeros at the
// start: ASCII).
__attribute__((target("avx2"))) static inline __m256i block_errors(__m256i input, __m256i previous) {
    const __m256i byte_1_high_table =
        TABLE(TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG, // 0_______
              TWO_CONTS, TWO_CONTS, TWO_CONTS, TWO_CONTS,                                     // 10______
              TOO_SHORT | OVERLONG_2,                                                         // 1100____
              TOO_SHORT,                                                                      // 1101____
              TOO_SHORT | OVERLONG_3 | SURROGATE,                                             // 1110____
              TOO_SHORT | TOO_LARGE | TOO_LARGE_1000 | OVERLONG_4);                           // 1111____
    const __m256i byte_1_low_table =
        TABLE(CARRY | OVERLONG_3 | OVERLONG_2 | OVERLONG_4,         // ____0000
              CARRY | OVERLONG_2,                                   // ____0001
              CARRY, CARRY,                                         // ____001_
              CARRY | TOO_LARGE,                                    // ____0100
              CARRY | TOO_LARGE | TOO_LARGE_1000,                   // ____0101
              CARRY | TOO_LARGE | TOO_LARGE_1000,                   // ____0110
              CARRY | TOO_LARGE | TOO_LARGE_1000,                   // ____0111
              CARRY | TOO_LARGE | TOO_LARGE_1000,                   // ____1000
              CARRY | TOO_LARGE | TOO_LARGE_1000,                   // ____1001
              CARRY | TOO_LARGE | TOO_LARGE_1000,                   // ____1010
              CARRY | TOO_LARGE | TOO_LARGE_1000,                   // ____1011
              CARRY | TOO_LARGE | TOO_LARGE_1000,                   // ____1100
              CARRY | TOO_LARGE | TOO_LARGE_1000 | SURROGATE,       // ____1101
              CARRY | TOO_LARGE | TOO_LARGE_1000,                   // ____1110
              CARRY | TOO_LARGE | TOO_LARGE_1000);                  // ____1111
    const __m256i byte_2_high_table =
        TABLE(TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT, // 0_______
              TOO_LONG | OVERLONG_2 | TWO_CONTS | OVERLONG_3 | TOO_LARGE_1000 | OVERLONG_4,          // 1000____
              TOO_LONG | OVERLONG_2 | TWO_CONTS | OVERLONG_3 | TOO_LARGE,                            // 1001____
              TOO_LONG | OVERLONG_2 | TWO_CONTS | SURROGATE | TOO_LARGE,                             // 1010____
              TOO_LONG | OVERLONG_2 | TWO_CONTS | SURROGATE | TOO_LARGE,                             // 1011____
              TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT);                                           // 11______
    __m256i prev1 = PREVIOUS(input, previous, 1);
    __m256i special = _mm256_and_si256(
        _mm256_and_si256(_mm256_shuffle_epi8(byte_1_high_table, high_nibbles(prev1)),
                         _mm256_shuffle_epi8(byte_1_low_table, _mm256_and_si256(prev1, _mm256_set1_epi8(0x0F)))),
        _mm256_shuffle_epi8(byte_2_high_table, high_nibbles(input)));
    // A third byte (two after a lead E0-EF) or fourth byte (three after F0-FF) must be a
    // continuation: its TWO_CONTS bit is then expected, and an error anywhere else.
    __m256i third = _mm256_subs_epu8(PREVIOUS(input, previous, 2), _mm256_set1_epi8((char)(0xE0 - 0x80)));
    __m256i fourth = _mm256_subs_epu8(PREVIOUS(input, previous, 3), _mm256_set1_epi8((char)(0xF0 - 0x80)));
    __m256i expected = _mm256_and_si256(_mm256_or_si256(third, fourth), _mm256_set1_epi8((char)0x80));
    return _mm256_xor_si256(expected, special);
}

// Non-zero where the block's last three bytes start a sequence it does not finish.
__attribute__((target("avx2"))) static inline __m256i unfinished(__m256i input) {
    const __m256i limits = _mm256_setr_epi8(
        (char)0xFF, (char)0xFF, (char)0xFF, (char)0xFF, (char)0xFF, (char)0xFF, (char)0xFF, (char)0xFF, (char)0xFF,
        (char)0xFF, (char)0xFF, (char)0xFF, (char)0xFF, (char)0xFF, (char)0xFF, (char)0xFF, (char)0xFF, (char)0xFF,
        (char)0xFF, (char)0xFF, (char)0xFF, (char)0xFF, (char)0xFF, (char)0xFF, (char)0xFF, (char)0xFF, (char)0xFF,
        (char)0xFF, (char)0xFF, (char)(0xF0 - 1), (char)(0xE0 - 1), (char)(0xC0 - 1));
    return _mm256_subs_epu8(input, limits);
}

__attribute__((target("avx2"))) static int valid_avx2(const uint8_t *p, size_t n) {
    __m256i errors = _mm256_setzero_si256();
    __m256i previous = _mm256_setzero_si256(); // the block before (zeros: ASCII, as at the start)
    __m256i pending = _mm256_setzero_si256();  // its unfinished sequence
    size_t i = 0;
    // 64 bytes a step: ASCII, most of a dump, costs two loads and one test. Zeros stand for an
    // ASCII block before the next one: every ASCII byte classifies the same.
    for (; i + 64 <= n; i += 64) {
        __m256i a = _mm256_loadu_si256((const __m256i *)(p + i));
        __m256i b = _mm256_loadu_si256((const __m256i *)(p + i + 32));
        if (_mm256_movemask_epi8(_mm256_or_si256(a, b)) == 0) {
            errors = _mm256_or_si256(errors, pending);
            pending = _mm256_setzero_si256();
            previous = _mm256_setzero_si256();
            continue;
        }
        errors = _mm256_or_si256(errors, _mm256_or_si256(block_errors(a, previous), block_errors(b, a)));
        pending = unfinished(b);
        previous = b;
    }
    if (i < n && n >= 96) {
        // The last 64 bytes again, overlapping those checked, with the 32 before them: a byte
        // checked twice against the bytes truly before it says the same both times.
        __m256i before = _mm256_loadu_si256((const __m256i *)(p + n - 96));
        __m256i a = _mm256_loadu_si256((const __m256i *)(p + n - 64));
        __m256i b = _mm256_loadu_si256((const __m256i *)(p + n - 32));
        if (_mm256_movemask_epi8(_mm256_or_si256(a, b)) == 0) {
            errors = _mm256_or_si256(errors, pending);
            pending = _mm256_setzero_si256();
        } else {
            errors = _mm256_or_si256(errors, _mm256_or_si256(block_errors(a, before), block_errors(b, a)));
            pending = unfinished(b);
        }
    } else if (i < n) {
        // A short buffer's last 1 to 63 bytes, then ASCII zeros: a sequence cut by the end meets them.
        uint8_t tail[64] = {0};
        memcpy(tail, p + i, n - i);
        __m256i a = _mm256_loadu_si256((const __m256i *)tail);
        __m256i b = _mm256_loadu_si256((const __m256i *)(tail + 32));
        errors = _mm256_or_si256(errors, _mm256_or_si256(block_errors(a, previous), block_errors(b, a)));
        pending = unfinished(b);
    }
    errors = _mm256_or_si256(errors, pending);
    return _mm256_testz_si256(errors, errors);
}

static int detect_avx2(void) {
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d)) return 0;
    if (!(c & bit_OSXSAVE) || !(c & bit_AVX)) return 0;
    unsigned low, high;
    __asm__ volatile("xgetbv" : "=a"(low), "=d"(high) : "c"(0));
    if ((low & 6) != 6) return 0; // the OS saves XMM and YMM registers
    if (__get_cpuid_max(0, 0) < 7) return 0;
    __cpuid_count(7, 0, a, b, c, d);
    return (b & bit_AVX2) != 0;
}

int atk_utf8_vector_check(void) {
    // -1: not asked yet. Threads that race here compute the same answer.
    static int known = -1;
    int answer = __atomic_load_n(&known, __ATOMIC_RELAXED);
    if (answer < 0) {
        answer = detect_avx2();
        __atomic_store_n(&known, answer, __ATOMIC_RELAXED);
    }
    return answer;
}

int atk_utf8_valid(const uint8_t *p, size_t n) {
    if (!atk_utf8_vector_check()) return 0;
    return valid_avx2(p, n);
}

#else

int atk_utf8_vector_check(void) { return 0; }

int atk_utf8_valid(const uint8_t *p, size_t n) {
    (void)p;
    (void)n;
    return 0;
}

#endif
