// Prints what the library made of TESSERA_BACKEND; CTest runs it with several values.
#include <tessera/backend.hpp>

#include <cstdio>
#include <string>

int main() {
  const auto status = tessera::environment_backend_status();
  std::printf("active=%s status=%s\n", std::string(tessera::backend_name(tessera::active_backend())).c_str(),
              status ? "ok" : tessera::error_message(status.error()));
  return 0;
}
