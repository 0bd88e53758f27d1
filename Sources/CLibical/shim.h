#ifndef VIGOR_CLIBICAL_SHIM_H
#define VIGOR_CLIBICAL_SHIM_H
#include <libical/ical.h>
#endif
