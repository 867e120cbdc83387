#include "picker_polkit.h"

#define POLKIT_AGENT_I_KNOW_API_IS_SUBJECT_TO_CHANGE
#include <polkitagent/polkitagent.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>

/* The agent: a listener registered on its own thread's main loop. */
struct picker_polkit_agent {
    GMainContext *context;
    picker_polkit_handler handler;
    void *handler_context;
    pid_t pid;
    unsigned long next_number;
    /* Registration's outcome, handed to the starting thread. */
    GMutex lock;
    GCond registered;
    int done;
    char *error;
};

struct picker_polkit_request {
    gint references;
    picker_polkit_agent *agent;
    unsigned long number;
    char *action_id;
    char *message;
    char *cookie;
    GPtrArray *identities;      /* PolkitIdentity */
    GPtrArray *identity_names;  /* char*, "unix-user:alice" */
    GPtrArray *detail_keys;
    GPtrArray *detail_values;
    /* Only on the agent's thread: */
    GTask *task;
    GCancellable *cancellable;
    gulong cancelled_handler;
    PolkitAgentSession *session;
    int finished;
};

/* ---- The listener: a PolkitAgentListener subclass. ---- */

typedef struct {
    PolkitAgentListener parent;
    picker_polkit_agent *agent;
} PickerListener;

typedef struct {
    PolkitAgentListenerClass parent_class;
} PickerListenerClass;

static GType picker_listener_get_type(void);
G_DEFINE_TYPE(PickerListener, picker_listener, POLKIT_AGENT_TYPE_LISTENER)

static void emit(picker_polkit_request *request, picker_polkit_event event, const char *text, int flag) {
    request->agent->handler(request->agent->handler_context, request, event, text, flag);
}

static void request_ref(picker_polkit_request *request) { g_atomic_int_inc(&request->references); }

static void request_unref(picker_polkit_request *request) {
    if (!g_atomic_int_dec_and_test(&request->references)) return;
    g_free(request->action_id);
    g_free(request->message);
    g_free(request->cookie);
    g_ptr_array_unref(request->identities);
    g_ptr_array_unref(request->identity_names);
    g_ptr_array_unref(request->detail_keys);
    g_ptr_array_unref(request->detail_values);
    g_free(request);
}

static void end_session(picker_polkit_request *request) {
    if (request->session == NULL) return;
    PolkitAgentSession *session = request->session;
    request->session = NULL;
    g_signal_handlers_disconnect_by_data(session, request);
    polkit_agent_session_cancel(session);
    g_object_unref(session);
}

static void on_cancelled(GCancellable *cancellable, gpointer data) {
    (void)cancellable;
    picker_polkit_request *request = data;
    if (!request->finished) emit(request, PICKER_POLKIT_CANCELLED, NULL, 0);
}

static void initiate_authentication(PolkitAgentListener *listener, const gchar *action_id, const gchar *message,
                                    const gchar *icon_name, PolkitDetails *details, const gchar *cookie,
                                    GList *identities, GCancellable *cancellable, GAsyncReadyCallback callback,
                                    gpointer user_data) {
    (void)icon_name;
    picker_polkit_agent *agent = ((PickerListener *)listener)->agent;
    picker_polkit_request *request = g_new0(picker_polkit_request, 1);
    /* One reference for this thread (until finished), one for the handler's side. */
    request->references = 2;
    request->agent = agent;
    request->number = ++agent->next_number;
    request->action_id = g_strdup(action_id);
    request->message = g_strdup(message);
    request->cookie = g_strdup(cookie);
    request->identities = g_ptr_array_new_with_free_func(g_object_unref);
    request->identity_names = g_ptr_array_new_with_free_func(g_free);
    for (GList *each = identities; each != NULL; each = each->next) {
        g_ptr_array_add(request->identities, g_object_ref(each->data));
        g_ptr_array_add(request->identity_names, polkit_identity_to_string(each->data));
    }
    request->detail_keys = g_ptr_array_new_with_free_func(g_free);
    request->detail_values = g_ptr_array_new_with_free_func(g_free);
    if (details != NULL) {
        gchar **keys = polkit_details_get_keys(details);
        for (gchar **key = keys; key != NULL && *key != NULL; key++) {
            g_ptr_array_add(request->detail_keys, g_strdup(*key));
            g_ptr_array_add(request->detail_values, g_strdup(polkit_details_lookup(details, *key)));
        }
        g_strfreev(keys);
    }
    request->task = g_task_new(listener, cancellable, callback, user_data);
    emit(request, PICKER_POLKIT_BEGIN, NULL, 0);
    if (cancellable != NULL) {
        request->cancellable = g_object_ref(cancellable);
        /* Called at once when polkit cancelled already. */
        request->cancelled_handler = g_cancellable_connect(cancellable, G_CALLBACK(on_cancelled), request, NULL);
    }
}

