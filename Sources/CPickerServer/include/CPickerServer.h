#ifndef CPICKERSERVER_H
#define CPICKERSERVER_H
/* The daemon's own C helpers: starting plugin programs isolated, and malloc tuning. */
#include "picker_spawn.h"
#include "picker_memory.h"
#endif
