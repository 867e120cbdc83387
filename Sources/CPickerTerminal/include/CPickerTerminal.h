#ifndef CPICKERTERMINAL_H
#define CPICKERTERMINAL_H
/* The terminal front-end's and pickerctl's: raw mode, sizes, widths, reading without echo. */
#include "picker_terminal.h"
#include "picker_hidden_input.h"
#endif
