// The ncursesw API for Swift. Wide-character calls need _XOPEN_SOURCE_EXTENDED;
// globals and function-like macros are wrapped in functions because Swift
// imports neither (and strict concurrency rejects the globals).
#ifndef ARBOR_CNCURSESW_SHIM_H
#define ARBOR_CNCURSESW_SHIM_H

#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#include <locale.h>
#include <signal.h>
#include <unistd.h>
#include <wchar.h>
// Debian's libncursesw5-dev puts the wide header in ncursesw/; Homebrew's ncurses
// (pkg-config ncursesw on macOS) adds that folder itself to the include path.
#if __has_include(<ncursesw/curses.h>)
#include <ncursesw/curses.h>
#else
#include <curses.h>
#endif

static inline WINDOW *arbor_stdscr(void) { return stdscr; }
static inline int arbor_lines(void) { return LINES; }
static inline int arbor_cols(void) { return COLS; }
// Columns of one character as curses counts them (wcwidth is declared only
// under _XOPEN_SOURCE, which SwiftPM does not let a target define).
extern int wcwidth(wchar_t c);
static inline int arbor_wcwidth(unsigned int c) { return wcwidth((wchar_t)c); }
static inline int arbor_colors(void) { return COLORS; }
static inline int arbor_color_pairs(void) { return COLOR_PAIRS; }

static inline attr_t arbor_a_normal(void) { return A_NORMAL; }
static inline attr_t arbor_a_bold(void) { return A_BOLD; }
static inline attr_t arbor_a_dim(void) { return A_DIM; }
static inline attr_t arbor_a_underline(void) { return A_UNDERLINE; }
static inline attr_t arbor_a_reverse(void) { return A_REVERSE; }

static inline mmask_t arbor_mouse_mask(void) {
    return BUTTON1_PRESSED | BUTTON1_RELEASED | BUTTON1_CLICKED | BUTTON1_DOUBLE_CLICKED | BUTTON4_PRESSED
        | BUTTON5_PRESSED;
}
static inline int arbor_mouse_is_click(mmask_t state) {
    return (state & (BUTTON1_PRESSED | BUTTON1_CLICKED)) != 0;
}
static inline int arbor_mouse_is_double_click(mmask_t state) { return (state & BUTTON1_DOUBLE_CLICKED) != 0; }
static inline int arbor_mouse_is_wheel_up(mmask_t state) { return (state & BUTTON4_PRESSED) != 0; }
static inline int arbor_mouse_is_wheel_down(mmask_t state) { return (state & BUTTON5_PRESSED) != 0; }

// State for the signal handlers below lives in function-local statics: Swift
// emits the inline functions it uses, but not file-scope static variables.
static inline struct sigaction *arbor_previous_fatal_handlers(void) {
    static struct sigaction saved[32];
    return saved;
}
static inline int *arbor_resize_descriptor(void) {
    static int descriptor = -1;
    return &descriptor;
}
static inline struct sigaction *arbor_curses_winch(void) {
    static struct sigaction saved;
    return &saved;
}

// A crash must not leave the terminal in raw mode: restore it, then hand the
// signal to the handler that was there before (Swift's backtracer), or to the
// default action.
static void arbor_fatal_signal(int sig) {
    endwin();
    if (sig > 0 && sig < 32) {
        sigaction(sig, &arbor_previous_fatal_handlers()[sig], NULL);
    } else {
        signal(sig, SIG_DFL);
    }
    raise(sig);
}
static inline void arbor_install_fatal_handlers(void) {
    int signals[] = {SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE};
    for (unsigned i = 0; i < sizeof signals / sizeof signals[0]; i++) {
        struct sigaction action;
        sigemptyset(&action.sa_mask);
        action.sa_flags = 0;
        action.sa_handler = arbor_fatal_signal;
        sigaction(signals[i], &action, &arbor_previous_fatal_handlers()[signals[i]]);
    }
}

// SIGWINCH may land on any thread while the UI thread sleeps in poll: after
// curses' own handler (which makes the next read return KEY_RESIZE), a byte
// on the loop's wake-up pipe ends the sleep at once.
static void arbor_winch(int sig) {
    void (*curses)(int) = arbor_curses_winch()->sa_handler;
    if (curses != SIG_DFL && curses != SIG_IGN && curses != arbor_winch) curses(sig);
    int descriptor = *arbor_resize_descriptor();
    if (descriptor >= 0) {
        char byte = 0;
        ssize_t ignored = write(descriptor, &byte, 1);
        (void)ignored;
    }
}
static inline void arbor_watch_resize(int descriptor) {
    struct sigaction old;
    sigaction(SIGWINCH, NULL, &old);
    if (old.sa_handler != arbor_winch) *arbor_curses_winch() = old;
    *arbor_resize_descriptor() = descriptor;
    struct sigaction action;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    action.sa_handler = arbor_winch;
    sigaction(SIGWINCH, &action, NULL);
}

#endif
