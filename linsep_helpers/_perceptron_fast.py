"""The fast cyclic perceptron: the same run as ``perceptron._plain_loop``, bit for bit.

The plain loop tests one example at a time, ``y_i * (w @ X[i] + b) <= 0`` (a BLAS ``dot``).
This module finds the same next mistake with one matrix-vector product (BLAS ``gemv``) over a
chunk of upcoming examples.  ``gemv`` and ``dot`` sum the d products in different orders, so
their floats can differ in the last bits; a near-tie could then flip a decision.  The search
is therefore *guarded*:

    For any order of summation, |fl(x.w) - x.w| <= gamma_d sum_j |x_j w_j|
    <= gamma_d ||x|| ||w||  with gamma_d = d u / (1 - d u), u = 2^-53 (Higham, Accuracy and
    Stability of Numerical Algorithms, 3.1), so the two computed margins differ by at most
    T/2 with T = 4 (d + 2) u R W, R >= max ||x_i|| (R = ||X||_F), W >= ||w||.

A row is a *candidate* when its gemv margin is <= the threshold + T (every mistake of the
plain loop is a candidate: rounding is monotone, so the float comparison cannot lose it).  A
candidate whose gemv margin is below the threshold - T is a mistake for the plain loop too;
any other candidate (a near-tie) is decided by evaluating the plain loop's very expression.
The updates are the same floating-point operations as the plain loop's, so w and b agree bit
for bit.  Exact whenever nothing overflows (all |x_ij w_j| far below 1e308).

Speed tricks (none of them changes the run):

- Chunks [p, q) grow geometrically (x 2, up to 65536 rows) while clean and restart at
  max(256, 2 (j + 1)) after a mistake at offset j; a chunk of at most 8192 entries is
  evaluated as a first piece of 64 rows and, only if that piece is clean, the rest, while
  most mistakes come early (a running share).
- Signed rows: once the run has made n d / 1024 updates (which repays the copy) and
  n d <= 2^20, the rows z_i = y_i x_i are stored, so the test becomes z.w <= -y b (+ T); the
  thresholds -y b + T are cached per value of b while b revisits few values.
- Integer data (with integer lr, bias_step and start) need no guard while R W + |b| < 2^52:
  every partial sum is then an exact integer, in any order.
- W is a power of two above the bound ||w|| <= ||w_0|| + M lr R (M updates), so T (and
  the cache) change only when M doubles.  R = ||X||_F costs one BLAS dot over X; above
  2^20 entries it is accumulated chunk by chunk during the first pass (over the rows the
  product just read: R of the rows seen so far bounds every one of them), not by a pass
  of its own.
"""

from __future__ import annotations

import math

import numpy as np

_CHUNK_MIN = 256
_CHUNK_MAX = 1 << 16
_PIECE = 64
_SPLIT_MAX = 8192
_Z_MAX = 1 << 20
_TCACHE_MAX = 1 << 19
_U = 2.0**-53
_SLACK = 1.0 + 1e-9  # covers the rounding of the bounds R and ||w|| themselves
_INF = float("inf")


def _sum_of_squares(a: np.ndarray) -> float:
    """sum_k a_k^2 of a 1-D array by BLAS dots.

    OpenBLAS threads dots of more than 10000 entries, and waking its threads on a busy
    machine can cost milliseconds: below 2^20 entries the dot is cut into unthreaded pieces.
    """
    if a.size >= 1 << 20:
        return float(a @ a)
    total = 0.0
    for k in range(0, a.size, 10000):
        piece = a[k : k + 10000]
        total += float(piece @ piece)
    return total


def _integer_valued(X: np.ndarray, w: np.ndarray, b: float, lr: float, step: float) -> bool:
    """True if X, w, b, lr and the bias step are all integers (cheap tests first)."""
    if not all(float(v).is_integer() for v in (b, lr, step)):
        return False
    return all(bool(np.all(np.trunc(a) == a)) for a in (X[0], w, X))


def _tolerance(exact: bool, c: float, R: float, W: float, d: int) -> float:
    """T = c R W (0 while the arithmetic is exact); the tiny term covers subnormals."""
    return 0.0 if exact else c * R * W + 4.0 * d * 5e-324


def _power_of_two_above(x: float) -> float:
    """The smallest power of two >= x (0 for x = 0)."""
    if x == 0.0:
        return 0.0
    mantissa, exponent = math.frexp(x)
    return math.ldexp(1.0, exponent if mantissa > 0.5 else exponent - 1)


