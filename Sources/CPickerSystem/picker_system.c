/* picker_peer_credentials is header-only; the terminal helpers are in
   picker_terminal.c, CPU pinning for pickerbench in picker_affinity.c. */
#include "picker_system.h"
