#!/usr/bin/env python3
# Generates aarch64_asm.inc: the scalar aarch64 Keccak-f[1600] kernel of aarch64.cpp (the
# single-state f1600 / absorb_blocks / squeeze_blocks of the neon table), as one top-level
# GNU asm block with three entry points and one register-resident 24-round core.
# Run from this directory: python3 gen_aarch64_asm.py > aarch64_asm.inc
# The script checks its own output first: it runs the emitted instruction list through a
# small model of the instructions (EOR/BIC with a rotated operand, ROR, the literal load of
# the round constant) on random states and compares with FIPS 202 Keccak-f[1600] written
# out below; it refuses to print a kernel that differs.
#
# Register allocation. The 25 lanes A[x + 5y] (FIPS 202, Section 3.1.2) live in x0-x17 and
# x19-x25 for the whole permutation; x26-x30 are the five temporaries. x18 (the platform
# register on some ABIs) is never touched. The entry points save the callee-saved x19-x30
# and keep their own pointers and counts on the stack, so nothing derived from the state is
# ever stored outside the caller's state array and output buffer: no stack slot to wipe.
# The core is called with BL, so it keeps its return address on the stack while it uses
# x30 (and x29, the frame pointer, which is why it is hand-written asm and not inline asm).
#
# Rotation folding ("lazy rotation", after Becker and Kannwischer, "Hybrid scalar/vector
# implementations of Keccak and SPHINCS+ on AArch64", 2022). A64's logical instructions take
# their second operand rotated: EOR Xd, Xn, Xm, ROR #s and BIC Xd, Xn, Xm, ROR #s. So no
# lane is ever rotated explicitly: the generator tracks, for every register, an offset o
# with register = ROL(value, o), and every use of a register as the second operand applies
# the rotation that operation needs (s = o_m - o_d - k for a term ROL(value, k) in a result
# of offset o_d). A result has the offset of its first operand. Then
#   theta (3.2.1)  C[x] = A[x,0] ^ ... ^ A[x,4]           4 EOR per column
#                  D[x] = C[x-1] ^ ROT(C[x+1], 1)         1 EOR, the ROT folded
#                  A[x,y] ^= D[x]                          1 EOR per lane
#   rho (3.2.2)    no instruction: lane (x, y)'s offset drops by r[x, y] (Table 2);
#   pi (3.2.3)     no instruction: renaming (the output lane (x, y) of chi is written into
#                  the register that held A[(x + 3y) mod 5, x]);
#   chi (3.2.4)    A[x] = B[x] ^ (~B[x+1] & B[x+2])        BIC + EOR per lane, in place, the
#                  five temporaries holding the five BIC results of a plane;
#   iota (3.2.5)   LDR (literal) of RC[i_r], EOR into lane (0, 0).
# 102 instructions per round (20 + 5 + 25 + 50 + 2), no load or store but the round
# constant. theta's D needs no sixth temporary: C[0..3] first, D[1] and D[2] applied as soon
# as they are formed (each in the free fifth register), then C[4] into it, then D[3], D[0],
# D[4], each in the register of the C it no longer needs.
# The renaming returns to the identity after 24 rounds (pi's cycle on the 24 lanes other
# than (0, 0)), so Rnd is unrolled 24 times (Algorithm 7; 2,448 instructions, ~9.6 KiB of
# code, once) and the core ends with one ROR per lane whose accumulated offset is nonzero.
#
# Lane complementing (the x86-64 portable kernel's trick, scalar_round.hpp) is not needed:
# BIC is chi's and-not in one instruction.
#
# Measured (qemu-aarch64 -singlestep -d exec,nochain instruction counts, QEMU_CPU=cortex-a53,
# GCC 12, 2026-12-07; docs/aarch64.md "Dynamic instruction counts"; not cycles): f1600 2,524
# per call (the portable C++: 3,620), absorb_blocks of 4 blocks x 17 lanes 10,331 (14,687),
# squeeze_blocks of 4 blocks x 21 lanes 10,255 (14,548).
#
# The round constant is a literal load, not an EOR with an immediate: A64's logical
# immediates are rotated runs of ones, which only 1 of the 24 RC[i_r] is (ROL(RC, o) keeps
# that property, so it would save one instruction per permutation).
# Entry points: the lanes are loaded and stored with LDP/STP; absorb XORs each rate lane with
# LDR + EOR and counts rate_lanes down (SUBS + B.EQ: no read past the block for any rate);
# squeeze stores each lane with STR and compares with rate_lanes. The state pointer, the
# data pointer and the counts are reloaded from the frame once per block.
import random
import sys

