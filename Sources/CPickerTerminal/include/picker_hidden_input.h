#ifndef PICKER_HIDDEN_INPUT_H
#define PICKER_HIDDEN_INPUT_H

/* Turns off echo on the terminal on stdin, for typing a secret, until
   picker_hidden_input_end. SIGINT, SIGTERM, SIGHUP and SIGQUIT in between
   turn echo back on, then act as they would have (in C, as restoring must be
   async-signal-safe). Returns 0, or -1 when stdin is not a terminal. */
int picker_hidden_input_begin(void);

/* Turns echo back on (safe to call twice, or without begin). */
void picker_hidden_input_end(void);

#endif
