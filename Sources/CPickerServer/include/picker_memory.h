#ifndef PICKER_MEMORY_H
#define PICKER_MEMORY_H

/* glibc's malloc tuning, which Swift's Glibc module does not import
   (<malloc.h>). */

/* Serves allocations of `bytes` and more from their own mappings, returned to
   the system when freed; a fixed threshold also stops glibc from raising it
   after the first such free. */
void picker_map_allocations_from(int bytes);

/* Returns free memory at the top of the heap and in its arenas to the system. */
void picker_release_free_memory(void);

#endif
