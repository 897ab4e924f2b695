# Shared by the provider's shell tests (sourced): a scratch directory, a self-signed
# certificate made by the system provider, an `openssl s_server` on a free loopback port,
# and cleanup of everything started, whatever happens. Tests exit 77 (CTest
# SKIP_RETURN_CODE) only when a program they need is absent, saying which.
#
# Environment (set by tests/provider/tls.cmake): OPENSSL (the CLI), TESSERA_MODULE_DIR
# (where tessera.so is), TESSERA_TEST_SRC (this directory).
set -u
OPENSSL=${OPENSSL:-openssl}
: "${TESSERA_MODULE_DIR:?TESSERA_MODULE_DIR must name the directory of tessera.so}"
PROV=(-provider-path "$TESSERA_MODULE_DIR" -provider tessera -provider default)

WORK=$(mktemp -d "${TMPDIR:-/tmp}/tessera-tls.XXXXXX")
STARTED_PIDS=()
cleanup() {
  local pid
  for pid in "${STARTED_PIDS[@]}"; do
    kill "$pid" 2>/dev/null
  done
  for pid in "${STARTED_PIDS[@]}"; do
    wait "$pid" 2>/dev/null
  done
  rm -rf "$WORK"
}
trap cleanup EXIT
trap 'exit 1' INT TERM

fail() {
  echo "FAIL: $*" >&2
  exit 1
}
skip() {
  echo "SKIPPED: $*" >&2
  exit 77
}
need() {
  command -v "$1" >/dev/null 2>&1 || skip "$1 is not installed (scripts/deps.sh installs it)"
}

# make_cert: $WORK/cert.pem, $WORK/key.pem (ECDSA P-256, CN and SAN 127.0.0.1/localhost).
make_cert() {
  "$OPENSSL" req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -days 1 \
    -subj /CN=localhost -addext "subjectAltName=DNS:localhost,IP:127.0.0.1" \
    -keyout "$WORK/key.pem" -out "$WORK/cert.pem" >"$WORK/req.log" 2>&1 || { cat "$WORK/req.log"; fail "openssl req"; }
}

# provider_conf FILE: an openssl.cnf that activates default and tessera (the snippet of
# docs/provider.md), for programs that load the provider through OPENSSL_CONF.
provider_conf() {
  cat >"$1" <<CNF
openssl_conf = openssl_init
[openssl_init]
providers = provider_sect
[provider_sect]
default = default_sect
tessera = tessera_sect
[default_sect]
activate = 1
[tessera_sect]
module = $TESSERA_MODULE_DIR/tessera.so
activate = 1
CNF
}

# start_server LOG ARGS...: `openssl s_server -accept 127.0.0.1:0 ARGS` in the background
# (at most 120 s), its output in LOG; sets SERVER_PID and PORT once it listens.
start_server() {
  local log=$1
  shift
  timeout 120 "$OPENSSL" s_server -accept 127.0.0.1:0 -cert "$WORK/cert.pem" -key "$WORK/key.pem" "$@" \
    >"$log" 2>&1 </dev/null &
  SERVER_PID=$!
  STARTED_PIDS+=("$SERVER_PID")
  local i
  for i in $(seq 1 100); do
    PORT=$(grep -o 'ACCEPT 127\.0\.0\.1:[0-9]*' "$log" 2>/dev/null | head -1 | cut -d: -f2)
    [ -n "$PORT" ] && return 0
    kill -0 "$SERVER_PID" 2>/dev/null || { cat "$log"; fail "s_server exited before listening"; }
    sleep 0.05
  done
  cat "$log"
  fail "s_server did not start listening"
}

server_alive() { kill -0 "$SERVER_PID" 2>/dev/null; }

# client_get LOG ARGS...: an HTTP GET through `openssl s_client` (at most 15 s).
client_get() {
  local log=$1
  shift
  printf 'GET / HTTP/1.0\r\n\r\n' | timeout 15 "$OPENSSL" s_client -connect "127.0.0.1:$PORT" -quiet "$@" >"$log" 2>&1
}

# server_hello_group LOG: the NamedGroup code (decimal) in the key_share of the ServerHello
# that s_server -trace logged ("NamedGroup: <name> (<code>)" in 3.0's trace format).
server_hello_group() {
  sed -n '/ServerHello, Length=/,/^\(Sent\|Received\) Record/p' "$1" | grep -o 'NamedGroup: .*([0-9]*)' |
    head -1 | sed 's/.*(\([0-9]*\))/\1/'
}
