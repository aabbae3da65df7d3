#ifndef CPLINGS_SHA_H
#define CPLINGS_SHA_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Which SHA-256 instructions this CPU offers: 0 none, 1 x86 SHA extensions
/// (with SSSE3 and SSE4.1), 2 ARMv8 SHA-256 instructions. Asks the CPU each
/// time (cpuid may trap to a hypervisor), so callers cache the answer.
int plings_sha256_acceleration(void);

/// Compresses `blocks` 64-byte blocks at `data` into `state` (a, b, ..., h)
/// with the CPU's SHA-256 instructions. Only call it when
/// `plings_sha256_acceleration()` returned a nonzero value on this machine.
void plings_sha256_blocks(uint32_t state[8], const void *data, size_t blocks);

/// The SHA-256 digest of `count` bytes at `data`, written big-endian to
/// `digest`, padding included. Same precondition as `plings_sha256_blocks`.
void plings_sha256_hash(const void *data, size_t count, uint8_t digest[32]);

/// The digests of two messages at once: on x86 their blocks are compressed
/// in lockstep (two independent chains of SHA instructions, so one runs while
/// the other waits). Same results and precondition as two `plings_sha256_hash`.
void plings_sha256_hash2(const void *a, size_t countA, const void *b, size_t countB, uint8_t digestA[32],
                         uint8_t digestB[32]);

#ifdef __cplusplus
}
#endif

#endif
