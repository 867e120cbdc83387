#include <malloc.h>
#include "picker_memory.h"

void picker_map_allocations_from(int bytes) {
    mallopt(M_MMAP_THRESHOLD, bytes);
}

void picker_release_free_memory(void) {
    malloc_trim(0);
}
