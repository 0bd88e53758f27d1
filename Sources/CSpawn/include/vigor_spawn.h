#ifndef VIGOR_SPAWN_H
#define VIGOR_SPAWN_H

#include <spawn.h>
#include <sys/types.h>

/// glibc's posix_spawn_file_actions_addclosefrom_np, which its headers show only to code built with _GNU_SOURCE:
/// the child closes every descriptor from `lowest` up, whatever another thread opened meanwhile.
int vigor_spawn_close_from(posix_spawn_file_actions_t *actions, int lowest);

/// pidfd_open(2): a descriptor that becomes readable when the process `pid` exits; -1 with errno set on failure.
int vigor_pidfd_open(pid_t pid);

/// pidfd_send_signal(2): a signal to exactly the process `pidfd` names, never to one that took its id after it
/// was reaped. 0, or -1 with errno set.
int vigor_pidfd_send_signal(int pidfd, int signal);

#endif
