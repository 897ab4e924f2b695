// ECDSA (FIPS 186-5 6.4) without external vectors: the RFC 6979 examples of Appendix A.2.5
// (P-256) and A.2.6 (P-384) for every hash Tessera has (k from the nonce generator directly,
// and r, s from sign_deterministic, sign_digest_deterministic and sign_internal), hedged
// signing, sign_internal's checks, and the verifier's range checks, for every curve and
// hash. The codecs are in ecdsa_der_test.cpp.
#include <tessera/ecdsa.hpp>
#include <tessera/random.hpp>

#include "ec/message_hash.hpp"
#include "ec/rfc6979.hpp"
#include "ec/weierstrass.hpp"
#include "support/hex.hpp"

#include <gtest/gtest.h>

#include <array>
#include <cstring>
#include <random>
#include <string>
#include <string_view>

namespace {

using namespace tessera;
using namespace tessera::ec;
using test::Bytes;
using test::from_hex;

std::span<const std::uint8_t> str_bytes(std::string_view s) {
  return {reinterpret_cast<const std::uint8_t*>(s.data()), s.size()};
}

// ---- RFC 6979 Appendix A.2.5 / A.2.6 ----------------------------------------------------

struct Rfc6979Case {
  const char* hash;  // "SHA-1" (skipped), "SHA-224", ...
  const char* message;
  const char* k;
  const char* r;
  const char* s;
};

// RFC 6979, Appendix A.2.5 (P-256).
constexpr const char* kA25X = "C9AFA9D845BA75166B5C215767B1D6934E50C3DB36E89B127B8A622B120F6721";
constexpr const char* kA25Ux = "60FED4BA255A9D31C961EB74C6356D68C049B8923B61FA6CE669622E60F29FB6";
constexpr const char* kA25Uy = "7903FE1008B8BC99A41AE9E95628BC64F2F1B20C2D7E9F5177A3C294D4462299";
const Rfc6979Case kA25[] = {
    {"SHA-1", "sample", "882905F1227FD620FBF2ABF21244F0BA83D0DC3A9103DBBEE43A1FB858109DB4",
     "61340C88C3AAEBEB4F6D667F672CA9759A6CCAA9FA8811313039EE4A35471D32",
     "6D7F147DAC089441BB2E2FE8F7A3FA264B9C475098FDCF6E00D7C996E1B8B7EB"},
    {"SHA-224", "sample", "103F90EE9DC52E5E7FB5132B7033C63066D194321491862059967C715985D473",
     "53B2FFF5D1752B2C689DF257C04C40A587FABABB3F6FC2702F1343AF7CA9AA3F",
     "B9AFB64FDC03DC1A131C7D2386D11E349F070AA432A4ACC918BEA988BF75C74C"},
    {"SHA-256", "sample", "A6E3C57DD01ABE90086538398355DD4C3B17AA873382B0F24D6129493D8AAD60",
     "EFD48B2AACB6A8FD1140DD9CD45E81D69D2C877B56AAF991C34D0EA84EAF3716",
     "F7CB1C942D657C41D436C7A1B6E29F65F3E900DBB9AFF4064DC4AB2F843ACDA8"},
    {"SHA-384", "sample", "09F634B188CEFD98E7EC88B1AA9852D734D0BC272F7D2A47DECC6EBEB375AAD4",
     "0EAFEA039B20E9B42309FB1D89E213057CBF973DC0CFC8F129EDDDC800EF7719",
     "4861F0491E6998B9455193E34E7B0D284DDD7149A74B95B9261F13ABDE940954"},
    {"SHA-512", "sample", "5FA81C63109BADB88C1F367B47DA606DA28CAD69AA22C4FE6AD7DF73A7173AA5",
     "8496A60B5E9B47C825488827E0495B0E3FA109EC4568FD3F8D1097678EB97F00",
     "2362AB1ADBE2B8ADF9CB9EDAB740EA6049C028114F2460F96554F61FAE3302FE"},
    {"SHA-1", "test", "8C9520267C55D6B980DF741E56B4ADEE114D84FBFA2E62137954164028632A2E",
     "0CBCC86FD6ABD1D99E703E1EC50069EE5C0B4BA4B9AC60E409E8EC5910D81A89",
     "01B9D7B73DFAA60D5651EC4591A0136F87653E0FD780C3B1BC872FFDEAE479B1"},
    {"SHA-224", "test", "669F4426F2688B8BE0DB3A6BD1989BDAEFFF84B649EEB84F3DD26080F667FAA7",
     "C37EDB6F0AE79D47C3C27E962FA269BB4F441770357E114EE511F662EC34A692",
     "C820053A05791E521FCAAD6042D40AEA1D6B1A540138558F47D0719800E18F2D"},
    {"SHA-256", "test", "D16B6AE827F17175E040871A1C7EC3500192C4C92677336EC2537ACAEE0008E0",
     "F1ABB023518351CD71D881567B1EA663ED3EFCF6C5132B354F28D3B0B7D38367",
     "019F4113742A2B14BD25926B49C649155F267E60D3814B4C0CC84250E46F0083"},
    {"SHA-384", "test", "16AEFFA357260B04B1DD199693960740066C1A8F3E8EDD79070AA914D361B3B8",
     "83910E8B48BB0C74244EBDF7F07A1C5413D61472BD941EF3920E623FBCCEBEB6",
     "8DDBEC54CF8CD5874883841D712142A56A8D0F218F5003CB0296B6B509619F2C"},
    {"SHA-512", "test", "6915D11632ACA3C40D5D51C08DAF9C555933819548784480E93499000D9F0B7F",
     "461D93F31B6540894788FD206C07CFA0CC35F46FA3C91816FFF1040AD1581A04",
     "39AF9F15DE0DB8D97E72719C74820D304CE5226E32DEDAE67519E840D1194E55"},
};

// RFC 6979, Appendix A.2.6 (P-384).
constexpr const char* kA26X =
    "6B9D3DAD2E1B8C1C05B19875B6659F4DE23C3B667BF297BA9AA47740787137D896D5724E4C70A825F872C9EA60D2EDF5";
constexpr const char* kA26Ux =
    "EC3A4E415B4E19A4568618029F427FA5DA9A8BC4AE92E02E06AAE5286B300C64DEF8F0EA9055866064A254515480BC13";
constexpr const char* kA26Uy =
    "8015D9B72D7D57244EA8EF9AC0C621896708A59367F9DFB9F54CA84B3F1C9DB1288B231C3AE0D4FE7344FD2533264720";
const Rfc6979Case kA26[] = {
    {"SHA-1", "sample",
     "4471EF7518BB2C7C20F62EAE1C387AD0C5E8E470995DB4ACF694466E6AB096630F29E5938D25106C3C340045A2DB01A7",
     "EC748D839243D6FBEF4FC5C4859A7DFFD7F3ABDDF72014540C16D73309834FA37B9BA002899F6FDA3A4A9386790D4EB2",
     "A3BCFA947BEEF4732BF247AC17F71676CB31A847B9FF0CBC9C9ED4C1A5B3FACF26F49CA031D4857570CCB5CA4424A443"},
    {"SHA-224", "sample",
     "A4E4D2F0E729EB786B31FC20AD5D849E304450E0AE8E3E341134A5C1AFA03CAB8083EE4E3C45B06A5899EA56C51B5879",
     "42356E76B55A6D9B4631C865445DBE54E056D3B3431766D0509244793C3F9366450F76EE3DE43F5A125333A6BE060122",
     "9DA0C81787064021E78DF658F2FBB0B042BF304665DB721F077A4298B095E4834C082C03D83028EFBF93A3C23940CA8D"},
    {"SHA-256", "sample",
     "180AE9F9AEC5438A44BC159A1FCB277C7BE54FA20E7CF404B490650A8ACC414E375572342863C899F9F2EDF9747A9B60",
     "21B13D1E013C7FA1392D03C5F99AF8B30C570C6F98D4EA8E354B63A21D3DAA33BDE1E888E63355D92FA2B3C36D8FB2CD",
     "F3AA443FB107745BF4BD77CB3891674632068A10CA67E3D45DB2266FA7D1FEEBEFDC63ECCD1AC42EC0CB8668A4FA0AB0"},
    {"SHA-384", "sample",
     "94ED910D1A099DAD3254E9242AE85ABDE4BA15168EAF0CA87A555FD56D10FBCA2907E3E83BA95368623B8C4686915CF9",
     "94EDBB92A5ECB8AAD4736E56C691916B3F88140666CE9FA73D64C4EA95AD133C81A648152E44ACF96E36DD1E80FABE46",
     "99EF4AEB15F178CEA1FE40DB2603138F130E740A19624526203B6351D0A3A94FA329C145786E679E7B82C71A38628AC8"},
    {"SHA-512", "sample",
     "92FC3C7183A883E24216D1141F1A8976C5B0DD797DFA597E3D7B32198BD35331A4E966532593A52980D0E3AAA5E10EC3",
     "ED0959D5880AB2D869AE7F6C2915C6D60F96507F9CB3E047C0046861DA4A799CFE30F35CC900056D7C99CD7882433709",
     "512C8CCEEE3890A84058CE1E22DBC2198F42323CE8ACA9135329F03C068E5112DC7CC3EF3446DEFCEB01A45C2667FDD5"},
    {"SHA-1", "test",
     "66CC2C8F4D303FC962E5FF6A27BD79F84EC812DDAE58CF5243B64A4AD8094D47EC3727F3A3C186C15054492E30698497",
     "4BC35D3A50EF4E30576F58CD96CE6BF638025EE624004A1F7789A8B8E43D0678ACD9D29876DAF46638645F7F404B11C7",
     "D5A6326C494ED3FF614703878961C0FDE7B2C278F9A65FD8C4B7186201A2991695BA1C84541327E966FA7B50F7382282"},
    {"SHA-224", "test",
     "18FA39DB95AA5F561F30FA3591DC59C0FA3653A80DAFFA0B48D1A4C6DFCBFF6E3D33BE4DC5EB8886A8ECD093F2935726",
     "E8C9D0B6EA72A0E7837FEA1D14A1A9557F29FAA45D3E7EE888FC5BF954B5E62464A9A817C47FF78B8C11066B24080E72",
     "07041D4A7A0379AC7232FF72E6F77B6DDB8F09B16CCE0EC3286B2BD43FA8C6141C53EA5ABEF0D8231077A04540A96B66"},
    {"SHA-256", "test",
     "0CFAC37587532347DC3389FDC98286BBA8C73807285B184C83E62E26C401C0FAA48DD070BA79921A3457ABFF2D630AD7",
     "6D6DEFAC9AB64DABAFE36C6BF510352A4CC27001263638E5B16D9BB51D451559F918EEDAF2293BE5B475CC8F0188636B",
     "2D46F3BECBCC523D5F1A1256BF0C9B024D879BA9E838144C8BA6BAEB4B53B47D51AB373F9845C0514EEFB14024787265"},
    {"SHA-384", "test",
     "015EE46A5BF88773ED9123A5AB0807962D193719503C527B031B4C2D225092ADA71F4A459BC0DA98ADB95837DB8312EA",
     "8203B63D3C853E8D77227FB377BCF7B7B772E97892A80F36AB775D509D7A5FEB0542A7F0812998DA8F1DD3CA3CF023DB",
     "DDD0760448D42D8A43AF45AF836FCE4DE8BE06B485E9B61B827C2F13173923E06A739F040649A667BF3B828246BAA5A5"},
    {"SHA-512", "test",
     "3780C4F67CB15518B6ACAE34C9F83568D2E12E47DEAB6C50A4E4EE5319D1E8CE0E2CC8A136036DC4B9C00E6888F66B6C",
     "A0D5D090C9980FAF3C2CE57B7AE951D31977DD11C775D314AF55F76C676447D06FB6495CD21B4B6E340FC236584FB277",
     "976984E59B4C77B0E8E4460DCA3D9F20E07B9BB1F63BEEFAF576F6B2E8B224634A2092CD3792E0159AD9CEE37659C736"},
};

template <class C, class H>
void check_rfc6979_case(const char* x_hex, const Rfc6979Case& c) {
  using E = Ecdsa<C, H>;
  const Bytes x = from_hex(x_hex);
  auto sk = E::PrivateKey::from_bytes(x);
  ASSERT_TRUE(sk) << sk.what();
  // k straight from the nonce generator (RFC 6979 s3.2 steps a-h).
  typename E::Digest h;
  E::hash(str_bytes(c.message), h);
  std::array<std::uint8_t, C::scalar_bytes> h1{}, k{};
  bits2int<C::order_bits, C::scalar_bytes>(h, h1);
  // bits2octets: reduce mod q once (h1 < 2^qlen < 2q).
  const auto e = Scalar<C>::from_bytes_reduce(h1);
  e.to_bytes(h1);
  Rfc6979<H, C::order_bits> gen(std::span<const std::uint8_t, C::scalar_bytes>(x.data(), C::scalar_bytes), h1, {});
  gen.next(k, GroupOrder<C>::n);
  EXPECT_EQ(test::to_hex(k), test::to_hex(from_hex(c.k))) << C::name << " " << c.hash << " " << c.message;
  // r, s through the public API, the same with the digest, and via sign_internal(k).
  auto sig = E::sign_deterministic(*sk, str_bytes(c.message));
  ASSERT_TRUE(sig) << sig.what();
  const std::string want = test::to_hex(from_hex(std::string(c.r) + c.s));
  EXPECT_EQ(test::to_hex(*sig), want) << C::name << " " << c.hash << " " << c.message;
  auto sig_d = E::sign_digest_deterministic(*sk, h);
  ASSERT_TRUE(sig_d);
  EXPECT_EQ(test::to_hex(*sig_d), want);
  auto sig_k = E::sign_internal(*sk, str_bytes(c.message), from_hex(c.k));
  ASSERT_TRUE(sig_k) << sig_k.what();
  EXPECT_EQ(test::to_hex(*sig_k), want);
  EXPECT_TRUE(E::verify(sk->public_key(), str_bytes(c.message), *sig));
  EXPECT_TRUE(E::verify_digest(sk->public_key(), h, *sig));
}

template <class C>
void run_rfc6979(const char* x, const char* ux, const char* uy, std::span<const Rfc6979Case> cases) {
  auto sk = PrivateKey<C>::from_bytes(from_hex(x));
  ASSERT_TRUE(sk);
  EXPECT_EQ(test::to_hex(sk->public_key().x()), test::to_hex(from_hex(ux)));
  EXPECT_EQ(test::to_hex(sk->public_key().y()), test::to_hex(from_hex(uy)));
  int run = 0, skipped = 0;
  for (const auto& c : cases) {
    const std::string h = c.hash;
    if (h == "SHA-1") { ++skipped; continue; }  // Tessera has no SHA-1
    if (h == "SHA-224") check_rfc6979_case<C, Sha224>(x, c);
    if (h == "SHA-256") check_rfc6979_case<C, Sha256>(x, c);
    if (h == "SHA-384") check_rfc6979_case<C, Sha384>(x, c);
    if (h == "SHA-512") check_rfc6979_case<C, Sha512>(x, c);
    ++run;
  }
  EXPECT_EQ(run, 8);
  std::printf("[ RFC 6979 ] %s: %d cases run, %d skipped (SHA-1: not in Tessera)\n", C::name, run, skipped);
}

TEST(EcdsaRfc6979, AppendixA25P256) { run_rfc6979<P256>(kA25X, kA25Ux, kA25Uy, kA25); }
TEST(EcdsaRfc6979, AppendixA26P384) { run_rfc6979<P384>(kA26X, kA26Ux, kA26Uy, kA26); }
TEST(EcdsaRfc6979, Sha1CasesSkipped) {
  GTEST_SKIP() << "RFC 6979 A.2.5/A.2.6 SHA-1 cases: Tessera has no SHA-1 (4 cases)";
}

// ---- The scheme -------------------------------------------------------------------------

template <class E>
void check_scheme_basics() {
  auto kp = E::generate_key();
  ASSERT_TRUE(kp) << kp.what();
  const Bytes msg = from_hex("48656C6C6F2C20454344534121");
  // Hedged: two signatures of one message differ, both verify.
  auto s1 = E::sign(kp->private_key, msg), s2 = E::sign(kp->private_key, msg);
  ASSERT_TRUE(s1 && s2);
  EXPECT_NE(*s1, *s2);
  EXPECT_TRUE(E::verify(kp->public_key, msg, *s1));
  EXPECT_TRUE(E::verify(kp->public_key, msg, *s2));
  // Deterministic (where defined): equal signatures.
  if constexpr (E::has_deterministic) {
    auto d1 = E::sign_deterministic(kp->private_key, msg), d2 = E::sign_deterministic(kp->private_key, msg);
    ASSERT_TRUE(d1 && d2);
    EXPECT_EQ(*d1, *d2);
    EXPECT_NE(*d1, *s1);
    EXPECT_TRUE(E::verify(kp->public_key, msg, *d1));
  } else {
    auto d = E::sign_deterministic(kp->private_key, msg);
    ASSERT_FALSE(d);
    EXPECT_EQ(d.error(), Error::unsupported);
  }
  // Wrong message, flipped bits, wrong lengths.
  Bytes other = msg;
  other[0] ^= 1;
  EXPECT_FALSE(E::verify(kp->public_key, other, *s1));
  for (std::size_t i = 0; i < E::signature_bytes; i += 7) {
    auto bad = *s1;
    bad[i] ^= 0x10;
    EXPECT_FALSE(E::verify(kp->public_key, msg, bad)) << i;
  }
  EXPECT_FALSE(E::verify(kp->public_key, msg, std::span(*s1).first(E::signature_bytes - 1)));
  Bytes longer(s1->begin(), s1->end());
  longer.push_back(0);
  EXPECT_FALSE(E::verify(kp->public_key, msg, longer));
  // r or s zero or >= n: rejected (FIPS 186-5 6.4.2 step 1).
  const auto& n = GroupOrder<typename E::Curve>::n;
  constexpr std::size_t sb = E::scalar_bytes;
  for (int which = 0; which < 2; ++which) {
    auto bad = *s1;
    std::fill_n(bad.begin() + which * static_cast<std::ptrdiff_t>(sb), sb, 0);
    EXPECT_FALSE(E::verify(kp->public_key, msg, bad));
    std::copy(n.begin(), n.end(), bad.begin() + which * static_cast<std::ptrdiff_t>(sb));
    EXPECT_FALSE(E::verify(kp->public_key, msg, bad));
    std::fill_n(bad.begin() + which * static_cast<std::ptrdiff_t>(sb), sb, 0xFF);
    EXPECT_FALSE(E::verify(kp->public_key, msg, bad));
  }
  // DER: round trip, verify_der, and a non-canonical DER of the same (r, s) rejected.
  auto der = E::sign_der(kp->private_key, msg);
  ASSERT_TRUE(der);
  EXPECT_TRUE(E::verify_der(kp->public_key, msg, der->bytes()));
  auto raw = E::from_der(der->bytes());
  ASSERT_TRUE(raw);
  EXPECT_TRUE(E::verify(kp->public_key, msg, *raw));
  auto der2 = E::to_der(*raw);
  ASSERT_TRUE(der2);
  EXPECT_EQ(test::to_hex(der2->bytes()), test::to_hex(der->bytes()));
  Bytes padded(der->bytes().begin(), der->bytes().end());
  padded.push_back(0);
  EXPECT_FALSE(E::verify_der(kp->public_key, msg, padded));
  EXPECT_FALSE(E::verify_der(kp->public_key, msg, *s1));  // raw bytes are not DER
  // sign_digest checks the digest length.
  auto bad_digest = E::sign_digest(kp->private_key, Bytes(E::digest_bytes + 1));
  ASSERT_FALSE(bad_digest);
  EXPECT_EQ(bad_digest.error(), Error::invalid_length);
  EXPECT_FALSE(E::verify_digest(kp->public_key, Bytes(E::digest_bytes - 1), *s1));
  // sign_internal rejects k = 0, k = n and a wrong length.
  auto k0 = E::sign_internal(kp->private_key, msg, Bytes(sb, 0));
  ASSERT_FALSE(k0);
  EXPECT_EQ(k0.error(), Error::invalid_argument);
  auto kn = E::sign_internal(kp->private_key, msg, Bytes(n.begin(), n.end()));
  ASSERT_FALSE(kn);
  EXPECT_EQ(kn.error(), Error::invalid_argument);
  auto klen = E::sign_internal(kp->private_key, msg, Bytes(sb - 1, 1));
  ASSERT_FALSE(klen);
  EXPECT_EQ(klen.error(), Error::invalid_length);
  // Empty message.
  auto se = E::sign(kp->private_key, {});
  ASSERT_TRUE(se);
  EXPECT_TRUE(E::verify(kp->public_key, {}, *se));
}

TEST(EcdsaScheme, P256AllHashes) {
  check_scheme_basics<Ecdsa<P256, Sha224>>();
  check_scheme_basics<Ecdsa<P256, Sha256>>();
  check_scheme_basics<Ecdsa<P256, Sha384>>();
  check_scheme_basics<Ecdsa<P256, Sha512>>();
  check_scheme_basics<Ecdsa<P256, Sha512_224>>();
  check_scheme_basics<Ecdsa<P256, Sha512_256>>();
  check_scheme_basics<Ecdsa<P256, Sha3_224>>();
  check_scheme_basics<Ecdsa<P256, Sha3_256>>();
  check_scheme_basics<Ecdsa<P256, Sha3_384>>();
  check_scheme_basics<Ecdsa<P256, Sha3_512>>();
  check_scheme_basics<Ecdsa<P256, Shake128_256>>();
  check_scheme_basics<Ecdsa<P256, Shake256_512>>();
}
TEST(EcdsaScheme, P384AllHashes) {
  check_scheme_basics<Ecdsa<P384, Sha224>>();
  check_scheme_basics<Ecdsa<P384, Sha256>>();
  check_scheme_basics<Ecdsa<P384, Sha384>>();
  check_scheme_basics<Ecdsa<P384, Sha512>>();
  check_scheme_basics<Ecdsa<P384, Sha512_224>>();
  check_scheme_basics<Ecdsa<P384, Sha512_256>>();
  check_scheme_basics<Ecdsa<P384, Sha3_224>>();
  check_scheme_basics<Ecdsa<P384, Sha3_256>>();
  check_scheme_basics<Ecdsa<P384, Sha3_384>>();
  check_scheme_basics<Ecdsa<P384, Sha3_512>>();
  check_scheme_basics<Ecdsa<P384, Shake128_256>>();
  check_scheme_basics<Ecdsa<P384, Shake256_512>>();
}

// The example at the top of <tessera/ecdsa.hpp>.
TEST(EcdsaScheme, HeaderExample) {
  const Bytes msg = from_hex("0102030405");
  using tessera::EcdsaP256Sha256;
  auto kp = EcdsaP256Sha256::generate_key();                      // Result<KeyPair>
  ASSERT_TRUE(kp);
  auto sig = EcdsaP256Sha256::sign(kp->private_key, msg);         // hedged, r || s
  ASSERT_TRUE(sig);
  bool ok = EcdsaP256Sha256::verify(kp->public_key, msg, *sig);
  auto der = EcdsaP256Sha256::sign_der(kp->private_key, msg);     // DER SEQUENCE {r, s}
  ASSERT_TRUE(der);
  bool ok2 = EcdsaP256Sha256::verify_der(kp->public_key, msg, der->bytes());
  EXPECT_TRUE(ok && ok2);
}

TEST(EcdsaScheme, Names) {
  EXPECT_STREQ(EcdsaP256Sha256::name, "ECDSA-P-256-SHA2-256");
  EXPECT_STREQ(EcdsaP384Sha384::name, "ECDSA-P-384-SHA2-384");
  EXPECT_STREQ((Ecdsa<P384, Shake256_512>::name), "ECDSA-P-384-SHAKE-256");
  static_assert(!Ecdsa<P256, Shake128_256>::has_deterministic);
  static_assert(SignatureScheme<Ecdsa<P384, Sha3_512>>);
}

// A failing entropy source makes hedged signing fail cleanly (no signature, zero output).
bool failing_source(std::uint8_t*, std::size_t) noexcept { return false; }
TEST(EcdsaScheme, HedgedSigningReportsEntropyFailure) {
  auto kp = EcdsaP256Sha256::generate_key();
  ASSERT_TRUE(kp);
  set_entropy_source(failing_source);
  auto sig = EcdsaP256Sha256::sign(kp->private_key, str_bytes("x"));
  set_entropy_source(nullptr);
  ASSERT_FALSE(sig);
  EXPECT_EQ(sig.error(), Error::randomness_failure);
  // Deterministic signing needs no randomness.
  set_entropy_source(failing_source);
  auto det = EcdsaP256Sha256::sign_deterministic(kp->private_key, str_bytes("x"));
  set_entropy_source(nullptr);
  EXPECT_TRUE(det);
}

}  // namespace
