// The P-384 fixed-base table as constant data, computed by the compiler
// (ec/weierstrass_base_table.hpp; the evaluation limits are raised for this file in
// src/ec/sources.cmake).
#include "ec/weierstrass_base_table.hpp"

namespace tessera::ec {

constexpr BaseTable<P384> kP384BaseTable = compute_base_table<P384>();

}  // namespace tessera::ec