RHO = [0, 1, 62, 28, 27, 36, 44, 6, 55, 20, 3, 10, 43, 25, 39, 41, 45, 15, 21, 8, 18, 2, 61, 56, 14]
RC = [0x0000000000000001, 0x0000000000008082, 0x800000000000808A, 0x8000000080008000,
      0x000000000000808B, 0x0000000080000001, 0x8000000080008081, 0x8000000000008009,
      0x000000000000008A, 0x0000000000000088, 0x0000000080008009, 0x000000008000000A,
      0x000000008000808B, 0x800000000000008B, 0x8000000000008089, 0x8000000000008003,
      0x8000000000008002, 0x8000000000000080, 0x000000000000800A, 0x800000008000000A,
      0x8000000080008081, 0x8000000000008080, 0x0000000080000001, 0x8000000080008008]
LANE_REGS = [f'x{i}' for i in range(18)] + [f'x{i}' for i in range(19, 26)]
TEMPS = ['x26', 'x27', 'x28', 'x29', 'x30']
M = (1 << 64) - 1

CORE = 'tessera_keccak_aarch64_core'
F1600 = 'tessera_keccak_f1600_aarch64'
ABSORB = 'tessera_keccak_absorb_blocks_aarch64'
SQUEEZE = 'tessera_keccak_squeeze_blocks_aarch64'


def rol(v, n):
    n %= 64
    return ((v << n) | (v >> (64 - n))) & M if n else v


def src(x, y):
    """Lane of A whose rho image lands at (x, y) (Algorithm 3: A'[x, y] = A[(x + 3y) mod 5, x])."""
    return (x + 3 * y) % 5 + 5 * x


