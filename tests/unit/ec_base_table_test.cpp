// The P-256 / P-384 fixed-base tables that the compiler computes (src/ec/
// weierstrass_base_table.hpp) against the table built at run time by the library's own
// field and point arithmetic (wmul::ScalarMul::build_base_table over the portable field):
// every entry, limb for limb, in the build's limb layout. Needs no OpenSSL, so it runs in
// every build, the 32-bit-limb ones (portable32) included. (ec_test.cpp also checks the
// table against OpenSSL's j 32^i G.)
#include "ec/weierstrass_curve.hpp"
#include "ec/weierstrass_scalar_mul.hpp"

#include <gtest/gtest.h>

#include <cstddef>
#include <memory>
#include <type_traits>

namespace {

using namespace tessera::ec;

template <class C>
class EcBaseTableTest : public ::testing::Test {};
using Curves = ::testing::Types<P256, P384>;
TYPED_TEST_SUITE(EcBaseTableTest, Curves);

TYPED_TEST(EcBaseTableTest, ConstantTableEqualsTheRunTimeBuild) {
  using C = TypeParam;
  const auto built = std::make_unique<BaseTable<C>>(wmul::ScalarMul<C, PortableField<C>>::build_base_table());
  const BaseTable<C>& table = Curve<C>::base_table();
  constexpr std::size_t n = FieldInt<C>::limbs;
  for (std::size_t i = 0; i < BaseTable<C>::rows; ++i) {
    for (std::size_t j = 0; j < BaseTable<C>::entries; ++j) {
      for (std::size_t l = 0; l < n; ++l) {
        ASSERT_EQ(table.t[i][j].x.v[l], built->t[i][j].x.v[l]) << "row " << i << " entry " << j + 1 << " x limb " << l;
        ASSERT_EQ(table.t[i][j].y.v[l], built->t[i][j].y.v[l]) << "row " << i << " entry " << j + 1 << " y limb " << l;
      }
    }
  }
}

// The constant tables are what the kernels read: the same object for every backend.
TYPED_TEST(EcBaseTableTest, BaseTableIsTheConstantObject) {
  using C = TypeParam;
  if constexpr (std::is_same_v<C, P256>) {
    EXPECT_EQ(&Curve<C>::base_table(), &kP256BaseTable);
  } else {
    EXPECT_EQ(&Curve<C>::base_table(), &kP384BaseTable);
  }
}

}  // namespace
