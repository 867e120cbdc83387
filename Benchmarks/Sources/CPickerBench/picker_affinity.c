#define _GNU_SOURCE
#include <sched.h>

#include "picker_affinity.h"

int picker_pin_thread_to_cpus(int first, int last) {
    cpu_set_t set;
    CPU_ZERO(&set);
    for (int cpu = first; cpu <= last && cpu < CPU_SETSIZE; cpu++) CPU_SET(cpu, &set);
    return sched_setaffinity(0, sizeof set, &set);
}
