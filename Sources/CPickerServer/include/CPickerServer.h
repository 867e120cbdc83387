#ifndef CPICKERSERVER_H
#define CPICKERSERVER_H
/* The daemon's own C helpers: starting plugin programs isolated, malloc tuning, accepting on an adopted socket, and random bytes in bulk. */
#include "picker_spawn.h"
#include "picker_memory.h"
#include "picker_accept.h"
#include "picker_random.h"
#endif
