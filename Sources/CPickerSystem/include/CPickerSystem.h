#ifndef CPICKERSYSTEM_H
#define CPICKERSYSTEM_H
#include "picker_system.h"
#include "picker_memory.h"
#include "picker_peer.h"
#include "picker_terminal.h"
#include "picker_affinity.h"
#include "picker_spawn.h"
#include "picker_dumpable.h"
#include "picker_hidden_input.h"
#include "picker_bench_identity.h"
#endif
