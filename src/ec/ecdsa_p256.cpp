// ECDSA over P-256 with every hash (FIPS 186-5, Section 6.4): the explicit instantiations.
#include "ec/ecdsa_impl.hpp"

namespace tessera::ec {

template class Ecdsa<P256, Sha224>;
template class Ecdsa<P256, Sha256>;
template class Ecdsa<P256, Sha384>;
template class Ecdsa<P256, Sha512>;
template class Ecdsa<P256, Sha512_224>;
template class Ecdsa<P256, Sha512_256>;
template class Ecdsa<P256, Sha3_224>;
template class Ecdsa<P256, Sha3_256>;
template class Ecdsa<P256, Sha3_384>;
template class Ecdsa<P256, Sha3_512>;
template class Ecdsa<P256, Shake128_256>;
template class Ecdsa<P256, Shake256_512>;

}  // namespace tessera::ec
