#!/usr/bin/env python3
"""tessera-fw-bench's output (firmware/bench_main.cpp, under qemu -icount) as the records of
`tessera-bench --json` (bench/schema/bench-result.schema.json), for `tessera-bench compare`.

    qemu-system-arm -M mps2-an500 -icount shift=0 ... -kernel tessera-fw-bench.elf > gcc.txt
    scripts/fw-bench-json.py gcc.txt gcc.json
    tessera-bench compare gcc.json clang.json

The figures are instructions per operation under emulation, and the records say so:
cycle_counter is "qemu_icount", which tells compare to print "instr" (per operation) and
"instr/B" (per byte) instead of cycles and to show no rate. The mapping of each field:
  cycles_*             instructions (the counter is the emulator's instruction count)
  batch, calls         the line's N ops, timed together; samples = 1, so min, median, p90,
                       p99 and max are all that one sample's mean (what the firmware measures)
  counter_hz           1e9: with -icount shift=0 QEMU's virtual clock advances 1 ns per
                       instruction
  seconds, ops_per_sec, bytes_per_sec
                       in that virtual time (the schema requires them): not a real rate;
                       compare does not show them for qemu_icount records
  compiler             the firmware's "compiler:" line (or --compiler)
Lines marked FAIL are refused: a failed operation has no figure worth comparing.
"""
import argparse
import json
import re
import sys
from pathlib import Path

LINE = re.compile(r"^(?P<alg>\S.*?)\s{2,}(?P<op>\S.*?)\s+(?P<n>\d+) ops, avg (?P<insn>\d+) instructions/op"
                  r"(?:, [\d.]+ instructions/byte)? \(qemu -icount\)$")
# Security strength in bits (the schema's "strength" of ops records).
STRENGTH = {"ML-KEM 512": 128, "ML-KEM 768": 192, "ML-KEM 1024": 256, "ML-DSA 44": 128, "ML-DSA 65": 192,
            "ML-DSA 87": 256, "X25519": 128, "ECDHE P-256": 128, "ECDSA P-256": 128}
BLOCK_BYTES = 1024  # the firmware's throughput lines all process g_data (1 KiB)


def version(root: Path) -> str:
    m = re.search(r"project\(tessera VERSION ([\d.]+)", (root / "CMakeLists.txt").read_text())
    return m.group(1) if m else "unknown"


def convert(text: str, args) -> list:
    compiler = args.compiler
    records = []
    for raw in text.splitlines():
        line = raw.rstrip()
        if line.startswith("compiler: ") and compiler is None:
            compiler = re.sub(r"\s+,", ",", " ".join(line[len("compiler: "):].split()))
        if line.startswith("FAIL") or line.startswith("FAULT"):
            sys.exit(f"fw-bench-json: the firmware reported a failure: {line}")
        m = LINE.match(line)
        if not m:
            continue
        alg, op, n, insn = m["alg"], m["op"], int(m["n"]), int(m["insn"])
        throughput = "instructions/byte" in line
        if throughput and op == "1 KiB":  # hashes, HMAC, the DRBG: the operation is the algorithm's
            op = "generate" if alg == "RNG" else "mac" if alg.startswith("HMAC") else "hash"
        seconds = n * insn / 1e9  # virtual: 1 ns per instruction
        r = {
            "implementation": "tessera", "implementation_version": args.tessera_version,
            "algorithm": alg, "operation": op, "label": f"{alg} {op}",
            "kind": "bytes" if throughput else "ops",
            "backend": "portable", "acceleration": "portable",
            "block_bytes": BLOCK_BYTES if throughput else 0,
            "calls": n, "batch": n, "samples": 1, "seconds": seconds, "ops_per_sec": n / seconds,
            "cycles_per_op": insn, "cycles_min": insn, "cycles_median": insn, "cycles_p90": insn,
            "cycles_p99": insn, "cycles_max": insn,
            "cycle_counter": "qemu_icount", "counter_hz": 1e9,
            "cpu": args.cpu, "compiler": compiler or "unknown", "build_type": args.build_type,
            "tessera_version": args.tessera_version,
        }
        if throughput:
            per_byte = insn / BLOCK_BYTES
            r.update(bytes_per_op=BLOCK_BYTES, bytes_per_sec=n * BLOCK_BYTES / seconds, cycles_per_byte=per_byte,
                     cycles_per_byte_median=per_byte, cycles_per_byte_p99=per_byte)
        else:
            r["strength"] = STRENGTH.get(alg, 0)
        records.append(r)
    if not records:
        sys.exit("fw-bench-json: no tessera-fw-bench lines in the input")
    if "ALL PASSED" not in text:
        sys.exit("fw-bench-json: the run did not end with ALL PASSED (cut short?)")
    return records


def main() -> None:
    root = Path(__file__).resolve().parent.parent
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("input", help="tessera-fw-bench's output ('-': stdin)")
    p.add_argument("output", help="the JSON file to write ('-': stdout)")
    p.add_argument("--compiler", help="default: the firmware's 'compiler:' line")
    p.add_argument("--cpu", default="Cortex-M7 (qemu mps2-an500 -icount shift=0)")
    p.add_argument("--build-type", default="MinSizeRel")
    p.add_argument("--tessera-version", default=version(root))
    args = p.parse_args()
    text = sys.stdin.read() if args.input == "-" else Path(args.input).read_text()
    out = json.dumps(convert(text, args), indent=1) + "\n"
    if args.output == "-":
        sys.stdout.write(out)
    else:
        Path(args.output).write_text(out)


if __name__ == "__main__":
    main()
