#include "picker_hidden_input.h"

#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

static struct termios saved_mode;
static atomic_int hidden = 0;
static const int restoring_signals[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};
static struct sigaction saved_actions[4];

void picker_hidden_input_end(void) {
    if (!atomic_exchange(&hidden, 0)) return;
    tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved_mode);
    for (int index = 0; index < 4; index++) sigaction(restoring_signals[index], &saved_actions[index], NULL);
}

static void restore_and_resend(int signal_number) {
    picker_hidden_input_end();
    /* The previous action is back in place: let the signal do what it would have. */
    raise(signal_number);
}

int picker_hidden_input_begin(void) {
    if (!isatty(STDIN_FILENO) || tcgetattr(STDIN_FILENO, &saved_mode) != 0) return -1;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = restore_and_resend;
    for (int index = 0; index < 4; index++) sigaction(restoring_signals[index], &action, &saved_actions[index]);
    struct termios quiet = saved_mode;
    quiet.c_lflag &= ~(tcflag_t)(ECHO | ECHONL);
    quiet.c_lflag |= ICANON;
    atomic_store(&hidden, 1);
    if (tcsetattr(STDIN_FILENO, TCSAFLUSH, &quiet) != 0) {
        picker_hidden_input_end();
        return -1;
    }
    return 0;
}
