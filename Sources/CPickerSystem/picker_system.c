/* picker_peer_credentials is header-only; the terminal helpers are in
   picker_terminal.c and picker_hidden_input.c, not being dumpable in
   picker_dumpable.c, CPU pinning for pickerbench in picker_affinity.c. */
#include "picker_system.h"
