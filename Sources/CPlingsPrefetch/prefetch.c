// The prefetch hint is a static inline function in the header; this file
// only gives the target a translation unit.
#include "CPlingsPrefetch.h"
