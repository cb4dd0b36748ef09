// Byte-class scans for the JSON scanner, 16 bytes at a time with the CPU's vector unit.
//
// Swift's SIMD types have no way to turn a vector comparison into a bit mask, which is what
// finding the first byte of a class needs; these static inline functions do it in a few
// instructions (SSE2 on x86-64, NEON on ARM64, a plain loop elsewhere) and are inlined into
// the Swift caller.
#ifndef ATK_SCAN_H
#define ATK_SCAN_H

#include <stddef.h>
#include <stdint.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#elif defined(__ARM_NEON) || defined(__aarch64__)
#include <arm_neon.h>
#endif

/// A bit per byte of p[0..<16] (bit k for p[k]) set where the byte ends a JSON string's plain
/// run: a quote, a backslash, or a control byte (below 0x20). p must have 16 readable bytes.
static inline uint32_t atk_string_specials16(const uint8_t *p) {
#if defined(__SSE2__)
    __m128i v = _mm_loadu_si128((const __m128i *)p);
    __m128i quote = _mm_cmpeq_epi8(v, _mm_set1_epi8('"'));
    __m128i backslash = _mm_cmpeq_epi8(v, _mm_set1_epi8('\\'));
    // v <= 0x1F (unsigned) exactly when max(v, 0x1F) == 0x1F.
    __m128i control = _mm_cmpeq_epi8(_mm_max_epu8(v, _mm_set1_epi8(0x1F)), _mm_set1_epi8(0x1F));
    return (uint32_t)_mm_movemask_epi8(_mm_or_si128(_mm_or_si128(quote, backslash), control));
#elif defined(__ARM_NEON) || defined(__aarch64__)
    uint8x16_t v = vld1q_u8(p);
    uint8x16_t hit = vorrq_u8(vorrq_u8(vceqq_u8(v, vdupq_n_u8('"')), vceqq_u8(v, vdupq_n_u8('\\'))),
                              vcltq_u8(v, vdupq_n_u8(0x20)));
    // One bit per byte: weight each lane by its bit within its half, then add across each half.
    static const uint8_t weights[16] = {1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128};
    uint8x16_t bits = vandq_u8(hit, vld1q_u8(weights));
    return (uint32_t)vaddv_u8(vget_low_u8(bits)) | ((uint32_t)vaddv_u8(vget_high_u8(bits)) << 8);
#else
    uint32_t mask = 0;
    for (int k = 0; k < 16; k++) {
        uint8_t c = p[k];
        if (c == '"' || c == '\\' || c < 0x20) mask |= 1u << k;
    }
    return mask;
#endif
}

/// The number of bytes before the first byte above 0x7F in p[0..<n] (n when all are ASCII):
/// 32 bytes a step with the vector unit, then 8 (SWAR), then one.
static inline size_t atk_ascii_run(const uint8_t *p, size_t n) {
    size_t i = 0;
#if defined(__SSE2__)
    while (i + 32 <= n) {
        __m128i a = _mm_loadu_si128((const __m128i *)(p + i));
        __m128i b = _mm_loadu_si128((const __m128i *)(p + i + 16));
        if (_mm_movemask_epi8(_mm_or_si128(a, b)) != 0) break;
        i += 32;
    }
#endif
    while (i + 8 <= n) {
        uint64_t word;
        __builtin_memcpy(&word, p + i, 8);
        uint64_t high = word & 0x8080808080808080ull;
        if (high != 0) return i + (size_t)(__builtin_ctzll(high) >> 3);
        i += 8;
    }
    while (i < n && p[i] < 0x80) i++;
    return i;
}

/// Asks the CPU to bring the `lines` 64-byte lines from p into its caches ahead of a read (a
/// hint: no fault, no effect on results).
static inline void atk_prefetch(const void *p, int lines) {
    const char *c = (const char *)p;
    for (int k = 0; k < lines; k++) __builtin_prefetch(c + 64 * k, 0, 3);
}

/// 1 when p[0..<n] is valid UTF-8 (Unicode 15, table 3-7), checked 64 bytes a step with AVX2
/// (atk_utf8.c); 0 when it is not, or when this CPU has no such check (atk_utf8_vector_check),
/// in which case the caller decides with its own loop. Where and why bytes are invalid is
/// ATKCore's StringEncoding's to say.
int atk_utf8_valid(const uint8_t *p, size_t n);

/// 1 when atk_utf8_valid runs the vector check on this CPU (x86-64 with AVX2, whose registers
/// the operating system saves), 0 when it always answers 0.
int atk_utf8_vector_check(void);

#endif
