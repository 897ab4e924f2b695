#!/usr/bin/env python3
# Generates avx2_asm.inc: the loop bodies (two rounds each) of the AVX2 4-way and 8-way
# Keccak-f[1600] kernels in avx2.cpp, as GCC/clang extended-asm text with explicit register
# allocation. Run from this directory: python3 gen_avx2_asm.py > avx2_asm.inc
#
# Why generated asm: AVX2 has 16 ymm registers, fewer than the 25 lanes. With intrinsics
# GCC 12 spills lanes and temporaries wherever its allocator runs out (1063 TSC cycles per
# 4-way call on Zen 4; clang 14 ~965). Here the spills are planned: the state lives in
# memory (the caller's State4/State8 itself), every lane is read once and written once per
# round, the loads are memory operands of the XOR that applies theta's D, and the base
# registers %[s0..s6] (state + 128 + 256k) keep every displacement to 8 bits.
#
# One round (FIPS 202, Algorithm 7) on 4 states, lane i of the 4 states one ymm, in the
# 'keep' mode used by the 4-way kernel: row 4 of the state (lanes 20-24, the plane computed
# last) stays in ymm11-15 from one round to the next and is never stored inside the loop.
#   theta  C[x] = A[x] ^ A[x+5] ^ A[x+10] ^ A[x+15] from memory into ymm5-9, then ^ A[x+20]
#          from ymm11-15 last (the newest values: the shortest path into the next round);
#          D[x] = C[x-1] ^ rol(C[x+1], 1) into ymm0-4, rol by 1 as (c + c) | c >> 63 (vpaddq
#          runs on all four vector ALU pipes, shifts only on two);
#   rho    per output plane, its five source lanes: b = A ^ D (vpxor with a memory operand),
#          rotated by two shifts and an OR (ymm10 the temporary), offsets 8 and 56 by one
#          vpshufb, offset 1 by vpaddq/vpsrlq/vpor;
#   pi     no instruction: only which lane is read for which plane;
#   chi    e_x = b_x ^ (~b_{x+1} & b_{x+2}) (vpandn, vpxor) into ymm10 and stored; plane 4's
#          outputs go to ymm11-15 instead;
#   iota   vpxor with the round constant, pre-broadcast to four lanes in a table (%[rc]).
# Per round: 184 vector ALU instructions, 20 stores, 41 loads (20 for C, 20 lanes, the round
# constant; all but five are memory operands); no temporary is spilled.
# The other modes: 'carry' keeps C in ymm11-15 instead (accumulated from the chi outputs,
# 20 XORs as well) and stores every lane; 'mem' recomputes C from memory and leaves
# ymm11-15 alone, so that the 8-way kernel can run half 1 ('mem') between the rounds of
# half 0 ('keep'): two independent dependency chains for the out-of-order core.
#
# In place, without a second buffer: plane y reads one lane of each row and writes five,
# so the outputs go to the five memory slots its inputs came from. In the first round of
# the body, output lane (X, y) goes to the slot of input lane (y' + 3y) % 5 + 5y' with
# y' = 2(X - y) % 5; the second round reads those slots and writes each output plane y'
# into slots 5y' .. 5y' + 4 (exactly the slots its inputs occupied), so every two rounds
# the layout is the natural one again (checked by check_layout below). In 'keep' mode the
# same slots work: plane 4 writes none, and the slots it frees are the ones the other
# planes' row-4 inputs would have come from.
#
# Zen 4, TSC cycles per call (best of 3 x 301 x 200 calls; core/TSC clock 1.423; the same
# for GCC 12 and clang 14, the asm being the same):
#   4-way: intrinsics 1063 (GCC) / ~965 (clang); 'carry' 920; 'keep' with row 4 XORed first
#          into C 942, last 917 (54 core cycles per round against the 184 / 4 = 46 of the
#          ALU ops: Zen 4 sustains ~3.7 ops/cycle with this share of shifts); outputs
#          interleaved with the rotations 938; theta's c >> 63 as vpcmpgtq 940.
#   8-way: intrinsics 1890; the 4-way body on each half in turn 1826; 'keep' + 'mem'
#          interleaved 1772, 'mem' + 'mem' 1775.
import sys

RHO = [0, 1, 62, 28, 27, 36, 44, 6, 55, 20, 3, 10, 43, 25, 39, 41, 45, 15, 21, 8, 18, 2, 61, 56, 14]
D_REGS = [0, 1, 2, 3, 4]
B_REGS = [5, 6, 7, 8, 9]
T = 10
C_REGS = [11, 12, 13, 14, 15]