def cyclic_run(
    X: np.ndarray,
    y: np.ndarray,
    w: np.ndarray,
    b: float,
    *,
    lr: float,
    bias_step: float,
    max_epochs: int,
    max_updates: int | None,
    trace: list | None,
) -> tuple[np.ndarray, float, list[int], bool]:
    """Run the cyclic perceptron from (w, b); same arguments and result as ``_plain_loop``.

    Returns (w, b, mistakes_per_epoch, converged); with ``trace`` a list, appends
    (i, epoch, w, b) after every update.  bias_step = 0 is the homogeneous perceptron.
    """
    n, d = X.shape
    bias = bias_step != 0.0
    w = w.copy()
    b = float(b)
    cap = _INF if max_updates is None else max_updates
    # the guard T = c R W bounds twice the gap between any two summation orders; R is the
    # Frobenius norm of the rows [0, seen), which bounds ||x_i|| for each of them
    c = 4.0 * (d + 2) * _U
    w_bound = math.sqrt(float(w @ w)) * _SLACK
    W = _power_of_two_above(w_bound)
    seen, sum_sq = 0, 0.0
    if n * d <= _Z_MAX or not X.flags.c_contiguous:  # small X: all at once
        seen, sum_sq = n, _sum_of_squares(X.ravel(order="K"))
    R = math.sqrt(sum_sq) * _SLACK
    # integer data, steps and start: while every |partial sum| <= R W + |b| < 2^52 all
    # products and sums are exact integers, whatever the order: T = 0, no near-tie to settle
    exact = _integer_valued(X, w, b, lr, bias_step) and R * W < 2.0**51 and abs(b) < 2.0**51
    T = _tolerance(exact, c, R, W, d)

    # C-ordered: the method a.dot(w) (cheapest call) computes a @ w
    cdot = X.flags.c_contiguous
    # mode 0: y (x.w + b) <= T on X; 1: z.w <= T (homogeneous); 2: z.w <= t with
    # t = -y b + T cached per b; 3: the same t computed per product
    mode = 0
    A = X
    ny = -y
    t = y
    tcache: dict[float, np.ndarray] = {}
    tmax = max(16, _TCACHE_MAX // n)
    misses = 0
    known: set[float] = set()  # values of b seen in mode 2
    signed_at = n * d // 1024 if n * d <= _Z_MAX and (cdot or X.flags.f_contiguous) else -1

    def thresholds(b: float) -> np.ndarray:
        th = ny * b
        th += T
        return th

    def retune() -> None:  # T changed: the cached thresholds are refilled on demand
        tcache.clear()

    def go_signed() -> tuple[np.ndarray, int]:
        A = np.empty_like(X)  # same memory layout as X
        np.multiply(X, y[:, None], out=A)
        tcache.clear()
        if not bias:
            return A, 1
        tcache[b] = thresholds(b)
        return A, 2 if 16 * n <= _TCACHE_MAX else 3

    if signed_at == 0:
        A, mode = go_signed()
        t = tcache.get(b, y)
    split = _SPLIT_MAX // d
    early = 0.75  # running share of mistakes found within _PIECE rows of the previous one
    thr_early = 0.4 if signed_at >= 0 else 0.65
    k = _CHUNK_MIN
    updates = 0
    mpe: list[int] = []
    converged = False
    step = np.empty_like(w)
    for epoch in range(max_epochs if cap > 0 else 0):
        before = updates
        p = p0 = 0
        stop = False
        while p < n:
            q = p + k if p + k < n else n
            r = p + _PIECE if _PIECE + 1 < q - p <= split and early > thr_early else q
            s = p
            while True:
                if r > seen:  # first visit of rows [seen, r): add them to R
                    seen, sum_sq = r, sum_sq + _sum_of_squares(X[seen:r].ravel())
                    R = math.sqrt(sum_sq) * _SLACK
                    exact = exact and R * W < 2.0**51
                    T = _tolerance(exact, c, R, W, d)
                m = A[s:r].dot(w) if cdot else A[s:r] @ w
                if mode == 2:
                    th = t[s:r]
                elif mode == 3:
                    th = ny[s:r] * b
                    th += T
                else:
                    th = T
                    if mode == 0:
                        if bias:
                            m += b
                        m *= y[s:r]
                bad = m <= th
                j = bad.tobytes().find(1)  # first True (a bool is one byte)
                if j >= 0 or r == q:
                    break
                s, r = r, q
            if j < 0:
                p = q
                if k < _CHUNK_MAX:
                    k *= 2
                continue
            i = s + j
            yi = y.item(i)
            mi = m.item(j)
            # a clear mistake: the margin is below the threshold by more than T (rounding is
            # monotone, so fl(mi + T) < -yi b implies mi + T < -yi b)
            clear = exact or (mi < -T if mode < 2 else mi + T < -yi * b)
            if not clear and not y[i] * (w @ X[i] + b) <= 0:
                # a near-tie that the plain loop does not count (its very expression,
                # the same operands as ``_plain_loop``'s ``y[i] * (w @ X[i] + b)``)
                p = i + 1
                continue
            k = 2 * (i - p + 1)
            if k < _CHUNK_MIN:
                k = _CHUNK_MIN
            early = 0.875 * early + (0.125 if i - p0 < _PIECE else 0.0)
            if mode:
                if lr == 1.0:
                    w += A[i]
                else:
                    np.multiply(A[i], lr, out=step)
                    w += step
            else:
                np.multiply(X[i], lr * yi, out=step)
                w += step
            updates += 1
            w_bound += lr * R  # ||w|| <= ||w_0|| + M lr R (row i was seen: ||x_i|| <= R)
            if w_bound > W:
                W = 2.0 * W if 2.0 * W >= w_bound else _power_of_two_above(w_bound)
                exact = exact and R * W < 2.0**51
                T = _tolerance(exact, c, R, W, d)
                retune()
            if bias:
                b += bias_step * yi
                if exact and not -(2.0**51) < b < 2.0**51:
                    exact = False
                    T = _tolerance(exact, c, R, W, d)
                    retune()
                if not -_INF < b < _INF and mode:
                    mode, A = 0, X  # keep the plain test from now on
            if mode == 2:
                t = tcache.get(b)
                if t is None:
                    if b not in known:  # a refill after a change of T is no miss
                        misses += 1
                        known.add(b)
                    if len(tcache) >= tmax:
                        tcache.clear()
                    t = tcache[b] = thresholds(b)
                    if misses > 32 and 4 * misses > updates:
                        mode = 3  # b rarely repeats: thresholds per product
            if updates == signed_at and -_INF < b < _INF:
                A, mode = go_signed()
                t = tcache.get(b, y)
            if trace is not None:
                trace.append((i, epoch, w.copy(), b))
            if updates >= cap:
                stop = True
                break
            p = p0 = i + 1
        mpe.append(updates - before)
        if stop:
            break
        if updates == before:
            converged = True
            break
    return w, b, mpe, converged
