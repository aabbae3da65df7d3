#ifndef CPLINGS_MEMORY_H
#define CPLINGS_MEMORY_H

#ifdef __linux__
#include <features.h> /* defines __GLIBC__ on glibc */
#endif
#ifdef __GLIBC__
#include <malloc.h>
#endif

#ifdef __cplusplus
extern "C" {
#endif

/// Fixes glibc's mmap threshold at `bytes`, which also stops it from rising
/// each time a mapped block is freed; returns whether the setting took.
/// Other C libraries get a function that does nothing and returns 0.
/// Only PlingsPlatform calls it (scripts/check-platform.sh).
static inline int plings_fix_mmap_threshold(int bytes) {
#ifdef __GLIBC__
    return mallopt(M_MMAP_THRESHOLD, bytes);
#else
    (void)bytes;
    return 0;
#endif
}

/// Sets how much free memory glibc keeps at the top of its heap before it
/// gives it back (`M_TRIM_THRESHOLD`); returns whether the setting took.
/// Other C libraries get a function that does nothing and returns 0.
/// Only PlingsPlatform calls it (scripts/check-platform.sh).
static inline int plings_set_trim_threshold(int bytes) {
#ifdef __GLIBC__
    return mallopt(M_TRIM_THRESHOLD, bytes);
#else
    (void)bytes;
    return 0;
#endif
}

#ifdef __cplusplus
}
#endif

#endif
