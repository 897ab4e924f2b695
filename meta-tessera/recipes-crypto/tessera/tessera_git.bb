# Tessera's development head. Not chosen unless asked for, so that images stay on the
# pinned release: PREFERRED_VERSION_tessera = "0.1.0+git%" in local.conf.
require tessera.inc

# "+git": bitbake appends the commit (SRCPV) to the version.
PV = "0.1.0+git"
SRCREV = "${AUTOREV}"
DEFAULT_PREFERENCE = "-1"
