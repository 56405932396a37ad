// glibc's posix_spawn extensions, which <spawn.h> declares only under _GNU_SOURCE. Swift's Glibc
// module is built without it, and defining it here would give this module different struct
// definitions from Glibc's, so the three names are declared as glibc declares them.
#include <spawn.h>

#ifndef POSIX_SPAWN_SETSID
#define POSIX_SPAWN_SETSID 0x80 /* glibc 2.26: the child starts a new session (setsid) */
#endif

/* glibc 2.34: closes every descriptor from the given one up in the child. */
extern int posix_spawn_file_actions_addclosefrom_np(posix_spawn_file_actions_t *actions, int from);

/* glibc 2.29: changes the child's working directory. */
extern int posix_spawn_file_actions_addchdir_np(posix_spawn_file_actions_t *__restrict actions,
                                                const char *__restrict path);
