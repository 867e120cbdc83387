#ifndef PICKERD_CPOLKITAGENT_SHIM_H
#define PICKERD_CPOLKITAGENT_SHIM_H
/* libpolkit-agent-1 for CPickerPolkit only; Swift code never imports it
 * (GLib's headers stay out of Swift's module graph). */
#define POLKIT_AGENT_I_KNOW_API_IS_SUBJECT_TO_CHANGE
#include <polkitagent/polkitagent.h>
#endif