static gboolean initiate_authentication_finish(PolkitAgentListener *listener, GAsyncResult *result, GError **error) {
    (void)listener;
    return g_task_propagate_boolean(G_TASK(result), error);
}

static void picker_listener_init(PickerListener *self) { (void)self; }

static void picker_listener_class_init(PickerListenerClass *klass) {
    PolkitAgentListenerClass *listener = POLKIT_AGENT_LISTENER_CLASS(klass);
    listener->initiate_authentication = initiate_authentication;
    listener->initiate_authentication_finish = initiate_authentication_finish;
}

/* ---- The agent's thread. ---- */

static gpointer agent_thread(gpointer data) {
    picker_polkit_agent *agent = data;
    g_main_context_push_thread_default(agent->context);
    GError *error = NULL;
    PolkitSubject *subject = agent->pid > 0
                                 ? polkit_unix_process_new_for_owner(agent->pid, 0, -1)
                                 : polkit_unix_session_new_for_process_sync(getpid(), NULL, &error);
    PickerListener *listener = NULL;
    gpointer handle = NULL;
    if (subject != NULL) {
        listener = g_object_new(picker_listener_get_type(), NULL);
        listener->agent = agent;
        handle = polkit_agent_listener_register_with_options(POLKIT_AGENT_LISTENER(listener),
                                                             POLKIT_AGENT_REGISTER_FLAGS_NONE, subject, NULL, NULL, NULL,
                                                             &error);
    }
    g_mutex_lock(&agent->lock);
    if (handle == NULL) {
        const char *why = error != NULL ? error->message : "polkit gave no reason";
        agent->error = g_strdup_printf(
            subject == NULL ? "cannot find this process's session (%s)" : "polkit refused the agent: %s", why);
    }
    agent->done = 1;
    g_cond_signal(&agent->registered);
    g_mutex_unlock(&agent->lock);
    g_clear_error(&error);
    if (handle == NULL) {
        if (listener != NULL) g_object_unref(listener);
        if (subject != NULL) g_object_unref(subject);
        return NULL;
    }
    /* Runs as long as the process: the registration ends with it. */
    GMainLoop *loop = g_main_loop_new(agent->context, FALSE);
    g_main_loop_run(loop);
    return NULL;
}

picker_polkit_agent *picker_polkit_agent_start(pid_t pid, picker_polkit_handler handler, void *context,
                                               char **error) {
    picker_polkit_agent *agent = g_new0(picker_polkit_agent, 1);
    agent->context = g_main_context_new();
    agent->handler = handler;
    agent->handler_context = context;
    agent->pid = pid;
    g_mutex_init(&agent->lock);
    g_cond_init(&agent->registered);
    GThread *thread = g_thread_new("polkit-agent", agent_thread, agent);
    g_mutex_lock(&agent->lock);
    while (!agent->done) g_cond_wait(&agent->registered, &agent->lock);
    g_mutex_unlock(&agent->lock);
    if (agent->error == NULL) {
        g_thread_unref(thread);
        return agent;
    }
    g_thread_join(thread);
    *error = strdup(agent->error);
    g_free(agent->error);
    g_main_context_unref(agent->context);
    g_free(agent);
    return NULL;
}

/* ---- What polkit asked. ---- */

unsigned long picker_polkit_request_number(const picker_polkit_request *request) { return request->number; }
const char *picker_polkit_request_action_id(const picker_polkit_request *request) { return request->action_id; }
const char *picker_polkit_request_message(const picker_polkit_request *request) { return request->message; }
size_t picker_polkit_request_identity_count(const picker_polkit_request *request) {
    return request->identity_names->len;
}
const char *picker_polkit_request_identity(const picker_polkit_request *request, size_t index) {
    return index < request->identity_names->len ? g_ptr_array_index(request->identity_names, index) : NULL;
}
size_t picker_polkit_request_detail_count(const picker_polkit_request *request) { return request->detail_keys->len; }
const char *picker_polkit_request_detail_key(const picker_polkit_request *request, size_t index) {
    return index < request->detail_keys->len ? g_ptr_array_index(request->detail_keys, index) : NULL;
}
const char *picker_polkit_request_detail_value(const picker_polkit_request *request, size_t index) {
    return index < request->detail_values->len ? g_ptr_array_index(request->detail_values, index) : NULL;
}

