#include <string>
#include <tessera/backend.hpp>
#include <cstdio>
int main() { std::printf("backend %s\n", std::string(tessera::backend_name(tessera::active_backend())).c_str()); }
