#ifndef PICKER_TERMINAL_H
#define PICKER_TERMINAL_H

/* Raw mode for the terminal front-end, kept in C because restoring the terminal
   must also happen inside signal handlers, which may only call async-signal-safe
   functions (tcsetattr, write, _exit). */

/* Saves the terminal's mode, enters raw mode and the alternate screen, hides
   the cursor, and installs SIGINT/SIGTERM/SIGHUP handlers that restore it and
   exit. Returns 0, or -1 when stdin is not a terminal. */
int picker_terminal_enter(void);

/* The same on any terminal: raw mode on `input`, drawing on `output`; with
   `alternate_screen` 0 (the inline picker) nothing is written on entering,
   and leaving only shows the cursor again. -1 when `input` is not a
   terminal or a terminal is already entered. */
int picker_terminal_enter_on(int input, int output, int alternate_screen);

/* The descriptors entered on (stdin and stdout by default). */
int picker_terminal_input(void);
int picker_terminal_output(void);

/* Leaves the alternate screen and restores the saved mode (safe to call twice). */
void picker_terminal_leave(void);

/* 1 between picker_terminal_enter and picker_terminal_leave. */
int picker_terminal_active(void);

/* The terminal's size; 0 for both when it cannot be read. */
void picker_terminal_size(int *rows, int *columns);

/* Terminal columns a Unicode scalar takes (wcwidth in a UTF-8 locale): 2 for
   wide characters such as CJK, 0 for combining marks, -1 for control codes. */
int picker_display_width(unsigned int scalar);

#endif