/* ---- What the handler's side does, run on the agent's thread. ---- */

typedef struct {
    picker_polkit_request *request;
    size_t number;
    char *text;
} call;

static void call_free(gpointer data) {
    call *each = data;
    if (each->text != NULL) {
        explicit_bzero(each->text, strlen(each->text));
        g_free(each->text);
    }
    request_unref(each->request);
    g_free(each);
}

static void invoke(picker_polkit_request *request, GSourceFunc function, size_t number, const char *text) {
    call *each = g_new0(call, 1);
    request_ref(request);
    each->request = request;
    each->number = number;
    each->text = text != NULL ? g_strdup(text) : NULL;
    g_main_context_invoke_full(request->agent->context, G_PRIORITY_DEFAULT, function, each, call_free);
}

static void on_request(PolkitAgentSession *session, const gchar *prompt, gboolean echo_on, gpointer data) {
    (void)session;
    emit(data, PICKER_POLKIT_PROMPT, prompt, echo_on ? 1 : 0);
}

static void on_info(PolkitAgentSession *session, const gchar *text, gpointer data) {
    (void)session;
    emit(data, PICKER_POLKIT_INFO, text, 0);
}

static void on_error(PolkitAgentSession *session, const gchar *text, gpointer data) {
    (void)session;
    emit(data, PICKER_POLKIT_ERROR, text, 0);
}

static void on_completed(PolkitAgentSession *session, gboolean gained, gpointer data) {
    picker_polkit_request *request = data;
    /* The session is dropped with the next attempt or the request's end. */
    g_signal_handlers_disconnect_by_data(session, request);
    emit(request, PICKER_POLKIT_COMPLETED, NULL, gained ? 1 : 0);
}

static gboolean do_authenticate(gpointer data) {
    call *each = data;
    picker_polkit_request *request = each->request;
    if (request->finished || each->number >= request->identities->len) return G_SOURCE_REMOVE;
    end_session(request);
    request->session = polkit_agent_session_new(g_ptr_array_index(request->identities, each->number), request->cookie);
    g_signal_connect(request->session, "request", G_CALLBACK(on_request), request);
    g_signal_connect(request->session, "show-info", G_CALLBACK(on_info), request);
    g_signal_connect(request->session, "show-error", G_CALLBACK(on_error), request);
    g_signal_connect(request->session, "completed", G_CALLBACK(on_completed), request);
    /* The helper inherits this thread's signal mask, which is that of the
       Swift thread that started the agent: libdispatch's workers block
       SIGTERM and the other asynchronous signals. A helper started so
       ignores the SIGTERM with which polkit_agent_session_cancel ends it,
       and the cancel then waits for it forever. It starts with none blocked. */
    sigset_t none, kept;
    sigemptyset(&none);
    pthread_sigmask(SIG_SETMASK, &none, &kept);
    polkit_agent_session_initiate(request->session);
    pthread_sigmask(SIG_SETMASK, &kept, NULL);
    return G_SOURCE_REMOVE;
}

static gboolean do_respond(gpointer data) {
    call *each = data;
    picker_polkit_request *request = each->request;
    if (!request->finished && request->session != NULL) polkit_agent_session_response(request->session, each->text);
    return G_SOURCE_REMOVE;
}

static gboolean do_finish(gpointer data) {
    call *each = data;
    picker_polkit_request *request = each->request;
    if (request->finished) return G_SOURCE_REMOVE;
    request->finished = 1;
    end_session(request);
    if (request->cancellable != NULL) {
        g_cancellable_disconnect(request->cancellable, request->cancelled_handler);
        g_clear_object(&request->cancellable);
    }
    if (each->number)
        g_task_return_new_error(request->task, POLKIT_ERROR, POLKIT_ERROR_CANCELLED, "The person cancelled");
    else
        g_task_return_boolean(request->task, TRUE);
    g_clear_object(&request->task);
    request_unref(request);
    return G_SOURCE_REMOVE;
}

void picker_polkit_request_authenticate(picker_polkit_request *request, size_t identity) {
    invoke(request, do_authenticate, identity, NULL);
}

void picker_polkit_request_respond(picker_polkit_request *request, const char *answer) {
    invoke(request, do_respond, 0, answer);
}

void picker_polkit_request_finish(picker_polkit_request *request, int cancelled) {
    invoke(request, do_finish, cancelled ? 1 : 0, NULL);
}

void picker_polkit_request_release(picker_polkit_request *request) { request_unref(request); }
