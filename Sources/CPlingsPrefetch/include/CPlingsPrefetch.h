#ifndef CPLINGS_PREFETCH_H
#define CPLINGS_PREFETCH_H

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

#ifdef __cplusplus
}
#endif

#endif
