#!/usr/bin/env python3
# Generates avx512_asm.inc: the loop bodies (two rounds each) of the lane-parallel AVX-512
# Keccak-f[1600] kernels in avx512.cpp, as GCC/clang extended-asm text with explicit
# register allocation. Run from this directory: python3 gen_avx512_asm.py > avx512_asm.inc
#
# Why generated asm: with intrinsics, GCC 12 allocates the 25 lanes + theta/chi temporaries
# of the 8-way (zmm) round with ~15 spill loads/stores per round and an instruction order
# that Zen 4 runs at ~67 cycles per round; the explicit allocation below has no spills
# (25 lanes in zmm0-24, temporaries in zmm25-31) and runs both compilers' builds at the
# same speed (see the measurements in avx512.cpp).
#
# One round (FIPS 202, Algorithm 7), A lane x + 5y in register M[x + 5y]:
#   theta  C[x] = copy of A[x], two vpternlogq (five-way XOR); D[x] = C[x-1] ^ rol(C[x+1], 1)
#          computed into the C registers as they die (5 D + 2 free registers: no spill);
#   rho    per output plane, each of its five source lanes gets A ^= D (vpxorq) and vprolq in
#          place, just before the chi outputs that need it (an XOR / rotate / chi mix keeps
#          Zen 4's two rotate pipes and four logic pipes busy together);
#   pi     no instruction: the generator tracks which register holds which lane;
#   chi    per output plane y, b_x = rotated A[pi^-1(x, y)], e_x = b_x ^ (~b_{x+1} & b_{x+2})
#          with vpternlogq 0xD2 -- the first two outputs into fresh registers (copies of
#          b_0, b_1), the last three in place over b_2, b_3, b_4, whose last use they are;
#   iota   vpxorq with the round constant broadcast from memory (%[rc]).
# After two rounds, register moves put lane i back in register i (moves are eliminated
# at rename on Zen 4 and cost no execution slot).
# Measured alternatives (Zen 4, 8-way, TSC cycles per call): D folded into a vpternlogq per
# lane after all C (90 ops/round instead of 95) 1068; rotating all lanes right after theta
# 1140; rotations of the next plane interleaved with chi 1141-1165; the lazy XOR below 1005.
import sys

RHO = [0, 1, 62, 28, 27, 36, 44, 6, 55, 20, 3, 10, 43, 25, 39, 41, 45, 15, 21, 8, 18, 2, 61, 56, 14]
XOR3, CHI = 0x96, 0xD2  # vpternlogq truth tables: bit (4 dst + 2 src2 + src3) = f


def pi_src(x, y):
    """Lane index of A whose rho image lands at (x, y) (Algorithm 3: A'[x,y] = A[x+3y, x])."""
    return (x + 3 * y) % 5 + 5 * x


def body(width):
    out = []
    bcast = '%{1to8%}' if width == 'zmm' else '%{1to4%}'
    reg = lambda r: f'%%{width}{r}'
    tl = lambda im, dst, s2, s3: out.append(f'vpternlogq ${im:#x}, {reg(s3)}, {reg(s2)}, {reg(dst)}')
    mov = lambda dst, src: out.append(f'vmovdqa64 {reg(src)}, {reg(dst)}')
    rol = lambda dst, src, n: out.append(f'vprolq ${n}, {reg(src)}, {reg(dst)}')
    M = list(range(25))  # lane -> register
    free = list(range(25, 32))

    def alloc():
        return free.pop(0)

    for rc_off in (0, 8):
        # Theta: column parities.
        C = []
        for x in range(5):
            t = alloc()
            mov(t, M[x])
            tl(XOR3, t, M[x + 5], M[x + 10])
            tl(XOR3, t, M[x + 15], M[x + 20])
            C.append(t)
        # Theta: D[x] = C[x-1] ^ rol(C[x+1], 1), each into a register whose C is dead.
        c0, c1, c2, c3, c4 = C
        xor = lambda src, dst: out.append(f'vpxorq {reg(src)}, {reg(dst)}, {reg(dst)}')
        d0 = alloc()
        rol(d0, c1, 1)
        xor(c4, d0)  # D0 = C4 ^ rol(C1)
        t = alloc()
        rol(t, c3, 1)
        xor(t, c1)  # D2 = C1 ^ rol(C3), over C1 (last use)
        d1 = t
        rol(d1, c2, 1)
        xor(c0, d1)  # D1 = C0 ^ rol(C2)
        rol(c4, c4, 1)
        xor(c4, c2)  # D3 = C2 ^ rol(C4), over C2
        rol(c0, c0, 1)
        xor(c0, c3)  # D4 = C3 ^ rol(C0), over C3
        D = [d0, d1, c1, c2, c3]
        free.extend([c4, c0])
        # Rho, pi, chi plane by plane; iota after the first plane.
        E = [None] * 25
        for y in range(5):
            src = [pi_src(x, y) for x in range(5)]

            def theta_rho(i):
                xor(D[i % 5], M[i])
                if RHO[i]:
                    rol(M[i], M[i], RHO[i])

            for i in src[:3]:
                theta_rho(i)
            b = [M[i] for i in src]
            t0 = alloc()
            mov(t0, b[0])
            tl(CHI, t0, b[1], b[2])
            theta_rho(src[3])
            t1 = alloc()
            mov(t1, b[1])
            tl(CHI, t1, b[2], b[3])
            theta_rho(src[4])
            tl(CHI, b[2], b[3], b[4])
            tl(CHI, b[3], b[4], b[0])
            tl(CHI, b[4], b[0], b[1])
            E[5 * y: 5 * y + 5] = [t0, t1, b[2], b[3], b[4]]
            free.extend([b[0], b[1]])
            if y == 4:
                free.extend(D)
            if y == 0:
                out.append(f'vpxorq {rc_off}(%[rc]){bcast}, {reg(E[0])}, {reg(E[0])}')
        M = E
    # Lane L back to register L: move a lane whose home register is empty, else break a
    # cycle through a free register.
    while True:
        held = {M[L]: L for L in range(25)}
        bad = [L for L in range(25) if M[L] != L]
        if not bad:
            break
        ready = [L for L in bad if L not in held]
        L = ready[0] if ready else bad[0]
        dst = L if ready else next(r for r in range(25, 32) if r not in held)
        mov(dst, M[L])
        M[L] = dst
    return out


print('// Generated by gen_avx512_asm.py (same directory); do not edit by hand.')
print('// Two Keccak-f[1600] rounds on 8 (zmm) / 4 (ymm) interleaved states; lane i in register i.')
for name, width in (('TESSERA_KECCAK_X8_ROUNDS', 'zmm'), ('TESSERA_KECCAK_X4_ROUNDS', 'ymm')):
    lines = body(width)
    print(f'// {len(lines)} instructions')
    print(f'#define {name} \\')
    print(' \\\n'.join(f'  "{s}\\n"' for s in lines))
