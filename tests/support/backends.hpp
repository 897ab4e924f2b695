// Runs a test once per backend. A backend this CPU or build lacks is SKIPPED, by name.
#pragma once

#include <tessera/backend.hpp>

#include <gtest/gtest.h>

#include <optional>
#include <ostream>
#include <string>

namespace tessera {
// Test names and failure messages show "avx2", not "1-byte object <01>".
inline void PrintTo(Backend b, std::ostream* os) { *os << backend_name(b); }
inline void PrintTo(Error e, std::ostream* os) { *os << "Error(" << error_message(e) << ")"; }
}  // namespace tessera

namespace tessera::test {

class PerBackend : public ::testing::TestWithParam<Backend> {
 protected:
  void SetUp() override {
    auto forced = BackendOverride::force(GetParam());
    if (!forced) {
      GTEST_SKIP() << "backend " << backend_name(GetParam()) << " is not available on this CPU/build";
    }
    override_.emplace(std::move(*forced));
  }
  void TearDown() override { override_.reset(); }

 private:
  std::optional<BackendOverride> override_;
};

inline std::string backend_param_name(const ::testing::TestParamInfo<Backend>& info) {
  return std::string(backend_name(info.param));
}

}  // namespace tessera::test

#define TESSERA_INSTANTIATE_PER_BACKEND(suite) \
  INSTANTIATE_TEST_SUITE_P(Backends, suite, ::testing::ValuesIn(::tessera::kAllBackends), \
                           ::tessera::test::backend_param_name)
