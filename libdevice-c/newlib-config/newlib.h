/* newlib's configuration for circle's device C library: what newlib's own
   configure picks for nvptx (no autotools run here). */
#ifndef __NEWLIB_H__
#define __NEWLIB_H__ 1
#include <_newlib_version.h>
#define _ELIX_LEVEL 1
#define _WANT_IO_C99_FORMATS 1
#define _WANT_IO_LONG_LONG 1
#define _MB_LEN_MAX 1
#define _LDBL_EQ_DBL 1
#define _WANT_REENT_GLOBAL_STDIO_STREAMS 1
#define _REENT_GLOBAL_ATEXIT 1
#define _LITE_EXIT 1
#endif
