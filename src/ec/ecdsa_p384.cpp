// ECDSA over P-384 with every hash (FIPS 186-5, Section 6.4): the explicit instantiations.
#include "ec/ecdsa_impl.hpp"

namespace tessera::ec {

template class Ecdsa<P384, Sha224>;
template class Ecdsa<P384, Sha256>;
template class Ecdsa<P384, Sha384>;
template class Ecdsa<P384, Sha512>;
template class Ecdsa<P384, Sha512_224>;
template class Ecdsa<P384, Sha512_256>;
template class Ecdsa<P384, Sha3_224>;
template class Ecdsa<P384, Sha3_256>;
template class Ecdsa<P384, Sha3_384>;
template class Ecdsa<P384, Sha3_512>;
template class Ecdsa<P384, Shake128_256>;
template class Ecdsa<P384, Shake256_512>;

}  // namespace tessera::ec
