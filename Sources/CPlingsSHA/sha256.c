// SHA-256 compression with the CPU's SHA instructions. The whole target is
// built with ordinary flags; only the functions below are compiled for the
// instructions (per-function target attributes), and they run only after
// plings_sha256_acceleration() has seen the instructions on this CPU. The
// portable implementation is the Swift one in PlingsLog.

#include "CPlingsSHA.h"

#include <string.h>

#if defined(__x86_64__) || defined(__i386__)
#define PLINGS_SHA_X86 1
#include <cpuid.h>
#include <immintrin.h>
#elif defined(__aarch64__)
#define PLINGS_SHA_ARM 1
#include <arm_neon.h>
#if defined(__linux__)
#include <sys/auxv.h>
#ifndef HWCAP_SHA2
#define HWCAP_SHA2 (1 << 6)
#endif
#endif
#endif

#if PLINGS_SHA_X86 || PLINGS_SHA_ARM
static const uint32_t round_constants[64] __attribute__((aligned(16))) = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};
#endif

#if PLINGS_SHA_X86

int plings_sha256_acceleration(void) {
    unsigned int eax, ebx, ecx, edx;
    if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx)) return 0;
    const unsigned int ssse3 = 1u << 9, sse41 = 1u << 19;
    if ((ecx & ssse3) == 0 || (ecx & sse41) == 0) return 0;
    if (!__get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx)) return 0;
    const unsigned int sha = 1u << 29;
    return (ebx & sha) != 0 ? 1 : 0;
}

// Four rounds: the message words plus their constants, two rounds from the
// low half and two from the high half.
#define PLINGS_ROUNDS4(message, i)                                                              \
    do {                                                                                        \
        __m128i kw = _mm_add_epi32(message, _mm_load_si128((const __m128i *)&round_constants[4 * (i)])); \
        cdgh = _mm_sha256rnds2_epu32(cdgh, abef, kw);                                           \
        kw = _mm_shuffle_epi32(kw, 0x0E);                                                       \
        abef = _mm_sha256rnds2_epu32(abef, cdgh, kw);                                           \
    } while (0)

// The next four schedule words from the previous sixteen (m0 oldest):
// W[t-16] + s0(W[t-15]) from sha256msg1, + W[t-7] by alignr, + s1(W[t-2]) by sha256msg2.
#define PLINGS_SCHEDULE(m0, m1, m2, m3) \
    m0 = _mm_sha256msg2_epu32(_mm_add_epi32(_mm_sha256msg1_epu32(m0, m1), _mm_alignr_epi8(m3, m2, 4)), m3)

__attribute__((target("sha,sse4.1,ssse3")))
static void blocks_x86(uint32_t state[8], const uint8_t *data, size_t blocks) {
    const __m128i byteswap = _mm_set_epi64x(0x0c0d0e0f08090a0bULL, 0x0405060700010203ULL);
    // The instructions keep the state as ABEF and CDGH.
    __m128i dcba = _mm_loadu_si128((const __m128i *)&state[0]);
    __m128i hgfe = _mm_loadu_si128((const __m128i *)&state[4]);
    __m128i cdab = _mm_shuffle_epi32(dcba, 0xB1);
    __m128i efgh = _mm_shuffle_epi32(hgfe, 0x1B);
    __m128i abef = _mm_alignr_epi8(cdab, efgh, 8);
    __m128i cdgh = _mm_blend_epi16(efgh, cdab, 0xF0);
    for (; blocks > 0; blocks--, data += 64) {
        const __m128i abef0 = abef, cdgh0 = cdgh;
        __m128i m0 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(data + 0)), byteswap);
        __m128i m1 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(data + 16)), byteswap);
        __m128i m2 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(data + 32)), byteswap);
        __m128i m3 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(data + 48)), byteswap);
        PLINGS_ROUNDS4(m0, 0);
        PLINGS_ROUNDS4(m1, 1);
        PLINGS_ROUNDS4(m2, 2);
        PLINGS_ROUNDS4(m3, 3);
        for (int i = 4; i < 16; i += 4) {
            PLINGS_SCHEDULE(m0, m1, m2, m3);
            PLINGS_ROUNDS4(m0, i);
            PLINGS_SCHEDULE(m1, m2, m3, m0);
            PLINGS_ROUNDS4(m1, i + 1);
            PLINGS_SCHEDULE(m2, m3, m0, m1);
            PLINGS_ROUNDS4(m2, i + 2);
            PLINGS_SCHEDULE(m3, m0, m1, m2);
            PLINGS_ROUNDS4(m3, i + 3);
        }
        abef = _mm_add_epi32(abef, abef0);
        cdgh = _mm_add_epi32(cdgh, cdgh0);
    }
    __m128i feba = _mm_shuffle_epi32(abef, 0x1B);
    __m128i dchg = _mm_shuffle_epi32(cdgh, 0xB1);
    _mm_storeu_si128((__m128i *)&state[0], _mm_blend_epi16(feba, dchg, 0xF0));
    _mm_storeu_si128((__m128i *)&state[4], _mm_alignr_epi8(dchg, feba, 8));
}