def src(x, y):
    """Lane of A whose rho image lands at (x, y) (Algorithm 3: A'[x, y] = A[x + 3y, x])."""
    return (x + 3 * y) % 5 + 5 * x


def swizzle(lane):
    """Slot of a lane after the first round of the body (see the header)."""
    X, y = lane % 5, lane // 5
    yp = 2 * (X - y) % 5
    return (yp + 3 * y) % 5 + 5 * yp


def check_layout():
    """The in-place slot assignment (see the header) returns to the natural layout after the
    two rounds of the body, with or without row 4 kept in registers."""
    for keep in (False, True):
        slot_in = list(range(20)) + ([None] * 5 if keep else list(range(20, 25)))
        empty = set(range(20, 25)) if keep else set()
        for rnd in range(2):
            slot_out = [None] * 25
            for y in range(5):
                lanes = [src(x, y) for x in range(5)]
                freed = {slot_in[L] for L in lanes if slot_in[L] is not None}
                assert len(freed) == (4 if keep else 5)
                empty |= freed
                if keep and y == 4:
                    continue
                for x in range(5):
                    L = 5 * y + x
                    slot = swizzle(L) if rnd == 0 else L
                    assert slot in empty, (keep, rnd, y, x)  # nothing unread there
                    empty.remove(slot)
                    slot_out[L] = slot
            slot_in = slot_out
        assert slot_in == list(range(20)) + ([None] * 5 if keep else list(range(20, 25)))


def addr(off):
    """Byte offset off from the state as base register + 8-bit displacement: %[sK] is the
    state + 128 + 256K (shorter instructions than one base with 32-bit displacements)."""
    k = off // 256
    return f'{off - 128 - 256 * k}(%[s{k}])'


def ymm(r):
    return f'%%ymm{r}'


def one_round(emit, rnd, offset, stride, mode):
    """One round on the 4 states at byte offset + stride * slot from the state.
    mode 'carry': C in ymm11-15 on entry, accumulated from the chi outputs for the next round;
    'keep': row 4 of the state in ymm11-15 on entry and exit (never stored), C from the other
    rows in memory; 'mem': every lane in memory, C recomputed from memory (ymm11-15 untouched).
    rnd 0 is the first round of the two-round body (natural layout in, swizzled out)."""
    mem = lambda slot: addr(offset + stride * slot)
    K = C_REGS
    slot_in = list(range(25)) if rnd == 0 else [swizzle(L) for L in range(25)]
    slot_out = [swizzle(L) for L in range(25)] if rnd == 0 else list(range(25))
    # Theta (Algorithm 1): C[x] = xor of column x; D[x] = C[x-1] ^ rol(C[x+1], 1).
    if mode == 'carry':
        CR = C_REGS
    else:
        CR = B_REGS
        last = 4 if mode == 'keep' else 5
        for x in range(5):
            emit(f'vmovdqa {mem(slot_in[x])}, {ymm(CR[x])}')
            for y in range(1, last):
                emit(f'vpxor {mem(slot_in[x + 5 * y])}, {ymm(CR[x])}, {ymm(CR[x])}')
        if mode == 'keep':  # the lanes computed last in the previous round: XORed last
            for x in range(5):
                emit(f'vpxor {ymm(K[x])}, {ymm(CR[x])}, {ymm(CR[x])}')
    for x in range(5):
        c1, c4, d = CR[(x + 1) % 5], CR[(x + 4) % 5], D_REGS[x]
        emit(f'vpsrlq $63, {ymm(c1)}, {ymm(T)}')
        emit(f'vpaddq {ymm(c1)}, {ymm(c1)}, {ymm(d)}')
        emit(f'vpor {ymm(T)}, {ymm(d)}, {ymm(d)}')
        emit(f'vpxor {ymm(c4)}, {ymm(d)}, {ymm(d)}')

    # Rho (Algorithm 2), pi (Algorithm 3), chi (Algorithm 4), iota (Algorithm 6), plane by
    # plane: b_x = rol(A[src(x, y)] ^ D, r), e_x = b_x ^ (~b_{x+1} & b_{x+2}).
    for y in range(5):
        lanes = [src(x, y) for x in range(5)]

        def theta_rho(x):
            L, b = lanes[x], B_REGS[x]
            a = ymm(K[L % 5]) if mode == 'keep' and L >= 20 else mem(slot_in[L])
            emit(f'vpxor {a}, {ymm(D_REGS[L % 5])}, {ymm(b)}')
            rotate(emit, b, RHO[L])

        def chi(x):
            b0, b1, b2 = B_REGS[x], B_REGS[(x + 1) % 5], B_REGS[(x + 2) % 5]
            if mode == 'carry' and y == 0:
                dst = C_REGS[x]
            elif mode == 'keep' and y == 4:
                dst = K[x]
            else:
                dst = T
            emit(f'vpandn {ymm(b2)}, {ymm(b1)}, {ymm(dst)}')
            emit(f'vpxor {ymm(b0)}, {ymm(dst)}, {ymm(dst)}')
            if y == 0 and x == 0:
                emit(f'vpxor {32 * rnd}(%[rc]), {ymm(dst)}, {ymm(dst)}')  # iota
            if not (mode == 'keep' and y == 4):
                emit(f'vmovdqa {ymm(dst)}, {mem(slot_out[5 * y + x])}')
            if mode == 'carry' and y > 0:
                emit(f'vpxor {ymm(T)}, {ymm(C_REGS[x])}, {ymm(C_REGS[x])}')

        for x in range(5):
            theta_rho(x)
        for x in range(5):
            chi(x)


