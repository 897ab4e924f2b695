# Tessera 0.1.0 (project(tessera VERSION 0.1.0) in CMakeLists.txt). The project has no
# release tags yet: this pins the commit the layer was written against; move it to the
# v0.1.0 tag's commit when there is one.
require tessera.inc

SRCREV = "a6aa3582c37f64478c90fef23236ade5a76face3"
