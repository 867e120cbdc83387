#ifndef CPICKERSERVER_H
#define CPICKERSERVER_H
/* The daemon's own C helpers: starting plugin programs isolated, malloc tuning, and accepting on an adopted socket. */
#include "picker_spawn.h"
#include "picker_memory.h"
#include "picker_accept.h"
#endif
