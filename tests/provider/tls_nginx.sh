#!/usr/bin/env bash
# nginx (Debian's, system libssl) with `ssl_ecdh_curve X25519MLKEM768:X25519`, the provider
# loaded through OPENSSL_CONF at startup (`env OPENSSL_CONF;` keeps it for the workers),
# fetched by curl over X25519MLKEM768. The group is proved by nginx itself: the page is
# `$ssl_curve` (SSL_get_negotiated_group; a group OpenSSL 3.0 has no NID for prints as
# 0x11ec), and a plain X25519 client on the same server gets x25519.
# Non-daemon, its own prefix, pid file and logs in a scratch directory; always stopped.
. "$(dirname "$0")/tls_lib.sh"
need nginx
need curl
need python3
make_cert
provider_conf "$WORK/openssl.cnf"
mkdir -p "$WORK/logs" "$WORK/tmp"
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

for attempt in 1 2 3; do
  PORT=$(free_port)
  cat >"$WORK/nginx.conf" <<CONF
daemon off;
master_process off;
worker_processes 1;
pid $WORK/nginx.pid;
error_log $WORK/logs/error.log info;
env OPENSSL_CONF;
events { worker_connections 64; }
http {
  access_log $WORK/logs/access.log;
  client_body_temp_path $WORK/tmp/body;
  proxy_temp_path $WORK/tmp/proxy;
  fastcgi_temp_path $WORK/tmp/fastcgi;
  uwsgi_temp_path $WORK/tmp/uwsgi;
  scgi_temp_path $WORK/tmp/scgi;
  server {
    listen 127.0.0.1:$PORT ssl;
    ssl_certificate $WORK/cert.pem;
    ssl_certificate_key $WORK/key.pem;
    ssl_protocols TLSv1.3;
    ssl_ecdh_curve X25519MLKEM768:X25519;
    location / { default_type text/plain; return 200 "curve=\$ssl_curve\n"; }
  }
}
CONF
  OPENSSL_CONF="$WORK/openssl.cnf" timeout 120 nginx -p "$WORK" -e "$WORK/logs/error.log" -c "$WORK/nginx.conf" \
    >"$WORK/nginx.out" 2>&1 </dev/null &
  NGINX_PID=$!
  STARTED_PIDS+=("$NGINX_PID")
  up=
  for i in $(seq 1 100); do
    kill -0 "$NGINX_PID" 2>/dev/null || break
    if python3 -c "import socket,sys; socket.create_connection(('127.0.0.1', $PORT), 1)" 2>/dev/null; then up=1; break; fi
    sleep 0.05
  done
  [ -n "$up" ] && break
  grep -q 'Address already in use' "$WORK/logs/error.log" "$WORK/nginx.out" 2>/dev/null || {
    cat "$WORK/nginx.out" "$WORK/logs/error.log"; fail "nginx did not start"; }
done
[ -n "$up" ] || fail "nginx found no free port"

fetch() {  # fetch CURVES OUT
  OPENSSL_CONF="$WORK/openssl.cnf" timeout 20 curl -v -sS --insecure --tlsv1.3 --curves "$1" \
    "https://127.0.0.1:$PORT/" >"$2" 2>"$2.log" || { cat "$2.log" "$WORK/logs/error.log"; fail "curl --curves $1 failed"; }
}
fetch X25519MLKEM768 "$WORK/pq.txt"
grep -qx 'curve=0x11ec\|curve=X25519MLKEM768' "$WORK/pq.txt" || { cat "$WORK/pq.txt"; fail "nginx negotiated $(cat "$WORK/pq.txt"), not X25519MLKEM768"; }
echo "ok: curl --curves X25519MLKEM768 -> nginx says $(cat "$WORK/pq.txt")"
fetch X25519 "$WORK/classic.txt"
grep -qix 'curve=x25519' "$WORK/classic.txt" || { cat "$WORK/classic.txt"; fail "X25519 fallback: $(cat "$WORK/classic.txt")"; }
echo "ok: curl --curves X25519 -> nginx says $(cat "$WORK/classic.txt")"
echo "PASS: nginx serves over X25519MLKEM768 through the provider"
