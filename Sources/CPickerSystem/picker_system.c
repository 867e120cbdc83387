/* picker_peer_credentials is header-only; the terminal helpers are in picker_terminal.c. */
#include "picker_system.h"
