#define _XOPEN_SOURCE 700
#include "picker_terminal.h"

#include <locale.h>
#include <pthread.h>
#include <wchar.h>

#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

static struct termios saved_mode;
/* Read by pickerctl ui's input thread and cleared by the main thread or a
   signal handler: a lock-free atomic is safe for all three (a volatile
   sig_atomic_t is safe only for the handler, and ThreadSanitizer saw the race). */
static atomic_int entered = 0;
/* The terminal in use: stdin and stdout for pickerctl ui, /dev/tty for the
   inline picker. Set before `entered`, read after it. */
static int input_fd = STDIN_FILENO;
static int output_fd = STDOUT_FILENO;
static int alternate = 1;

static const char enter_sequence[] = "\033[?1049h\033[?25l\033[H\033[2J";
static const char leave_sequence[] = "\033[0m\033[?25h\033[?1049l";
/* Inline: no alternate screen; the cursor is shown again on leaving. */
static const char inline_leave_sequence[] = "\033[0m\033[?25h";

void picker_terminal_leave(void) {
    if (!atomic_exchange(&entered, 0)) return;
    if (alternate)
        (void)!write(output_fd, leave_sequence, sizeof leave_sequence - 1);
    else
        (void)!write(output_fd, inline_leave_sequence, sizeof inline_leave_sequence - 1);
    tcsetattr(input_fd, TCSAFLUSH, &saved_mode);
}

static void restore_and_exit(int signal_number) {
    picker_terminal_leave();
    _exit(128 + signal_number);
}

int picker_terminal_enter(void) {
    return picker_terminal_enter_on(STDIN_FILENO, STDOUT_FILENO, 1);
}

int picker_terminal_enter_on(int input, int output, int alternate_screen) {
    if (atomic_load(&entered)) return -1;
    input_fd = input;
    output_fd = output;
    alternate = alternate_screen;
    if (!isatty(input_fd) || tcgetattr(input_fd, &saved_mode) != 0) return -1;
    struct termios raw = saved_mode;
    raw.c_iflag &= ~(unsigned)(BRKINT | ICRNL | INPCK | ISTRIP | IXON);
    raw.c_oflag &= ~(unsigned)(OPOST);
    raw.c_cflag |= CS8;
    raw.c_lflag &= ~(unsigned)(ECHO | ICANON | IEXTEN | ISIG);
    raw.c_cc[VMIN] = 1;
    raw.c_cc[VTIME] = 0;
    if (tcsetattr(input_fd, TCSAFLUSH, &raw) != 0) return -1;
    atomic_store(&entered, 1);
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = restore_and_exit;
    sigaction(SIGINT, &action, NULL);
    sigaction(SIGTERM, &action, NULL);
    sigaction(SIGHUP, &action, NULL);
    if (alternate) (void)!write(output_fd, enter_sequence, sizeof enter_sequence - 1);
    return 0;
}

int picker_terminal_active(void) {
    return atomic_load(&entered);
}

int picker_terminal_input(void) {
    return input_fd;
}

int picker_terminal_output(void) {
    return output_fd;
}

void picker_terminal_size(int *rows, int *columns) {
    struct winsize size;
    if (ioctl(output_fd, TIOCGWINSZ, &size) == 0) {
        *rows = size.ws_row;
        *columns = size.ws_col;
    } else {
        *rows = 0;
        *columns = 0;
    }
}

/* wcwidth answers by LC_CTYPE. The process's locale is never changed:
   setlocale is not thread-safe, and json-c, parsing on the client's reader
   thread, reads the global locale in every parse (newlocale/duplocale), so a
   setlocale on the drawing thread corrupted the heap now and then. Instead
   the calling thread uses a UTF-8 locale object of its own around each call
   (uselocale is per thread). C.UTF-8 is built into glibc. */
static locale_t utf8_ctype;
static pthread_once_t utf8_ctype_once = PTHREAD_ONCE_INIT;

static void make_utf8_ctype(void) {
    utf8_ctype = newlocale(LC_CTYPE_MASK, "C.UTF-8", (locale_t)0);
    if (!utf8_ctype) utf8_ctype = newlocale(LC_CTYPE_MASK, "", (locale_t)0);
}

int picker_display_width(unsigned int scalar) {
    pthread_once(&utf8_ctype_once, make_utf8_ctype);
    if (!utf8_ctype) return scalar >= 0x20 && scalar < 0x7f ? 1 : -1;
    locale_t previous = uselocale(utf8_ctype);
    int width = wcwidth((wchar_t)scalar);
    uselocale(previous);
    return width;
}
