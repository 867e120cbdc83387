/* pickerfloor: the least a JSON-lines daemon can do here, as the benchmarks'
   reference point. One thread, epoll, non-blocking Unix sockets; each line is
   parsed with json-c's strict tokener and answered with a JSON-RPC result
   ("pong", with the request's id) or a parse error. Not part of pickerd.

   usage: pickerfloor SOCKET_PATH */

#define _GNU_SOURCE /* accept4 */
#include <errno.h>
#include <fcntl.h>
#include <json-c/json.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

struct connection {
    int fd;
    char *in;
    size_t in_length, in_capacity;
    char *out;
    size_t out_length, out_capacity, out_sent;
    struct json_tokener *tokener;
};

static void append(char **buffer, size_t *length, size_t *capacity, const char *bytes, size_t count) {
    if (*length + count > *capacity) {
        *capacity = (*length + count) * 2;
        *buffer = realloc(*buffer, *capacity);
    }
    memcpy(*buffer + *length, bytes, count);
    *length += count;
}

static void answer(struct connection *c, const char *line, size_t length) {
    json_tokener_reset(c->tokener);
    struct json_object *request = json_tokener_parse_ex(c->tokener, line, (int)length);
    if (json_tokener_get_error(c->tokener) == json_tokener_continue) {
        request = json_tokener_parse_ex(c->tokener, "", 1);
    }
    static const char parse_error[] = "{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32700,\"message\":\"parse error\"}}\n";
    if (json_tokener_get_error(c->tokener) != json_tokener_success || request == NULL) {
        append(&c->out, &c->out_length, &c->out_capacity, parse_error, sizeof parse_error - 1);
        json_object_put(request);
        return;
    }
    struct json_object *id = NULL;
    json_object_object_get_ex(request, "id", &id);
    const char *id_text = id ? json_object_to_json_string_ext(id, JSON_C_TO_STRING_PLAIN) : "null";
    static const char head[] = "{\"jsonrpc\":\"2.0\",\"id\":";
    static const char tail[] = ",\"result\":\"pong\"}\n";
    append(&c->out, &c->out_length, &c->out_capacity, head, sizeof head - 1);
    append(&c->out, &c->out_length, &c->out_capacity, id_text, strlen(id_text));
    append(&c->out, &c->out_length, &c->out_capacity, tail, sizeof tail - 1);
    json_object_put(request);
}

static int flush_output(struct connection *c) {
    while (c->out_sent < c->out_length) {
        ssize_t written = send(c->fd, c->out + c->out_sent, c->out_length - c->out_sent, MSG_NOSIGNAL);
        if (written < 0) return errno == EAGAIN ? 0 : -1;
        c->out_sent += (size_t)written;
    }
    c->out_length = c->out_sent = 0;
    return 0;
}

static void close_connection(int epoll, struct connection *c) {
    epoll_ctl(epoll, EPOLL_CTL_DEL, c->fd, NULL);
    close(c->fd);
    json_tokener_free(c->tokener);
    free(c->in);
    free(c->out);
    free(c);
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: pickerfloor SOCKET_PATH\n");
        return 64;
    }
    signal(SIGPIPE, SIG_IGN);
    int listener = socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    struct sockaddr_un address = {.sun_family = AF_UNIX};
    strncpy(address.sun_path, argv[1], sizeof address.sun_path - 1);
    unlink(argv[1]);
    if (bind(listener, (struct sockaddr *)&address, sizeof address) != 0 || listen(listener, 4096) != 0) {
        perror("pickerfloor: cannot listen");
        return 1;
    }
    int epoll = epoll_create1(EPOLL_CLOEXEC);
    struct epoll_event event = {.events = EPOLLIN, .data.ptr = NULL};
    epoll_ctl(epoll, EPOLL_CTL_ADD, listener, &event);
    struct epoll_event events[256];
    char chunk[65536];
    for (;;) {
        int ready = epoll_wait(epoll, events, 256, -1);
        for (int i = 0; i < ready; i++) {
            struct connection *c = events[i].data.ptr;
            if (c == NULL) {
                int fd;
                while ((fd = accept4(listener, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC)) >= 0) {
                    struct connection *added = calloc(1, sizeof *added);
                    added->fd = fd;
                    added->tokener = json_tokener_new_ex(65);
                    json_tokener_set_flags(added->tokener, JSON_TOKENER_STRICT | JSON_TOKENER_VALIDATE_UTF8);
                    struct epoll_event watch = {.events = EPOLLIN, .data.ptr = added};
                    epoll_ctl(epoll, EPOLL_CTL_ADD, fd, &watch);
                }
                continue;
            }
            if (events[i].events & EPOLLOUT) {
                if (flush_output(c) != 0) { close_connection(epoll, c); continue; }
            }
            if (!(events[i].events & (EPOLLIN | EPOLLHUP | EPOLLERR))) continue;
            ssize_t count = read(c->fd, chunk, sizeof chunk);
            if (count <= 0) {
                if (count < 0 && errno == EAGAIN) continue;
                close_connection(epoll, c);
                continue;
            }
            append(&c->in, &c->in_length, &c->in_capacity, chunk, (size_t)count);
            size_t start = 0;
            for (size_t end = 0; end < c->in_length; end++) {
                if (c->in[end] != '\n') continue;
                if (end > start) answer(c, c->in + start, end - start);
                start = end + 1;
            }
            memmove(c->in, c->in + start, c->in_length - start);
            c->in_length -= start;
            if (flush_output(c) != 0) { close_connection(epoll, c); continue; }
            struct epoll_event watch = {.events = EPOLLIN | (c->out_length ? EPOLLOUT : 0), .data.ptr = c};
            epoll_ctl(epoll, EPOLL_CTL_MOD, c->fd, &watch);
        }
    }
}
