// A hash of long byte strings for the interners' tables; see atk_hash.c.
#ifndef ATK_HASH_H
#define ATK_HASH_H

#include <stddef.h>
#include <stdint.h>

/// A 64-bit hash of p[0..<n] for n >= 32, the same on every CPU: 32 bytes a step with AVX2 where
/// the CPU has it (about eight instructions a step), four 64-bit lanes in plain C elsewhere.
///
/// For placing strings in hash tables that compare the bytes of every candidate: it is not
/// keyed, and not meant to spread partitions (ATKCore's `Interner.hash` does that, unchanged).
uint64_t atk_hash_long(const uint8_t *p, size_t n);

/// atk_hash_long's plain C path, on every CPU (tests compare it with the AVX2 one).
uint64_t atk_hash_long_plain(const uint8_t *p, size_t n);

#endif
