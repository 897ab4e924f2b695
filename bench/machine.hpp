// What the results were measured on: printed before them and stored in every JSON record.
#pragma once

#include <string>

namespace tessera::bench {

struct MachineInfo {
  std::string cpu;             // /proc/cpuinfo "model name" (Linux), else "unknown"
  std::string cpu_features;    // the features Tessera's backends use (cpu::feature_string)
  std::string tessera_version;
  std::string compiler;        // "GNU 12.2.0"
  std::string build_type;      // CMAKE_BUILD_TYPE
  std::string build_flags;     // CMAKE_CXX_FLAGS + the build type's flags
  std::string tick_source;     // "rdtsc", ...
  double tick_rate = 0;        // counter ticks per second (measured)
};

MachineInfo machine_info();

}  // namespace tessera::bench