def rotate(emit, b, r):
    if r == 0:
        pass
    elif r in (8, 56):
        emit(f'vpshufb {"%[rot8]" if r == 8 else "%[rot56]"}, {ymm(b)}, {ymm(b)}')
    elif r == 1:
        emit(f'vpsrlq $63, {ymm(b)}, {ymm(T)}')
        emit(f'vpaddq {ymm(b)}, {ymm(b)}, {ymm(b)}')
        emit(f'vpor {ymm(T)}, {ymm(b)}, {ymm(b)}')
    else:
        emit(f'vpsllq ${r}, {ymm(b)}, {ymm(T)}')
        emit(f'vpsrlq ${64 - r}, {ymm(b)}, {ymm(b)}')
        emit(f'vpor {ymm(T)}, {ymm(b)}, {ymm(b)}')


def theta_c(offset, stride):
    """Entry of the 'carry' mode: C[x] from memory into ymm11-15 (natural layout)."""
    out = []
    for x in range(5):
        out.append(f'vmovdqa {addr(offset + stride * x)}, {ymm(C_REGS[x])}')
        for y in range(1, 5):
            out.append(f'vpxor {addr(offset + stride * (x + 5 * y))}, {ymm(C_REGS[x])}, {ymm(C_REGS[x])}')
    return out


def load_row4(offset, stride):
    return [f'vmovdqa {addr(offset + stride * (20 + x))}, {ymm(C_REGS[x])}' for x in range(5)]


def store_row4(offset, stride):
    return [f'vmovdqa {ymm(C_REGS[x])}, {addr(offset + stride * (20 + x))}' for x in range(5)]


def kernel(halves, modes):
    """(entry, two-round loop body, exit) for the given halves (byte offset, stride)."""
    entry, body, exit_ = [], [], []
    for (off, st), mode in zip(halves, modes):
        if mode == 'carry':
            entry += theta_c(off, st)
        elif mode == 'keep':
            entry += load_row4(off, st)
            exit_ += store_row4(off, st)
    for rnd in range(2):
        for (off, st), mode in zip(halves, modes):
            one_round(body.append, rnd, off, st, mode)
    return entry, body, exit_


def define(name, lines):
    print(f'// {len(lines)} instructions')
    print(f'#define {name} \\')
    print(' \\\n'.join([f'  "{s}\\n"' for s in lines] or ['  ""']))


def main():
    check_layout()
    x4 = sys.argv[1] if len(sys.argv) > 1 else 'keep'
    x8 = sys.argv[2].split(',') if len(sys.argv) > 2 else ['keep', 'mem']
    print('// Generated by gen_avx2_asm.py (same directory); do not edit by hand.')
    print('// Keccak-f[1600] on 4 / 8 interleaved states in memory (AVX2, ymm0-15): _ENTRY, then')
    print('// 12 times _ROUNDS (two rounds; round constants at %[rc], 32 bytes each; byte-rotation')
    print('// masks %[rot8], %[rot56]; state + 128 + 256k in %[sk]), then _EXIT.')
    for name, halves, modes in (('X4', [(0, 32)], [x4]), ('X8', [(0, 64), (32, 64)], x8)):
        entry, body, exit_ = kernel(halves, modes)
        define(f'TESSERA_KECCAK_AVX2_{name}_ENTRY', entry)
        define(f'TESSERA_KECCAK_AVX2_{name}_ROUNDS', body)
        define(f'TESSERA_KECCAK_AVX2_{name}_EXIT', exit_)


if __name__ == '__main__':
    main()
