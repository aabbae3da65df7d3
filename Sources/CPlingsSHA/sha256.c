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

// Four rounds of each of two messages, interleaved: the two chains of
// sha256rnds2 are independent, so one runs while the other waits on latency.
#define PLINGS_ROUNDS4_X2(ma, mb, i)                                                          \
    do {                                                                                      \
        const __m128i k = _mm_load_si128((const __m128i *)&round_constants[4 * (i)]);         \
        __m128i kwa = _mm_add_epi32(ma, k), kwb = _mm_add_epi32(mb, k);                       \
        cdgha = _mm_sha256rnds2_epu32(cdgha, abefa, kwa);                                     \
        cdghb = _mm_sha256rnds2_epu32(cdghb, abefb, kwb);                                     \
        kwa = _mm_shuffle_epi32(kwa, 0x0E);                                                   \
        kwb = _mm_shuffle_epi32(kwb, 0x0E);                                                   \
        abefa = _mm_sha256rnds2_epu32(abefa, cdgha, kwa);                                     \
        abefb = _mm_sha256rnds2_epu32(abefb, cdghb, kwb);                                     \
    } while (0)

// The state (a, ..., h) as the instructions keep it: ABEF and CDGH.
__attribute__((target("sha,sse4.1,ssse3")))
static inline void load_x86(const uint32_t state[8], __m128i *abef, __m128i *cdgh) {
    __m128i cdab = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)&state[0]), 0xB1);
    __m128i efgh = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)&state[4]), 0x1B);
    *abef = _mm_alignr_epi8(cdab, efgh, 8);
    *cdgh = _mm_blend_epi16(efgh, cdab, 0xF0);
}

__attribute__((target("sha,sse4.1,ssse3")))
static inline void store_x86(uint32_t state[8], __m128i abef, __m128i cdgh) {
    __m128i feba = _mm_shuffle_epi32(abef, 0x1B);
    __m128i dchg = _mm_shuffle_epi32(cdgh, 0xB1);
    _mm_storeu_si128((__m128i *)&state[0], _mm_blend_epi16(feba, dchg, 0xF0));
    _mm_storeu_si128((__m128i *)&state[4], _mm_alignr_epi8(dchg, feba, 8));
}

// `blocks` blocks of each of two messages, in lockstep.
__attribute__((target("sha,sse4.1,ssse3")))
static void blocks_x86_x2(uint32_t sa[8], const uint8_t *a, uint32_t sb[8], const uint8_t *b, size_t blocks) {
    const __m128i byteswap = _mm_set_epi64x(0x0c0d0e0f08090a0bULL, 0x0405060700010203ULL);
    __m128i abefa, cdgha, abefb, cdghb;
    load_x86(sa, &abefa, &cdgha);
    load_x86(sb, &abefb, &cdghb);
    for (; blocks > 0; blocks--, a += 64, b += 64) {
        const __m128i abefa0 = abefa, cdgha0 = cdgha, abefb0 = abefb, cdghb0 = cdghb;
        __m128i a0 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(a + 0)), byteswap);
        __m128i b0 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(b + 0)), byteswap);
        __m128i a1 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(a + 16)), byteswap);
        __m128i b1 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(b + 16)), byteswap);
        __m128i a2 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(a + 32)), byteswap);
        __m128i b2 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(b + 32)), byteswap);
        __m128i a3 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(a + 48)), byteswap);
        __m128i b3 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(b + 48)), byteswap);
        PLINGS_ROUNDS4_X2(a0, b0, 0);
        PLINGS_ROUNDS4_X2(a1, b1, 1);
        PLINGS_ROUNDS4_X2(a2, b2, 2);
        PLINGS_ROUNDS4_X2(a3, b3, 3);
        for (int i = 4; i < 16; i += 4) {
            PLINGS_SCHEDULE(a0, a1, a2, a3);
            PLINGS_SCHEDULE(b0, b1, b2, b3);
            PLINGS_ROUNDS4_X2(a0, b0, i);
            PLINGS_SCHEDULE(a1, a2, a3, a0);
            PLINGS_SCHEDULE(b1, b2, b3, b0);
            PLINGS_ROUNDS4_X2(a1, b1, i + 1);
            PLINGS_SCHEDULE(a2, a3, a0, a1);
            PLINGS_SCHEDULE(b2, b3, b0, b1);
            PLINGS_ROUNDS4_X2(a2, b2, i + 2);
            PLINGS_SCHEDULE(a3, a0, a1, a2);
            PLINGS_SCHEDULE(b3, b0, b1, b2);
            PLINGS_ROUNDS4_X2(a3, b3, i + 3);
        }
        abefa = _mm_add_epi32(abefa, abefa0);
        cdgha = _mm_add_epi32(cdgha, cdgha0);
        abefb = _mm_add_epi32(abefb, abefb0);
        cdghb = _mm_add_epi32(cdghb, cdghb0);
    }
    store_x86(sa, abefa, cdgha);
    store_x86(sb, abefb, cdghb);
}

