// The header holds the one function (static inline); this file gives the target a source.
#include "CPlingsMemory.h"
