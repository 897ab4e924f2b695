// Run-time hash identifiers: lengths and ACVP names.
#include <tessera/hash_id.hpp>

namespace tessera {
namespace {

struct HashInfo {
  HashId id;
  std::size_t digest_bytes;
  const char* name;
};
// In enumeration order (the table is indexed by the HashId value; the test checks it).
constexpr HashInfo kHashes[] = {
    {HashId::sha1, 20, "SHA-1"},
    {HashId::sha224, 28, "SHA2-224"},
    {HashId::sha256, 32, "SHA2-256"},
    {HashId::sha384, 48, "SHA2-384"},
    {HashId::sha512, 64, "SHA2-512"},
    {HashId::sha512_224, 28, "SHA2-512/224"},
    {HashId::sha512_256, 32, "SHA2-512/256"},
    {HashId::sha3_224, 28, "SHA3-224"},
    {HashId::sha3_256, 32, "SHA3-256"},
    {HashId::sha3_384, 48, "SHA3-384"},
    {HashId::sha3_512, 64, "SHA3-512"},
    // FIPS 186-5, Section 5.4: with RSA-PSS, SHAKE128 outputs 256 bits and SHAKE256 512 bits
    // (also RFC 8702, Sections 2-3).
    {HashId::shake128, 32, "SHAKE-128"},
    {HashId::shake256, 64, "SHAKE-256"},
};
static_assert(sizeof kHashes / sizeof kHashes[0] == hash_id_count);

constexpr bool table_in_order() {
  for (std::size_t i = 0; i < hash_id_count; ++i) {
    if (static_cast<std::size_t>(kHashes[i].id) != i) return false;
  }
  return true;
}
static_assert(table_in_order());

const HashInfo* info(HashId id) noexcept {
  const auto i = static_cast<std::size_t>(id);
  return i < hash_id_count ? &kHashes[i] : nullptr;
}

}  // namespace

std::size_t digest_bytes(HashId id) noexcept {
  const HashInfo* h = info(id);
  return h ? h->digest_bytes : 0;
}

const char* hash_name(HashId id) noexcept {
  const HashInfo* h = info(id);
  return h ? h->name : "";
}

bool parse_hash_name(std::string_view name, HashId& id) noexcept {
  for (const HashInfo& h : kHashes) {
    if (name == h.name) {
      id = h.id;
      return true;
    }
  }
  return false;
}

}  // namespace tessera
