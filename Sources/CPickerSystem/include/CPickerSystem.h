#ifndef CPICKERSYSTEM_H
#define CPICKERSYSTEM_H
/* What the daemon and its clients both need from C: peer credentials
   (SO_PEERCRED, SO_PEERGROUPS) and not being dumpable. The server's,
   the terminal's and the benchmark's own helpers are CPickerServer,
   CPickerTerminal and CPickerBench. */
#include "picker_system.h"
#include "picker_peer.h"
#include "picker_dumpable.h"
#endif
