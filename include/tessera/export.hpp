// TESSERA_API marks the functions the shared library exports; everything else is hidden.
#pragma once

#if defined(_WIN32)
#define TESSERA_API
#else
#define TESSERA_API __attribute__((visibility("default")))
#endif