void plings_sha256_blocks(uint32_t state[8], const void *data, size_t blocks) {
    blocks_x86(state, (const uint8_t *)data, blocks);
}

#elif PLINGS_SHA_ARM

int plings_sha256_acceleration(void) {
#if defined(__APPLE__)
    return 2;  // Every Apple arm64 CPU has the SHA-256 instructions.
#elif defined(__linux__)
    return (getauxval(AT_HWCAP) & HWCAP_SHA2) != 0 ? 2 : 0;
#else
    return 0;
#endif
}

__attribute__((target("sha2")))
static void blocks_arm(uint32_t state[8], const uint8_t *data, size_t blocks) {
    uint32x4_t abcd = vld1q_u32(&state[0]);
    uint32x4_t efgh = vld1q_u32(&state[4]);
    for (; blocks > 0; blocks--, data += 64) {
        const uint32x4_t abcd0 = abcd, efgh0 = efgh;
        uint32x4_t m[4];
        for (int j = 0; j < 4; j++) {
            m[j] = vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(data + 16 * j)));
        }
        for (int i = 0; i < 16; i++) {
            if (i >= 4) {
                // m[i % 4] holds W[t-16..]; the next three hold W[t-12..], W[t-8..], W[t-4..].
                m[i & 3] = vsha256su1q_u32(vsha256su0q_u32(m[i & 3], m[(i + 1) & 3]), m[(i + 2) & 3], m[(i + 3) & 3]);
            }
            const uint32x4_t kw = vaddq_u32(m[i & 3], vld1q_u32(&round_constants[4 * i]));
            const uint32x4_t before = abcd;
            abcd = vsha256hq_u32(abcd, efgh, kw);
            efgh = vsha256h2q_u32(efgh, before, kw);
        }
        abcd = vaddq_u32(abcd, abcd0);
        efgh = vaddq_u32(efgh, efgh0);
    }
    vst1q_u32(&state[0], abcd);
    vst1q_u32(&state[4], efgh);
}

void plings_sha256_blocks(uint32_t state[8], const void *data, size_t blocks) {
    blocks_arm(state, (const uint8_t *)data, blocks);
}

#else

int plings_sha256_acceleration(void) { return 0; }

void plings_sha256_blocks(uint32_t state[8], const void *data, size_t blocks) {
    // Never called: no acceleration on this architecture.
    (void)state;
    (void)data;
    (void)blocks;
}

#endif

void plings_sha256_hash(const void *data, size_t count, uint8_t digest[32]) {
    uint32_t state[8] = {
        0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
    };
    const size_t whole = count / 64;
    if (whole > 0) plings_sha256_blocks(state, data, whole);
    uint8_t tail[128] __attribute__((aligned(16)));
    const size_t rest = count - whole * 64;
    if (rest > 0) memcpy(tail, (const uint8_t *)data + whole * 64, rest);
    tail[rest] = 0x80;
    const size_t tailBlocks = rest + 1 + 8 <= 64 ? 1 : 2;
    memset(tail + rest + 1, 0, tailBlocks * 64 - 8 - (rest + 1));
    const uint64_t bits = (uint64_t)count * 8;
    for (int k = 0; k < 8; k++) tail[tailBlocks * 64 - 1 - k] = (uint8_t)(bits >> (8 * k));
    plings_sha256_blocks(state, tail, tailBlocks);
    for (int k = 0; k < 8; k++) {
        digest[4 * k] = (uint8_t)(state[k] >> 24);
        digest[4 * k + 1] = (uint8_t)(state[k] >> 16);
        digest[4 * k + 2] = (uint8_t)(state[k] >> 8);
        digest[4 * k + 3] = (uint8_t)state[k];
    }
}
