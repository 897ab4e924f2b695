# Warning flags shared by every Tessera target (g++ 12 and clang 14 must both be clean).
add_library(tessera_warnings INTERFACE)
target_compile_options(tessera_warnings INTERFACE
  -Wall -Wextra -Wpedantic -Wshadow
  -Wcast-align -Wnon-virtual-dtor -Wold-style-cast -Woverloaded-virtual
  $<$<BOOL:${TESSERA_WERROR}>:-Werror>)
