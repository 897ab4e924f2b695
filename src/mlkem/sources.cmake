list(APPEND TESSERA_SOURCES
  mlkem/kernels.cpp
  mlkem/kernels/portable.cpp
  mlkem/mlkem.cpp)
