"""The fast cyclic perceptron: the same run as ``perceptron._plain_loop``, bit for bit.

The plain loop tests one example at a time, ``y_i * (w @ X[i] + b) <= 0`` (a BLAS ``dot``).
This module finds the same next mistake with one matrix-vector product (BLAS ``gemv``) over a
chunk of upcoming examples.  ``gemv`` and ``dot`` sum the products in different orders, so
their floats can differ in the last bits; a near-tie could then flip a decision.  The search
is therefore *guarded*:

    For any order of summation, the computed y (x.w + b) is within gamma_{d+1} S of the exact
    value, S = sum_j |x_j w_j| + |b| <= R W + B, gamma_k = k u / (1 - k u), u = 2^-53
    (Higham, Accuracy and Stability of Numerical Algorithms, 3.1), so the plain loop's and
    this module's margins differ by at most T/2 with T = 4 (d + 3) u (R W + B), where
    R = sqrt(d) max |x_ij| >= max ||x_i||, and W >= ||w||, B >= |b| are powers of two.

A row is a *candidate* when its gemv margin is <= T (every mistake of the plain loop is a
candidate).  A candidate whose gemv margin is below -T is a mistake for the plain loop too;
any other candidate (a near-tie) is decided by evaluating the plain loop's very expression.
The updates are the same floating-point operations as the plain loop's, so w and b agree bit
for bit.  Exact whenever nothing overflows (all |x_ij w_j| far below 1e308).

Speed (none of it changes the run):

- Products are unthreaded: at most 2^18 entries each (OpenBLAS threads gemv from 460800, and
  waking its threads on a busy machine costs milliseconds per call), except on X of more than
  2^22 entries, where a pass is bound by memory bandwidth and products of up to 2^21 entries
  (threaded) read X with every core.  The guard holds for any order of summation.
  Chunks [p, q) grow geometrically (x 2) while clean and restart at max(256, 2 (j + 1))
  after a mistake at offset j; a chunk of at most 8192 entries is evaluated as a first
  piece of 64 rows and, only if that piece is clean, the rest, while most mistakes come
  early (a running share).
- Signed rows: from the start if n d <= 2^15, else once the run has made n d / 1024
  updates (which repays the copy) if n d <= 2^20, the rows z_i = y_i (x_i, 1) are stored
  (zero-padded to a multiple of 4 columns), so the test is one product z.v <= T with
  v = (w, b); z_i = y_i x_i and v = w for the homogeneous perceptron.  y_i = +-1 only
  flips signs, so v + lr z_i is exactly the plain update (b is set to b + bias_step y_i
  when bias_step != lr).
- R costs two reductions over X; above 2^20 entries they run on the rows each product of
  the first pass has just read (R of the rows seen so far bounds every one of them).
  ||w|| and |b| are measured only when the bounds ||w|| <= ||w_k|| + (M - k) lr R and
  |b| <= |b_k| + (M - k) bias_step (from the last measurement, at update k) could pass W
  or B, which then leave room for at least 16 more updates.
- Integer data (with integer lr, bias_step and start) need no guard while R W + B < 2^52:
  every partial sum is then an exact integer, in any order (T = 0).
"""

from __future__ import annotations

import math

import numpy as np

_CHUNK_MIN = 256
_CHUNK_MAX = 1 << 16
_PIECE = 64
_SPLIT_MAX = 8192
_Z_MAX = 1 << 20
_PRODUCT_MAX = 1 << 18  # OpenBLAS (0.3.2x) threads gemv from 115200 * 4 entries
# Above 2^22 entries (32 MiB) one pass is bound by memory bandwidth: longer, threaded products
# read X with both cores (n = 1e6, d = 20: 30 -> 23 ms on a quiet 2-core machine).
_BIG_X = 1 << 22
_PRODUCT_MAX_BIG = 1 << 21
_U = 2.0**-53
_SLACK = 1.0 + 1e-9  # covers the rounding of the bounds R and ||w|| themselves
_INF = float("inf")


def _max_abs(a: np.ndarray) -> float:
    """max |a_ij| (two reductions: cheaper than one on |a|, which needs a temporary)."""
    return max(float(a.max()), -float(a.min()))


