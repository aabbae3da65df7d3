#ifndef CPLINGS_PREFETCH_H
#define CPLINGS_PREFETCH_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Asks the CPU to bring the cache line at `address` closer (for reading):
/// only a hint, it never faults and never changes what a program computes.
/// Replay calls it for the table slots and per-object records a few lines
/// ahead, so their cache misses overlap instead of following one another.
/// Compilers without `__builtin_prefetch` get a function that does nothing.
static inline void plings_prefetch(const void *address) {
#if defined(__GNUC__) || defined(__clang__)
    __builtin_prefetch(address, 0, 3);
#else
    (void)address;
#endif
}

/// Hints every cache line of the `count` bytes at `start`: one hint per 64 bytes,
/// and the last byte's line (when `start` is not on a line boundary). The one loop
/// the log's look-ahead (`Prefetch.bytes`) and the views' (`CacheHint.all`) call.
static inline void plings_prefetch_range(const void *start, size_t count) {
    const char *p = (const char *)start;
    for (size_t offset = 0; offset < count; offset += 64) plings_prefetch(p + offset);
    if (count > 0) plings_prefetch(p + (count - 1));
}

#ifdef __cplusplus
}
#endif

#endif
