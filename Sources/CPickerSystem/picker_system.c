/* picker_peer_credentials is header-only; reading it is picker_peer.c, not
   being dumpable picker_dumpable.c. */
#include "picker_system.h"