class Core:
    """Emits the 24 rounds as ops ('eor'|'bic', d, n, m, s), ('ror', d, n, s), ('rc', d, r)."""

    def __init__(self):
        self.ops = []
        self.reg = list(LANE_REGS)          # reg[i]: register holding lane i
        self.off = {r: 0 for r in LANE_REGS + TEMPS}

    def op(self, kind, d, n, m, k=0):
        """d = n kind ROL(value(m), k), result offset off[n]."""
        s = (self.off[m] - self.off[n] - k) % 64
        self.ops.append((kind, d, n, m, s))
        self.off[d] = self.off[n]

    def theta(self):
        T = TEMPS
        a = self.reg

        def column(x, t):
            self.op('eor', t, a[x], a[x + 5])
            for y in (2, 3, 4):
                self.op('eor', t, t, a[x + 5 * y])

        def apply(x, t):
            for y in range(5):
                self.op('eor', a[x + 5 * y], a[x + 5 * y], t)

        for x in range(4):
            column(x, T[x])                       # C[0..3] in T0..T3
        self.op('eor', T[4], T[0], T[2], 1)       # D[1] = C[0] ^ ROT(C[2], 1)
        apply(1, T[4])
        self.op('eor', T[4], T[1], T[3], 1)       # D[2] = C[1] ^ ROT(C[3], 1)
        apply(2, T[4])
        column(4, T[4])                           # C[4]
        self.op('eor', T[2], T[2], T[4], 1)       # D[3] = C[2] ^ ROT(C[4], 1)
        apply(3, T[2])
        self.op('eor', T[4], T[4], T[1], 1)       # D[0] = C[4] ^ ROT(C[1], 1)
        apply(0, T[4])
        self.op('eor', T[3], T[3], T[0], 1)       # D[4] = C[3] ^ ROT(C[0], 1)
        apply(4, T[3])

    def rho_pi_chi_iota(self, r):
        for i in range(25):                       # rho: offsets only
            self.off[self.reg[i]] = (self.off[self.reg[i]] - RHO[i]) % 64
        new = [self.reg[src(i % 5, i // 5)] for i in range(25)]  # pi: renaming
        T = TEMPS
        for y in range(5):
            b = [new[x + 5 * y] for x in range(5)]
            for x in range(5):                    # T[x] = B[x+2] & ~B[x+1]
                self.op('bic', T[x], b[(x + 2) % 5], b[(x + 1) % 5])
            for x in range(5):                    # B[x] ^= T[x]
                self.op('eor', b[x], b[x], T[x])
            if y == 0:                            # iota
                self.ops.append(('rc', T[0], r))
                self.off[T[0]] = 0
                self.op('eor', b[0], b[0], T[0])
        self.reg = new

    def build(self):
        for r in range(24):
            self.theta()
            self.rho_pi_chi_iota(r)
        assert self.reg == LANE_REGS, 'the renaming must return to the identity after 24 rounds'
        for i in range(25):
            o = self.off[self.reg[i]]
            if o:
                self.ops.append(('ror', self.reg[i], self.reg[i], o))
                self.off[self.reg[i]] = 0
        return self.ops


def run_model(ops, lanes):
    """The emitted ops on a register file: the check of the generator."""
    regs = {r: 0 for r in LANE_REGS + TEMPS}
    for i, r in enumerate(LANE_REGS):
        regs[r] = lanes[i]
    for o in ops:
        if o[0] == 'rc':
            regs[o[1]] = RC[o[2]]
        elif o[0] == 'ror':
            regs[o[1]] = rol(regs[o[2]], -o[3])
        else:
            kind, d, n, m, s = o
            vm = rol(regs[m], -s)
            regs[d] = regs[n] ^ vm if kind == 'eor' else regs[n] & ~vm & M
    return [regs[r] for r in LANE_REGS]


def reference(a):
    """Keccak-f[1600] straight from FIPS 202, Algorithms 1-4, 6 and 7."""
    a = list(a)
    for r in range(24):
        c = [a[x] ^ a[x + 5] ^ a[x + 10] ^ a[x + 15] ^ a[x + 20] for x in range(5)]
        d = [c[(x + 4) % 5] ^ rol(c[(x + 1) % 5], 1) for x in range(5)]
        a = [a[i] ^ d[i % 5] for i in range(25)]
        b = [0] * 25
        for i in range(25):
            x, y = i % 5, i // 5
            b[y + 5 * ((2 * x + 3 * y) % 5)] = rol(a[i], RHO[i])
        a = [b[i] ^ (~b[(i + 1) % 5 + 5 * (i // 5)] & b[(i + 2) % 5 + 5 * (i // 5)] & M) for i in range(25)]
        a[0] ^= RC[r]
    return a


def fmt(o):
    if o[0] == 'rc':
        return f'ldr {o[1]}, .Lkeccak_rc + {8 * o[2]}'
    if o[0] == 'ror':
        return f'ror {o[1]}, {o[2]}, #{o[3]}'
    kind, d, n, m, s = o
    return f'{kind} {d}, {n}, {m}' + (f', ror #{s}' if s else '')


def transfer_state(pair, single, base):
    """The 25 lanes to or from [base] (base is a temporary): 12 pairs, then lane 24."""
    out = [f'{pair} {LANE_REGS[i]}, {LANE_REGS[i + 1]}, [{base}, #{8 * i}]' for i in range(0, 24, 2)]
    out.append(f'{single} {LANE_REGS[24]}, [{base}, #192]')
    return out


def load_state(base):
    return transfer_state('ldp', 'ldr', base)


def store_state(base):
    return transfer_state('stp', 'str', base)


# Frame of the entry points (128 bytes): x19-x30 at [sp, 0..95], then the state pointer
# [sp, 96], the input/output pointer [sp, 104], the blocks left [sp, 112], rate_lanes
# [sp, 120]. Nothing but these (public) values and the caller's registers.
PROLOGUE = ['stp x19, x20, [sp, #-128]!', 'stp x21, x22, [sp, #16]', 'stp x23, x24, [sp, #32]',
            'stp x25, x26, [sp, #48]', 'stp x27, x28, [sp, #64]', 'stp x29, x30, [sp, #80]']
EPILOGUE = ['ldp x21, x22, [sp, #16]', 'ldp x23, x24, [sp, #32]', 'ldp x25, x26, [sp, #48]',
            'ldp x27, x28, [sp, #64]', 'ldp x29, x30, [sp, #80]', 'ldp x19, x20, [sp], #128', 'ret']


def function(name, body, local=False):
    head = ['.p2align 4'] if local else ['.p2align 4', f'.globl {name}', f'.hidden {name}']
    return head + [f'.type {name}, %function', f'{name}:'] + body + [f'.size {name}, .-{name}']


def entry_points():
    lines = []
    # f1600(state): x0 = state.
    lines += function(F1600, PROLOGUE + ['str x0, [sp, #96]', 'mov x26, x0'] + load_state('x26') +
                      [f'bl {CORE}', 'ldr x26, [sp, #96]'] + store_state('x26') + EPILOGUE)
    # absorb_blocks(state, in, nblocks, rate_lanes): x0..x3. Per block: rate_lanes lanes of in
    # XORed into lanes 0.. (little-endian LDR; 1 <= rate_lanes <= 25), then the permutation.
    xor = []
    for i in range(25):
        xor += [f'ldr x28, [x26, #{8 * i}]', f'eor {LANE_REGS[i]}, {LANE_REGS[i]}, x28',
                'subs x27, x27, #1', 'b.eq 2f']
    lines += function(ABSORB, ['cbz x2, 9f'] + PROLOGUE +
                      ['stp x0, x1, [sp, #96]', 'stp x2, x3, [sp, #112]', 'mov x26, x0'] + load_state('x26') +
                      ['1:', 'ldr x26, [sp, #104]', 'ldr x27, [sp, #120]'] + xor +
                      ['2:', 'ldr x27, [sp, #120]', 'add x26, x26, x27, lsl #3', 'str x26, [sp, #104]',  # in += 8 rate
                       f'bl {CORE}', 'ldr x27, [sp, #112]', 'subs x27, x27, #1', 'str x27, [sp, #112]', 'b.ne 1b',
                       'ldr x26, [sp, #96]'] + store_state('x26') + EPILOGUE + ['9:', 'ret'])
    # squeeze_blocks(state, out, nblocks, rate_lanes): per block the permutation, then the
    # first rate_lanes lanes to out.
    store = []
    for i in range(25):
        store += [f'str {LANE_REGS[i]}, [x26, #{8 * i}]', f'cmp x27, #{i + 1}', 'b.eq 2f']
    lines += function(SQUEEZE, ['cbz x2, 9f'] + PROLOGUE +
                      ['stp x0, x1, [sp, #96]', 'stp x2, x3, [sp, #112]', 'mov x26, x0'] + load_state('x26') +
                      ['1:', f'bl {CORE}', 'ldr x26, [sp, #104]', 'ldr x27, [sp, #120]'] + store +
                      ['2:', 'add x26, x26, x27, lsl #3', 'str x26, [sp, #104]',
                       'ldr x27, [sp, #112]', 'subs x27, x27, #1', 'str x27, [sp, #112]', 'b.ne 1b',
                       'ldr x26, [sp, #96]'] + store_state('x26') + EPILOGUE + ['9:', 'ret'])
    return lines


def main():
    ops = Core().build()
    rng = random.Random(1600)
    for _ in range(20):
        a = [rng.getrandbits(64) for _ in range(25)]
        assert run_model(ops, a) == reference(a), 'generated core differs from FIPS 202'
    assert reference([0] * 25)[0] == 0xF1258F7940E1DDE7
    n_round = sum(1 for o in ops if o[0] != 'ror') // 24
    core = ['str x30, [sp, #-16]!'] + [fmt(o) for o in ops] + ['ldr x30, [sp], #16', 'ret']
    lines = ['.pushsection .text'] + function(CORE, core, local=True) + entry_points()
    lines += ['.p2align 3', '.Lkeccak_rc:'] + [f'.quad 0x{c:016x}' for c in RC] + ['.popsection']
    print('// Generated by gen_aarch64_asm.py (same directory); do not edit by hand.')
    print(f'// Scalar aarch64 Keccak-f[1600]: {CORE} (lanes in x0-x17, x19-x25; {n_round} instructions per')
    print(f'// round, {sum(1 for o in ops if o[0] == "ror")} RORs at the end), {F1600}, {ABSORB},')
    print(f'// {SQUEEZE} (AAPCS64; declared in aarch64.cpp).')
    print('asm(')
    for s in lines:
        indent = '' if s.endswith(':') or s.startswith('.') else '    '
        print(f'    "{indent}{s}\\n"')
    print(');')


if __name__ == '__main__':
    main()
