#ifndef CPICKERBENCH_H
#define CPICKERBENCH_H
/* pickerbench's: CPU pinning, and connecting as another uid from one thread. */
#include "picker_affinity.h"
#include "picker_bench_identity.h"
#endif
