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

#ifdef __cplusplus
}
#endif

#endif
