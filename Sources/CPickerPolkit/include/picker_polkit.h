#ifndef PICKER_POLKIT_H
#define PICKER_POLKIT_H

/* polkit's authentication agent side, for PickerPolkit. In C because an agent
   is a PolkitAgentListener subclass (GObject, with class-structure virtual
   methods and GAsyncResult callbacks) and talks to polkit's helper through
   PolkitAgentSession's signals; Swift cannot subclass a GObject type. The
   header holds no GLib type: Swift sees plain C.

   All GLib work happens on one thread of the agent's own, with its own main
   loop. Events reach the handler on that thread; it must copy what it needs
   and return at once. Every other function here may be called from any thread
   (what touches GLib is handed to the agent's thread). */

#include <stddef.h>
#include <sys/types.h>

typedef struct picker_polkit_agent picker_polkit_agent;
typedef struct picker_polkit_request picker_polkit_request;

typedef enum {
    /* polkit's BeginAuthentication: a new request (text NULL). */
    PICKER_POLKIT_BEGIN = 0,
    /* polkit's CancelAuthentication (the asker gave up). */
    PICKER_POLKIT_CANCELLED = 1,
    /* PAM asks through the helper: text is its prompt, flag 1 when it may be echoed. */
    PICKER_POLKIT_PROMPT = 2,
    /* PAM's information (text). */
    PICKER_POLKIT_INFO = 3,
    /* PAM's error message (text). */
    PICKER_POLKIT_ERROR = 4,
    /* The helper is done: flag 1 when polkit took the authentication. */
    PICKER_POLKIT_COMPLETED = 5,
} picker_polkit_event;

typedef void (*picker_polkit_handler)(void *context, picker_polkit_request *request, picker_polkit_event event,
                                      const char *text, int flag);

/* Registers an agent with polkit on the system bus: for the process `pid`
   (and what it starts, as `pkttyagent --process`) when pid > 0, else for this
   process's session (logind's). Returns the running agent, or NULL with a
   sentence in *error (free() it). The request a BEGIN names is kept for the
   handler's side until it calls picker_polkit_request_release. */
picker_polkit_agent *picker_polkit_agent_start(pid_t pid, picker_polkit_handler handler, void *context,
                                               char **error);

/* What polkit asked (fixed for the request's life; valid until released). */
unsigned long picker_polkit_request_number(const picker_polkit_request *request);
const char *picker_polkit_request_action_id(const picker_polkit_request *request);
const char *picker_polkit_request_message(const picker_polkit_request *request);
size_t picker_polkit_request_identity_count(const picker_polkit_request *request);
/* polkit's name for it: "unix-user:alice", "unix-group:wheel". */
const char *picker_polkit_request_identity(const picker_polkit_request *request, size_t index);
size_t picker_polkit_request_detail_count(const picker_polkit_request *request);
const char *picker_polkit_request_detail_key(const picker_polkit_request *request, size_t index);
const char *picker_polkit_request_detail_value(const picker_polkit_request *request, size_t index);

/* Starts polkit's helper for identity `index` (a new attempt; an earlier one
   is cancelled). PROMPT, INFO, ERROR and COMPLETED events follow. */
void picker_polkit_request_authenticate(picker_polkit_request *request, size_t identity);
/* Answers the last PROMPT; the text goes only to the helper's pipe, and this
   side's copy is wiped once handed over. */
void picker_polkit_request_respond(picker_polkit_request *request, const char *answer);
/* Ends the request for polkit: cancelled (the person said no; polkit reports
   the request dismissed) or done (polkit then knows from its helper whether
   it was authenticated). Later calls do nothing. */
void picker_polkit_request_finish(picker_polkit_request *request, int cancelled);
void picker_polkit_request_release(picker_polkit_request *request);

#endif
