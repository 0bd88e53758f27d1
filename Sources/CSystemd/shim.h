#ifndef VIGOR_CSYSTEMD_SHIM_H
#define VIGOR_CSYSTEMD_SHIM_H
#include <systemd/sd-bus.h>
#include <systemd/sd-daemon.h>
#include <systemd/sd-journal.h>
#include <sys/uio.h>
#endif