static void blocks_x2(uint32_t sa[8], const uint8_t *a, uint32_t sb[8], const uint8_t *b, size_t blocks) {
    blocks_x86_x2(sa, a, sb, b, blocks);
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

// No interleaved form here: one message after the other.
static void blocks_x2(uint32_t sa[8], const uint8_t *a, uint32_t sb[8], const uint8_t *b, size_t blocks) {
    blocks_arm(sa, a, blocks);
    blocks_arm(sb, b, blocks);
}

#else

int plings_sha256_acceleration(void) { return 0; }

void plings_sha256_blocks(uint32_t state[8], const void *data, size_t blocks) {
    // Never called: no acceleration on this architecture.
    (void)state;
    (void)data;
    (void)blocks;
}

static void blocks_x2(uint32_t sa[8], const uint8_t *a, uint32_t sb[8], const uint8_t *b, size_t blocks) {
    (void)sa;
    (void)a;
    (void)sb;
    (void)b;
    (void)blocks;
}

#endif

// A message as blocks: its whole blocks in place, then its padded tail (1 or 2 blocks).
typedef struct {
    const uint8_t *data;
    size_t whole;
    size_t blocks;
    uint8_t tail[128] __attribute__((aligned(16)));
} plings_message;

static void message_init(plings_message *m, const void *data, size_t count) {
    m->data = (const uint8_t *)data;
    m->whole = count / 64;
    const size_t rest = count - m->whole * 64;
    if (rest > 0) memcpy(m->tail, m->data + m->whole * 64, rest);
    m->tail[rest] = 0x80;
    const size_t tailBlocks = rest + 1 + 8 <= 64 ? 1 : 2;
    memset(m->tail + rest + 1, 0, tailBlocks * 64 - 8 - (rest + 1));
    const uint64_t bits = (uint64_t)count * 8;
    for (int k = 0; k < 8; k++) m->tail[tailBlocks * 64 - 1 - k] = (uint8_t)(bits >> (8 * k));
    m->blocks = m->whole + tailBlocks;
}

// Block `k` of the message, and how many blocks follow it contiguously (itself included).
static const uint8_t *message_block(const plings_message *m, size_t k, size_t *run) {
    if (k < m->whole) {
        *run = m->whole - k;
        return m->data + 64 * k;
    }
    *run = m->blocks - k;
    return m->tail + 64 * (k - m->whole);
}

static void digest_write(const uint32_t state[8], uint8_t digest[32]) {
    for (int k = 0; k < 8; k++) {
        digest[4 * k] = (uint8_t)(state[k] >> 24);
        digest[4 * k + 1] = (uint8_t)(state[k] >> 16);
        digest[4 * k + 2] = (uint8_t)(state[k] >> 8);
        digest[4 * k + 3] = (uint8_t)state[k];
    }
}

static const uint32_t initial_state[8] = {
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
};

void plings_sha256_hash(const void *data, size_t count, uint8_t digest[32]) {
    uint32_t state[8];
    memcpy(state, initial_state, sizeof state);
    plings_message m;
    message_init(&m, data, count);
    if (m.whole > 0) plings_sha256_blocks(state, m.data, m.whole);
    plings_sha256_blocks(state, m.tail, m.blocks - m.whole);
    digest_write(state, digest);
}

void plings_sha256_hash2(const void *a, size_t countA, const void *b, size_t countB, uint8_t digestA[32],
                         uint8_t digestB[32]) {
    uint32_t sa[8], sb[8];
    memcpy(sa, initial_state, sizeof sa);
    memcpy(sb, initial_state, sizeof sb);
    plings_message ma, mb;
    message_init(&ma, a, countA);
    message_init(&mb, b, countB);
    size_t ka = 0, kb = 0;
    // In lockstep while both have blocks, in runs that stay within one part of each message.
    while (ka < ma.blocks && kb < mb.blocks) {
        size_t runA, runB;
        const uint8_t *pa = message_block(&ma, ka, &runA);
        const uint8_t *pb = message_block(&mb, kb, &runB);
        const size_t n = runA < runB ? runA : runB;
        blocks_x2(sa, pa, sb, pb, n);
        ka += n;
        kb += n;
    }
    while (ka < ma.blocks) {
        size_t run;
        const uint8_t *p = message_block(&ma, ka, &run);
        plings_sha256_blocks(sa, p, run);
        ka += run;
    }
    while (kb < mb.blocks) {
        size_t run;
        const uint8_t *p = message_block(&mb, kb, &run);
        plings_sha256_blocks(sb, p, run);
        kb += run;
    }
    digest_write(sa, digestA);
    digest_write(sb, digestB);
}
