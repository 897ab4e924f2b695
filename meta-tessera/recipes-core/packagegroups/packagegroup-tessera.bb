SUMMARY = "Tessera on the target: tessera-bench, the OpenSSL provider and its configuration"
DESCRIPTION = "tessera-bench, tessera.so activated system wide by tessera-provider-config, \
and the openssl CLI (to check the provider with 'openssl list -providers' and to compare \
'openssl speed' with the bench). The bench's OpenSSL and liboqs peers are linked into \
tessera-bench when tessera's PACKAGECONFIG has peer-openssl / peer-liboqs, so their \
libraries come in through its shared-library dependencies."
LICENSE = "MIT"

inherit packagegroup

RDEPENDS:${PN} = "tessera-bench tessera-provider tessera-provider-config openssl-bin"
