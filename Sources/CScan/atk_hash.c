// A hash of long byte strings (responder chains of 500-1,000 bytes, looked up once per click and
// exposure; item keys), 32 bytes a step.
//
// Each step takes four 64-bit words w, XORs each with a constant k, and adds the product of the
// result's two 32-bit halves (a 32 x 32 -> 64-bit multiply, which AVX2 does for four lanes at
// once) and the word with its halves swapped to a sum per lane, as XXH3's accumulation does; a
// second sum adds the first after every step, so that a block's place counts (swapping two
// blocks changes it). The last 32 bytes (overlapping the steps before when n is not a multiple
// of 32) are taken with other constants, the length is mixed in, and the eight sums are folded
// with multiply-xorshift rounds.
//
// The AVX2 path (chosen at run time, as for UTF-8 validation) and the plain path compute the
// same value, lane for lane.
#include "atk_hash.h"
#include "atk_scan.h"

#include <string.h>

// AVX2 is chosen by atk_utf8_vector_check (atk_utf8.c): the CPU has it and the OS saves its
// registers.

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#include <immintrin.h>
#define ATK_HASH_AVX2 1
#endif

static const uint64_t step_keys[4] = {0x9E3779B97F4A7C15ull, 0xC2B2AE3D27D4EB4Full, 0x165667B19E3779F9ull,
                                      0x27D4EB2F165667C5ull};
static const uint64_t tail_keys[4] = {0xFF51AFD7ED558CCDull, 0xC4CEB9FE1A85EC53ull, 0x85EBCA77C2B2AE63ull,
                                      0xD6E8FEB86659FD93ull};

static inline uint64_t load64(const uint8_t *p) {
    uint64_t word;
    memcpy(&word, p, 8);
    return word;
}

static inline uint64_t mix(uint64_t h, uint64_t v) {
    h = (h ^ v) * 0xFF51AFD7ED558CCDull;
    return h ^ (h >> 32);
}

// Folds the two sums of four lanes (each lane's sum XOR its weighted sum turned by 29 bits) and
// the length into 64 bits.
static inline uint64_t finish(const uint64_t folded[4], size_t n) {
    uint64_t h = 0x9E3779B97F4A7C15ull ^ (uint64_t)n;
    for (int lane = 0; lane < 4; lane++) h = mix(h, folded[lane]);
    h = (h ^ (h >> 29)) * 0xC4CEB9FE1A85EC53ull;
    return h ^ (h >> 32);
}

// One lane's step: (w ^ k)'s halves multiplied, plus w with its halves swapped.
static inline uint64_t lane_step(uint64_t w, uint64_t k) {
    uint64_t x = w ^ k;
    return (x & 0xFFFFFFFFull) * (x >> 32) + ((w << 32) | (w >> 32));
}

uint64_t atk_hash_long_plain(const uint8_t *p, size_t n) {
    uint64_t sum[4] = {0, 0, 0, 0}, weighted[4] = {0, 0, 0, 0};
    size_t i = 0;
    for (; i + 32 < n; i += 32) {
        for (int lane = 0; lane < 4; lane++) {
            sum[lane] += lane_step(load64(p + i + 8 * lane), step_keys[lane]);
            weighted[lane] += sum[lane];
        }
    }
    uint64_t folded[4];
    for (int lane = 0; lane < 4; lane++) {
        sum[lane] += lane_step(load64(p + n - 32 + 8 * lane), tail_keys[lane]);
        weighted[lane] += sum[lane];
        folded[lane] = sum[lane] ^ ((weighted[lane] << 29) | (weighted[lane] >> 35));
    }
    return finish(folded, n);
}

#ifdef ATK_HASH_AVX2
__attribute__((target("avx2"))) static inline __m256i step_avx2(__m256i w, __m256i k) {
    __m256i x = _mm256_xor_si256(w, k);
    __m256i product = _mm256_mul_epu32(x, _mm256_srli_epi64(x, 32));
    // Each 64-bit word with its 32-bit halves swapped.
    return _mm256_add_epi64(product, _mm256_shuffle_epi32(w, _MM_SHUFFLE(2, 3, 0, 1)));
}

__attribute__((target("avx2"))) static uint64_t hash_avx2(const uint8_t *p, size_t n) {
    const __m256i step_key = _mm256_loadu_si256((const __m256i *)step_keys);
    const __m256i tail_key = _mm256_loadu_si256((const __m256i *)tail_keys);
    __m256i sum = _mm256_setzero_si256(), weighted = _mm256_setzero_si256();
    size_t i = 0;
    for (; i + 32 < n; i += 32) {
        sum = _mm256_add_epi64(sum, step_avx2(_mm256_loadu_si256((const __m256i *)(p + i)), step_key));
        weighted = _mm256_add_epi64(weighted, sum);
    }
    sum = _mm256_add_epi64(sum, step_avx2(_mm256_loadu_si256((const __m256i *)(p + n - 32)), tail_key));
    weighted = _mm256_add_epi64(weighted, sum);
    __m256i turned = _mm256_or_si256(_mm256_slli_epi64(weighted, 29), _mm256_srli_epi64(weighted, 35));
    uint64_t folded[4];
    _mm256_storeu_si256((__m256i *)folded, _mm256_xor_si256(sum, turned));
    return finish(folded, n);
}
#endif

uint64_t atk_hash_long(const uint8_t *p, size_t n) {
#ifdef ATK_HASH_AVX2
    if (atk_utf8_vector_check()) return hash_avx2(p, n);
#endif
    return atk_hash_long_plain(p, n);
}
