// glibc's own gettext (libintl is part of libc on glibc systems: nothing to link).
#include <libintl.h>
#include <locale.h>

extern int _nl_msg_cat_cntr;

// Makes gettext forget the translations it already looked up, after LANGUAGE changed (the GNU
// gettext manual, "Being a gettext grok"). Called from the main thread only.
static inline void snap_gettext_forget(void) { ++_nl_msg_cat_cntr; }