def _norm(w: np.ndarray) -> float:
    """||w||, also when w @ w would overflow (|w_j| ~ 1e154) or underflow (~ 1e-154)."""
    with np.errstate(over="ignore", under="ignore"):
        s = float(w @ w)
    if 1e-290 < s < 1e290:
        return math.sqrt(s)
    m = _max_abs(w)
    if m == 0.0:
        return 0.0
    v = w / m
    return m * math.sqrt(float(v @ v))


def _integer_valued(X: np.ndarray, w: np.ndarray, b: float, lr: float, step: float) -> bool:
    """True if X, w, b, lr and the bias step are all integers (cheap tests first)."""
    if not all(float(v).is_integer() for v in (X.item(0), b, lr, step)):
        return False
    return all(bool(np.all(np.trunc(a) == a)) for a in (w, X))


def _tolerance(
    integer: bool, c: float, R: float, W: float, B: float, d: int
) -> tuple[float, np.ndarray]:
    """T = c (R W + B), or 0 while integer arithmetic is exact; the tiny term: subnormals.

    Returned as a float and as a 0-d array (the cheapest operand of ``m <= T``).
    """
    if integer and R * W < 2.0**51 and B < 2.0**51:
        T = 0.0
    else:
        T = c * (R * W + B) + 4.0 * (d + 1) * 5e-324
    return T, np.array(T)


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
    x_max: float | None = None,
) -> tuple[np.ndarray, float, list[int], bool]:
    """Run the cyclic perceptron from (w, b); same arguments and result as ``_plain_loop``.

    Returns (w, b, mistakes_per_epoch, converged); with ``trace`` a list, appends
    (i, epoch, w, b) after every update.  bias_step = 0 is the homogeneous perceptron.
    ``x_max`` = max |x_ij| when the caller knows it already (the input check finds it).
    """
    known_max = x_max
    n, d = X.shape
    bias = bias_step != 0.0
    w = w.copy()
    b = float(b)
    cap = _INF if max_updates is None else max_updates
    # the guard T = c (R W + B): R = sqrt(d) max |x_ij| >= ||x_i|| over the rows [0, seen),
    # powers of two W >= ||w||, B >= |b|
    c = 4.0 * (d + 3) * _U
    W = _power_of_two_above(_norm(w) * _SLACK)
    B = _power_of_two_above(abs(b))
    check_at = 0  # the update after which ||w|| and |b| are measured again
    seen, x_max = 0, 0.0
    if known_max is not None:
        seen, x_max = n, float(known_max)
    elif n * d <= _Z_MAX or not X.flags.c_contiguous:  # small X: all at once
        seen, x_max = n, _max_abs(X)
    R = math.sqrt(d) * x_max * _SLACK
    integer = _integer_valued(X, w, b, lr, bias_step)
    T, T0 = _tolerance(integer, c, R, W, B, d)
    # the longest product: unthreaded, except on data too large for the caches
    product_max = _PRODUCT_MAX_BIG if n * d > _BIG_X else _PRODUCT_MAX
    k_max = min(_CHUNK_MAX, max(1, product_max // d))

    # C-ordered: the method a.dot(w) (cheapest call) computes a @ w
    cdot = X.flags.c_contiguous
    # mode 0: y (x.w + b) <= T on X;  mode 1: z.v <= T on the signed rows z_i = y_i (x_i, 1)
    # with v = (w, b) (z_i = y_i x_i and v = w for the homogeneous perceptron); w is a view
    mode, A, v = 0, X, w
    # the copy is built at once for n d <= 2^15 entries, after n d / 1024 updates (which
    # repay it) up to 2^20 entries, never above
    signed_at = (0 if n * d <= 1 << 15 else n * d // 1024) if n * d <= _Z_MAX else -1
    step = np.empty_like(w)

    def go_signed() -> tuple[np.ndarray, np.ndarray]:
        if not bias:
            return X * y[:, None], w
        width = (d + 4) // 4 * 4  # zero columns up to a multiple of 4: a faster gemv
        A = np.zeros((n, width))
        np.multiply(X, y[:, None], out=A[:, :d])
        A[:, d] = y
        v = np.zeros(width)
        v[:d] = w
        v[d] = b
        return A, v

    if signed_at == 0:
        A, v = go_signed()
        mode, w, step = 1, v[:d], np.empty_like(v)
    split = _SPLIT_MAX // d
    early = 0.75  # running share of mistakes found within _PIECE rows of the previous one
    thr_early = 0.4 if signed_at >= 0 else 0.65
    k = min(_CHUNK_MIN, k_max)
    updates = 0
    mpe: list[int] = []
    converged = False
    for epoch in range(max_epochs if cap > 0 else 0):
        before = updates
        p = p0 = 0
        stop = False
        while p < n:
            q = p + k if p + k < n else n
            r = p + _PIECE if _PIECE + 1 < q - p <= split and early > thr_early else q
            s = p
            while True:
                if mode:
                    m = A[s:r].dot(v)
                else:
                    m = A[s:r].dot(w) if cdot else A[s:r] @ w
                    if bias:
                        m += b
                    m *= y[s:r]
                if r > seen:  # first visit of rows [seen, r) (now in cache): R bounds them too
                    x_new = _max_abs(X[seen:r])
                    seen = r
                    if x_new > x_max:
                        x_max = x_new
                        R = math.sqrt(d) * x_max * _SLACK
                        T, T0 = _tolerance(integer, c, R, W, B, d)
                        check_at = updates  # the steps lr R are larger now
                bad = m <= T0
                j = bad.tobytes().find(1)  # first True (a bool is one byte)
                if j >= 0 or r == q:
                    break
                s, r = r, q
            if j < 0:
                p = q
                if k < k_max:
                    k = 2 * k if 2 * k < k_max else k_max
                continue
            i = s + j
            # a clear mistake: its margin is below -T (the plain loop's is then below -T / 2);
            # any other candidate (a near-tie) is decided by the plain loop's very expression
            if not m.item(j) < -T and not y[i] * (w @ X[i] + b) <= 0:
                p = i + 1
                continue
            k = 2 * (i - p + 1)
            if k < _CHUNK_MIN:
                k = _CHUNK_MIN
            if k > k_max:
                k = k_max
            early = 0.875 * early + (0.125 if i - p0 < _PIECE else 0.0)
            yi = y.item(i)
            if mode:  # v + lr z_i: (w + (lr y_i) x_i, b + lr y_i) exactly (y_i = +-1)
                if lr == 1.0:
                    v += A[i]
                else:
                    np.multiply(A[i], lr, out=step)
                    v += step
            elif lr == 1.0:  # w + (1 y_i) x_i: exactly w + x_i or w - x_i
                if yi > 0:
                    w += X[i]
                else:
                    w -= X[i]
            else:
                np.multiply(X[i], lr * yi, out=step)
                w += step
            updates += 1
            if bias:
                b += bias_step * yi
                if mode and bias_step != lr:
                    v[d] = b  # the plain loop's b + bias_step y_i, not v_d + lr y_i
            if updates >= check_at:  # the bounds ||w|| <= W, |b| <= B from ||w|| and |b|
                w_norm, b_abs = _norm(w) * _SLACK, abs(b)
                if 2.0 * w_norm > W or 2.0 * b_abs > B:  # room for >= 16 more updates
                    W = max(W, _power_of_two_above(2.0 * w_norm + 32.0 * lr * R))
                    B = max(B, _power_of_two_above(2.0 * b_abs + 32.0 * bias_step))
                    T, T0 = _tolerance(integer, c, R, W, B, d)
                    if B == _INF and mode:
                        mode, A, w = 0, X, w.copy()  # keep the plain test from now on
                        step = np.empty_like(w)
                # each update moves ||w|| by <= lr R (||x_i|| <= R) and |b| by bias_step
                check_at = updates + min(
                    (W - w_norm) // (lr * R) if R > 0.0 else _INF,
                    (B - b_abs) // bias_step if bias else _INF,
                )
            if updates == signed_at and B < _INF:
                A, v = go_signed()
                mode, w, step = 1, v[:d], np.empty_like(v)
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
    return w.copy(), b, mpe, converged
