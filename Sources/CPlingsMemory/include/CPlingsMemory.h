#ifndef CPLINGS_MEMORY_H
#define CPLINGS_MEMORY_H

#ifdef __linux__
#include <features.h> /* defines __GLIBC__ on glibc */
#endif
#ifdef __GLIBC__
#include <malloc.h>
#endif
#if defined(__linux__) || defined(__APPLE__)
/* setxattr/getxattr for PlingsPlatform's attribute calls (the mirror mark): Glibc's module
   does not export this header. */
#include <sys/xattr.h>
#endif

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Fixes glibc's mmap threshold at `mmap_bytes` (which also stops it from
/// rising each time a mapped block is freed, and pins the trim threshold) and
/// the heap's trim threshold, how much free memory it keeps at its top, at
/// `trim_bytes`; returns whether both settings took. Other C libraries get a
/// function that does nothing and returns 0.
/// Only PlingsPlatform calls it (scripts/check-platform.sh).
static inline int plings_fix_malloc_thresholds(int mmap_bytes, int trim_bytes) {
#ifdef __GLIBC__
    int mmap_set = mallopt(M_MMAP_THRESHOLD, mmap_bytes);
    int trim_set = mallopt(M_TRIM_THRESHOLD, trim_bytes);
    return mmap_set && trim_set;
#else
    (void)mmap_bytes;
    (void)trim_bytes;
    return 0;
#endif
}

/// The last `byte` among the `count` bytes at `bytes`, or NULL: glibc's memrchr (a GNU
/// extension that Swift's Glibc module does not export), a byte loop elsewhere.
/// Only PlingsPlatform calls it (scripts/check-platform.sh).
#ifdef __GLIBC__
extern void *memrchr(const void *s, int c, size_t n);
#endif
static inline const void *plings_last_byte(const void *bytes, int byte, size_t count) {
#ifdef __GLIBC__
    return memrchr(bytes, byte, count);
#else
    const unsigned char *p = (const unsigned char *)bytes;
    while (count > 0) {
        count -= 1;
        if (p[count] == (unsigned char)byte) return p + count;
    }
    return 0;
#endif
}

#ifdef __cplusplus
}
#endif

#endif
