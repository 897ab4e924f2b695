#!/usr/bin/env python3
"""Sends one TLS 1.3 ClientHello with a malformed key share and reports the server's alert.

Usage: tls_bad_share.py PORT CASE; prints the alert description number and exits 0 when
the server answered with a fatal alert (RFC 8446, s6), 1 otherwise. No cryptography is
needed: the server must reject the share before it sends anything but an alert.
Cases (draft-ietf-tls-ecdhe-mlkem s4 / draft-ietf-tls-mlkem / FIPS 203 s7.2):
  x25519mlkem768-short   0x11EC share of 1215 bytes instead of 1216
  mlkem768-modulus       0x0201 share whose first coefficient is 4095 >= q
  p256mlkem768-offcurve  0x11EB share whose P-256 point is not on the curve
  empty                  0x11EC share of length 0
"""
import os
import socket
import struct
import sys


def u8(b):
    return struct.pack("!B", len(b)) + b


def u16(b):
    return struct.pack("!H", len(b)) + b


def ext(kind, body):
    return struct.pack("!H", kind) + u16(body)


def share(case):
    if case == "x25519mlkem768-short":
        return 0x11EC, os.urandom(1215)
    if case == "mlkem768-modulus":
        return 0x0201, b"\xff\xff\xff" + os.urandom(1184 - 3)
    if case == "p256mlkem768-offcurve":
        return 0x11EB, b"\x04" + b"\x01" * 64 + os.urandom(1184)
    if case == "empty":
        return 0x11EC, b""
    raise SystemExit("unknown case " + case)


def client_hello(group, key_exchange):
    exts = b"".join([
        ext(43, u8(b"\x03\x04")),                                   # supported_versions: TLS 1.3
        ext(10, u16(struct.pack("!H", group))),                     # supported_groups
        ext(13, u16(struct.pack("!HHH", 0x0403, 0x0804, 0x0401))),  # signature_algorithms
        ext(51, u16(struct.pack("!H", group) + u16(key_exchange))), # key_share
    ])
    body = (b"\x03\x03" + os.urandom(32) + u8(os.urandom(32)) + u16(b"\x13\x01\x13\x02") + u8(b"\x00")
            + u16(exts))
    hs = b"\x01" + struct.pack("!I", len(body))[1:] + body
    return b"\x16\x03\x01" + u16(hs)


def main():
    port, case = int(sys.argv[1]), sys.argv[2]
    group, ke = share(case)
    with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
        s.sendall(client_hello(group, ke))
        data = b""
        while len(data) < 7:
            chunk = s.recv(4096)
            if not chunk:
                break
            data += chunk
    if len(data) >= 7 and data[0] == 0x15 and data[5] == 2:
        print(data[6])
        return 0
    print("no fatal alert; got %r" % data[:16], file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
