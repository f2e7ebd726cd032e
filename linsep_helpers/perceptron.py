"""The perceptron in its variants, its trace, the proof's invariants and the mistake bounds.

Conventions: labels y in {-1, +1} ({0, 1} is accepted and mapped), a *mistake* is
y (w.x + b) <= 0 (a tie counts as a mistake), R = max_i ||x_i||.

The run is exactly sequential (example after example, update on every mistake), but the
search for the next mistake is vectorised: from the current position the margins of a chunk
of upcoming examples are computed with one matrix-vector product, the first one <= 0 is
located, the update is applied and the search resumes right after that example.  The chunk
grows geometrically while no mistake turns up and shrinks after a mistake, so long clean
stretches cost one BLAS call and dense-mistake stretches waste little work.

Used in notebooks 02 (perceptron and its convergence proof) and 05 (pocket / averaged
perceptron on non-separable data).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ._validate import check_choice, check_int, check_scalar, check_vector, check_Xy

__all__ = [
    "PerceptronTrace",
    "PerceptronResult",
    "perceptron",
    "ProofInvariants",
    "invariants",
    "AveragedPerceptronResult",
    "averaged_perceptron",
    "PocketPerceptronResult",
    "pocket_perceptron",
    "mistake_bound",
    "staircase_updates",
]

_ORDERS = ("cyclic", "random", "batch")
_VARIANTS = ("homogeneous", "affine", "lift", "learning_rate")

_CHUNK_MIN = 8
_CHUNK_MAX = 1 << 16
_CACHE_K = 1 << 12
# first chunk after a mistake in the cyclic loop: a matrix-vector product of 256 rows costs
# little more than one of 8, and dense-mistake runs then need ~1 product per update
_CYCLIC_CHUNK_MIN = 256
# cyclic loop (see _cyclic): signed copy y_i x_i of X up to _Z_MAX entries (8 MB); a
# logical chunk of at most _SPLIT_MAX entries (below OpenBLAS's default threshold for
# threading gemv) is evaluated as a first piece of _PIECE rows (a multiple of 4) and the
# rest; thresholds -y b are cached for up to _TCACHE_MAX entries (4 MB)
_Z_MAX = 1 << 20
_SPLIT_MAX = 8192
_PIECE = 64
_TCACHE_MAX = 1 << 19
_INF = float("inf")


# ----------------------------------------------------------------------------------------
# Result types
# ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class PerceptronTrace:
    """Every state of a perceptron run.

    w: (M+1, d) weights, row 0 the start and row t the weights after update t.
    b: (M+1,) biases, same indexing (all 0 for the homogeneous perceptron).
    index: (M,) index (row of X) of the example that caused update t.
    epoch: (M,) epoch (0-based; scan number for order="batch") in which update t happened.
    """

    w: np.ndarray
    b: np.ndarray
    index: np.ndarray
    epoch: np.ndarray

    @property
    def n_updates(self) -> int:
        """M, the number of updates recorded."""
        return int(self.index.shape[0])


@dataclass(frozen=True)
class PerceptronResult:
    """Outcome of :func:`perceptron`.

    w, b: final weights and bias; updates: number of updates M; epochs: passes started
    (full scans for order="batch"); converged: True iff the run ended with a pass (scan)
    without mistakes; mistakes_per_epoch: updates made in each pass (for "batch": the number
    of training mistakes seen by each scan); trace: a :class:`PerceptronTrace` or None.
    The run's settings (bias, lr, bias_step, order) are kept for :func:`invariants`.
    """

    w: np.ndarray
    b: float
    updates: int
    epochs: int
    converged: bool
    mistakes_per_epoch: np.ndarray
    trace: PerceptronTrace | None
    bias: bool
    lr: float
    bias_step: float
    order: str

    @property
    def lift_scale(self) -> float:
        """r with bias_step = lr * r^2: the run is a homogeneous perceptron on x' = (x, r).

        0.0 for the homogeneous perceptron (bias=False).
        """
        if not self.bias:
            return 0.0
        return float(np.sqrt(self.bias_step / self.lr))


# ----------------------------------------------------------------------------------------
# Core machinery
# ----------------------------------------------------------------------------------------


class _Recorder:
    """Growable storage for the trace (amortised O(1) append)."""

    def __init__(self, w: np.ndarray, b: float, capacity: int = 256) -> None:
        d = w.shape[0]
        self.W = np.empty((capacity + 1, d))
        self.B = np.empty(capacity + 1)
        self.I = np.empty(capacity, dtype=np.int64)
        self.E = np.empty(capacity, dtype=np.int64)
        self.W[0] = w
        self.B[0] = b
        self.m = 0

    def add(self, w: np.ndarray, b: float, i: int, e: int) -> None:
        m = self.m
        if m == self.I.shape[0]:
            cap = 2 * m
            self.W = np.concatenate([self.W, np.empty((cap - m, self.W.shape[1]))])
            self.B = np.concatenate([self.B, np.empty(cap - m)])
            self.I = np.concatenate([self.I, np.empty(cap - m, dtype=np.int64)])
            self.E = np.concatenate([self.E, np.empty(cap - m, dtype=np.int64)])
        self.W[m + 1] = w
        self.B[m + 1] = b
        self.I[m] = i
        self.E[m] = e
        self.m = m + 1

    def finish(self) -> PerceptronTrace:
        m = self.m
        return PerceptronTrace(
            w=self.W[: m + 1].copy(),
            b=self.B[: m + 1].copy(),
            index=self.I[:m].copy(),
            epoch=self.E[:m].copy(),
        )


class _Search:
    """Finds the next mistake in visiting order, vectorised.

    Z holds y_i x_i (rows in index order), yb the labels (None for the homogeneous
    perceptron), perm the visiting order of the current epoch (None = 0..n-1).  For a
    permuted order, small chunks gather their rows; once a long stretch is clean the margins
    of all n examples are computed with one contiguous product and reused until the next
    update (gathering rows is several times slower than a contiguous product).
    """

    def __init__(self, Z: np.ndarray, yb: np.ndarray | None) -> None:
        self.Z = Z
        self.yb = yb
        self.n = Z.shape[0]
        self.k = _CHUNK_MIN
        self.perm: np.ndarray | None = None
        self.cache: np.ndarray | None = None  # margins of all examples for the current w, b
        # a full product pays off once the current clean stretch is a sizeable part of n
        self.cache_k = max(_CACHE_K, self.n // 16)

    def new_epoch(self, perm: np.ndarray | None) -> None:
        self.perm = perm

    def updated(self) -> None:
        self.cache = None

    def first(self, w: np.ndarray, b: float, p: int) -> int:
        """First position q >= p (in visiting order) with y (w.x + b) <= 0, or -1."""
        Z, yb, n, perm = self.Z, self.yb, self.n, self.perm
        k = self.k
        while p < n:
            if perm is not None and self.cache is None and k >= self.cache_k and 4 * (n - p) >= n:
                m_all = Z @ w
                if yb is not None:
                    m_all += yb * b
                self.cache = m_all
            if perm is not None and self.cache is not None:
                bad = self.cache[perm[p:]] <= 0.0
                j = int(bad.argmax())
                if bad[j]:
                    self.k = max(_CHUNK_MIN, 2 * (j + 1))
                    return p + j
                self.k = k
                return -1
            q = min(p + k, n)
            if perm is None:
                m = Z[p:q] @ w
                if yb is not None:
                    m += yb[p:q] * b
            else:
                idx = perm[p:q]
                m = Z[idx] @ w
                if yb is not None:
                    m += yb[idx] * b
            bad = m <= 0.0
            j = int(bad.argmax())
            if bad[j]:
                self.k = max(_CHUNK_MIN, 2 * (j + 1))
                return p + j
            p = q
            k = min(2 * k, _CHUNK_MAX)
        self.k = k
        return -1


def _prepare(
    X: object,
    y: object,
    bias: bool,
    lr: float,
    bias_step: float | None,
    order: str,
    w0: object,
    b0: float,
) -> tuple[np.ndarray, np.ndarray, float, float, np.ndarray, float]:
    Xa, ya = check_Xy(X, y)
    check_choice(order, "order", _ORDERS)
    lr = check_scalar(lr, "lr", positive=True)
    if not isinstance(bias, bool | np.bool_):
        raise ValueError(f"bias must be True or False; got {bias!r}")
    if bias_step is not None and not bias:
        raise ValueError(
            "bias_step was given but bias=False (the homogeneous perceptron has no bias to step)"
        )
    bs = lr if bias_step is None else check_scalar(bias_step, "bias_step", positive=True)
    d = Xa.shape[1]
    w = np.zeros(d) if w0 is None else check_vector(w0, d, "w0").copy()
    b = check_scalar(b0, "b0")
    if not bias and b != 0.0:
        raise ValueError(f"b0 must be 0 when bias=False (homogeneous perceptron); got {b:g}")
    return Xa, ya, lr, (bs if bias else 0.0), w, b


def _signed(
    X: np.ndarray, y: np.ndarray, b: float, bias: bool, tcache: dict[float, np.ndarray]
) -> tuple[np.ndarray, np.ndarray, np.ndarray, int]:
    """Switch _cyclic to the signed rows: (A = y x, -y, t = -y b, mode)."""
    A = np.empty_like(X)  # same memory layout as X, hence the same BLAS kernel
    np.multiply(X, y[:, None], out=A)
    ny = -y
    t = tcache[b] = ny * b
    mode = 1 if not bias else 2 if 16 * X.shape[0] <= _TCACHE_MAX else 3
    return A, ny, t, mode


def _result(
    w: np.ndarray,
    b: float,
    updates: int,
    mpe: list[int],
    converged: bool,
    rec: _Recorder | None,
    bias: bool,
    lr: float,
    bs: float,
    order: str,
) -> PerceptronResult:
    """The result of a run (shared by the cyclic fast path and the general loop)."""
    return PerceptronResult(
        w=w,
        b=float(b),
        updates=updates,
        epochs=len(mpe),
        converged=converged,
        mistakes_per_epoch=np.asarray(mpe, dtype=np.int64),
        trace=rec.finish() if rec is not None else None,
        bias=bool(bias),
        lr=lr,
        bias_step=bs,
        order=order,
    )


def _cyclic(
    X: np.ndarray,
    y: np.ndarray,
    w: np.ndarray,
    b: float,
    bias: bool,
    lr: float,
    bs: float,
    max_epochs: int,
    cap: float,
    rec: _Recorder | None,
) -> PerceptronResult:
    """order="cyclic" with the mistake search inlined (the hot loop of long runs).

    The search visits *logical* chunks [p, q): q = p + k, k doubles after a clean chunk
    and restarts at max(256, 2 (j + 1)) after a mistake at offset j.  These tricks cut the
    per-update cost without changing one bit of the run:

    - Signed rows.  When n d <= _Z_MAX the rows z_i = y_i x_i are stored (once the run
      has made n d / 1024 updates, which repays the copy), and the test
      y (x.w + b) <= 0 becomes z.w <= t_i = -y_i b.  Exact: y = +-1 only flips signs, so
      the same gemv kernel gives z.w = y fl(x.w) bit for bit, and fl(s + b) has the sign
      of s + b (it is 0 only when s + b is), so y fl(s + b) <= 0 <=> y s <= -y b.  The only
      exception, s and b infinite with opposite signs (NaN: not a mistake), is avoided by
      going back to the plain test if b ever overflows.  The update w += lr z_i equals
      w +- lr x_i exactly (a - c == a + (-c) in IEEE arithmetic).  The vector t is cached
      per value of b (b usually revisits a few values); if b rarely repeats, t is computed
      per product instead.
    - Split products.  gemv (OpenBLAS) computes a row's dot product by the same kernel
      wherever the row sits in the call, except for the last (length mod 4) rows of the
      call, and a one-row call goes through dot.  So a logical chunk of L rows with
      L d <= _SPLIT_MAX (single-threaded: OpenBLAS threads gemv, splitting the rows at
      arbitrary points, only from 2304 * 4 = 9216 entries by default) is evaluated as a
      first piece of _PIECE rows (a multiple of 4) and, only if that piece is clean, the
      rest (at least 2 rows, ending on the same tail): the first mistake and the next k
      are those of the whole chunk, at the cost of a short product when the mistake comes
      early.  Splitting is used while most recent mistakes came within _PIECE rows of the
      previous one (a running share); the results do not depend on that choice.
    - The first True of the mistake mask is found by bytes.find (one byte per bool), and
      y_i and b are Python floats (the same IEEE doubles, cheaper to handle).
    """
    n, d = X.shape
    kmin = _CYCLIC_CHUNK_MIN
    k = kmin
    updates = 0
    converged = False
    mpe: list[int] = []
    b = float(b)
    # C-ordered: the method a.dot(w) (cheapest call) runs the same gemv as a @ w; for other
    # layouts np.dot would copy first and sum differently, so keep a @ w
    cdot = X.flags.c_contiguous
    # mode 0: plain test y (x.w + b) <= 0 on X; 1: z.w <= 0 (homogeneous); 2: z.w <= t with
    # t = -y b taken from a cache keyed by b; 3: z.w <= t with t computed per product
    mode = 0
    A = X
    ny = t = y
    tcache: dict[float, np.ndarray] = {}
    tmax = _TCACHE_MAX // n  # at least 16 vectors t in mode 2
    misses = 0
    # the signed copy costs about one pass over X: it is built once the run has made
    # enough updates to repay it (never for short runs), if it fits and X is contiguous
    signed_at = n * d // 1024 if n * d <= _Z_MAX and (cdot or X.flags.f_contiguous) else -1
    if signed_at == 0:
        A, ny, t, mode = _signed(X, y, b, bias, tcache)
    piece = _PIECE
    thr = 0.4 if signed_at >= 0 else 0.65
    split = _SPLIT_MAX // d  # longest logical chunk evaluated in two pieces
    # running share of mistakes found within `piece` rows of the previous one: splitting
    # pays off only while most mistakes come that early
    early = 0.75
    p0 = 0
    step = np.empty_like(w)
    for epoch in range(max_epochs if cap > 0 else 0):
        before = updates
        p = p0 = 0
        stop = False
        while p < n:
            q = p + k if p + k < n else n
            r = p + piece if piece + 1 < q - p <= split and early > thr else q
            s = p
            while True:
                m = A[s:r].dot(w) if cdot else A[s:r] @ w
                if mode == 2:
                    bad = m <= t[s:r]
                elif mode == 1:
                    bad = m <= 0.0
                elif mode == 3:
                    bad = m <= ny[s:r] * b
                else:
                    if bias:
                        m += b
                    m *= y[s:r]
                    bad = m <= 0.0
                j = bad.tobytes().find(1)  # first True (a bool is one byte, True == 1)
                if j >= 0:
                    i = s + j
                    break
                if r == q:
                    i = -1
                    break
                # the rest of the chunk; never a single row (rows r-4..r-1 are clean)
                s = r if q - r > 1 else r - 4
                r = q
            if i < 0:
                p = q
                if k < _CHUNK_MAX:
                    k *= 2
                continue
            k = 2 * (i - p + 1)
            if k < kmin:
                k = kmin
            if i - p0 < piece:
                early = 0.875 * early + 0.125
            else:
                early *= 0.875
            yi = y.item(i)  # a Python float
            if mode:
                if lr == 1.0:
                    w += A[i]
                else:
                    np.multiply(A[i], lr, out=step)
                    w += step
            elif lr == 1.0:
                if yi > 0:
                    w += X[i]
                else:
                    w -= X[i]
            else:
                np.multiply(X[i], lr, out=step)
                if yi > 0:
                    w += step
                else:
                    w -= step
            if bias:
                b += bs * yi
                if mode == 2:
                    t = tcache.get(b)
                    if t is None:
                        misses += 1
                        if len(tcache) >= tmax:
                            tcache.clear()
                        t = tcache[b] = ny * b
                        if misses > 32 and 4 * misses > updates:
                            mode = 3  # b rarely repeats: thresholds per product
                if not -_INF < b < _INF and mode:
                    mode = 0  # plain test from now on (see the docstring)
                    A = X
            updates += 1
            if updates == signed_at and -_INF < b < _INF:
                A, ny, t, mode = _signed(X, y, b, bias, tcache)
            if rec is not None:
                rec.add(w, b, i, epoch)
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
    return _result(w, b, updates, mpe, converged, rec, bias, lr, bs, "cyclic")


# ----------------------------------------------------------------------------------------
# The perceptron
# ----------------------------------------------------------------------------------------


def perceptron(
    X: object,
    y: object,
    *,
    bias: bool = True,
    lr: float = 1.0,
    bias_step: float | None = None,
    max_epochs: int = 1000,
    order: str = "cyclic",
    seed: int | None = None,
    w0: object = None,
    b0: float = 0.0,
    trace: bool = True,
    max_updates: int | None = None,
) -> PerceptronResult:
    """Run the (Rosenblatt) perceptron and return its final state and, optionally, its trace.

    Start at w = w0 (default 0), b = b0.  An example is a mistake when y (w.x + b) <= 0;
    on a mistake  w <- w + lr y x  and  b <- b + bias_step y  (bias_step defaults to lr;
    Shalizi's R^2 variant passes bias_step = lr R^2).  With bias=False (homogeneous
    perceptron) b stays 0.

    order="cyclic": each epoch visits examples 0..n-1; order="random": each epoch visits a
    fresh permutation drawn from np.random.default_rng(seed); order="batch": every step
    scans all examples and updates on the first mistake in index order (Shalev-Shwartz's
    "while some i is a mistake, update on it"); then ``epochs`` counts scans.

    Stops after a pass (scan) without mistakes (converged=True) or when max_epochs passes
    or max_updates updates have been made (converged=False).  trace=False skips the
    O(M d) trace (use it for benchmarks and long runs).  Used in notebook 02.
    """
    Xa, ya, lr, bs, w, b = _prepare(X, y, bias, lr, bias_step, order, w0, b0)
    max_epochs = check_int(max_epochs, "max_epochs", minimum=1)
    if max_updates is not None:
        max_updates = check_int(max_updates, "max_updates", minimum=0)
    if not isinstance(trace, bool | np.bool_):
        raise ValueError(f"trace must be True or False; got {trace!r}")
    n = Xa.shape[0]
    rec = _Recorder(w, b) if trace else None
    cap = np.inf if max_updates is None else max_updates
    if order == "cyclic":
        # the common case reads X in place (no n x d copy of y_i x_i)
        return _cyclic(Xa, ya, w, b, bias, lr, bs, max_epochs, cap, rec)
    Z = ya[:, None] * Xa  # y_i x_i, computed once
    yb = ya if bias else None

    updates = 0
    converged = False
    mpe: list[int] = []

    if updates >= cap:
        pass
    elif order == "batch":
        for scan in range(max_epochs):
            m = Z @ w
            if bias:
                m += ya * b
            bad = m <= 0.0
            count = int(np.count_nonzero(bad))
            mpe.append(count)
            if count == 0:
                converged = True
                break
            i = int(bad.argmax())
            w += lr * Z[i]
            if bias:
                b += bs * ya[i]
            updates += 1
            if rec is not None:
                rec.add(w, b, i, scan)
            if updates >= cap:
                break
    else:
        rng = np.random.default_rng(seed) if order == "random" else None
        search = _Search(Z, yb)
        stop = False
        for epoch in range(max_epochs):
            perm = rng.permutation(n) if rng is not None else None
            search.new_epoch(perm)
            count = 0
            p = 0
            while p < n:
                q = search.first(w, b, p)
                if q < 0:
                    break
                i = q if perm is None else int(perm[q])
                w += lr * Z[i]
                if bias:
                    b += bs * ya[i]
                search.updated()
                updates += 1
                count += 1
                if rec is not None:
                    rec.add(w, b, i, epoch)
                if updates >= cap:
                    stop = True
                    break
                p = q + 1
            mpe.append(count)
            if stop:
                break
            if count == 0:
                converged = True
                break

    return _result(w, b, updates, mpe, converged, rec, bias, lr, bs, order)


# ----------------------------------------------------------------------------------------
# The convergence proof along a run
# ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ProofInvariants:
    """The two quantities of the Novikoff proof along a traced run, in the lifted space.

    The run is a homogeneous perceptron on x' = (x, r) with v = (w, b / r) and step lr
    (r = result.lift_scale; for bias=False simply x' = x, v = w).  u = (w*, b* / r) / norm
    is the unit separator in that space, gamma its geometric margin min y u.x', radius
    R' = max ||x'||.  For M = 0..updates:
      u_dot_v[M] = u.v_M  >=  lower[M] = u.v_0 + M lr gamma
      norm_sq[M] = ||v_M||^2  <=  upper[M] = ||v_0||^2 + M lr^2 R'^2
    and from v_0 = 0 Cauchy-Schwarz gives M <= bound = R'^2 / gamma^2.  Used in notebook 02.
    """

    M: np.ndarray
    u_dot_v: np.ndarray
    norm_sq: np.ndarray
    lower: np.ndarray
    upper: np.ndarray
    gamma: float
    radius: float
    r: float
    lr: float
    bound: float


def invariants(
    result: PerceptronResult,
    X: object,
    y: object,
    w_star: object,
    b_star: float = 0.0,
) -> ProofInvariants:
    """Compute u.v_M, ||v_M||^2 and the lines M lr gamma, M lr^2 R'^2 for a traced run.

    (w_star, b_star) must separate (X, y); for a homogeneous run b_star must be 0.  The lift
    scale r = sqrt(bias_step / lr) is read from the result: r = 1 for b <- b + y with lr = 1,
    r = R for Shalizi's b <- b + lr y R^2.  Used in notebook 02.
    """
    if not isinstance(result, PerceptronResult):
        raise ValueError("result must be a PerceptronResult returned by perceptron()")
    if result.trace is None:
        raise ValueError("result has no trace: run perceptron(..., trace=True)")
    Xa, ya = check_Xy(X, y)
    d = Xa.shape[1]
    ws = check_vector(w_star, d, "w_star")
    bst = check_scalar(b_star, "b_star")
    if result.trace.w.shape[1] != d:
        raise ValueError(
            f"result has {result.trace.w.shape[1]} features but X has {d}; use the same data"
        )
    gamma_f = _functional_margin_checked(Xa, ya, ws, bst)
    tr = result.trace
    if result.bias:
        r = result.lift_scale
        u = np.append(ws, bst / r)
        V = np.column_stack([tr.w, tr.b / r])
        radius = float(np.sqrt(np.max(np.sum(Xa * Xa, axis=1)) + r * r))
    else:
        if bst != 0.0:
            raise ValueError(
                "the run is homogeneous (bias=False) but b_star != 0; use a separator "
                "through the origin"
            )
        r = 0.0
        u = ws.copy()
        V = tr.w
        radius = float(np.sqrt(np.max(np.sum(Xa * Xa, axis=1))))
    nu = float(np.linalg.norm(u))
    u /= nu
    gamma = gamma_f / nu
    uv = V @ u
    nsq = np.sum(V * V, axis=1)
    M = np.arange(tr.w.shape[0])
    lr = result.lr
    return ProofInvariants(
        M=M,
        u_dot_v=uv,
        norm_sq=nsq,
        lower=uv[0] + M * lr * gamma,
        upper=nsq[0] + M * lr * lr * radius * radius,
        gamma=float(gamma),
        radius=radius,
        r=r,
        lr=lr,
        bound=float(radius * radius / (gamma * gamma)),
    )


# ----------------------------------------------------------------------------------------
# Averaged and pocket perceptrons (non-separable data)
# ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class AveragedPerceptronResult:
    """Outcome of :func:`averaged_perceptron`.

    w, b: the averaged weights (mean of the weights after each of the epochs * n visits);
    w_last, b_last: the ordinary perceptron's last weights; updates: total updates;
    mistakes_per_epoch: updates in each epoch; train_errors: training mistakes of the
    averaged (w, b) after each epoch; last_train_errors: same for (w_last, b_last).
    """

    w: np.ndarray
    b: float
    w_last: np.ndarray
    b_last: float
    updates: int
    epochs: int
    mistakes_per_epoch: np.ndarray
    train_errors: np.ndarray
    last_train_errors: np.ndarray


def _count_mistakes(Z: np.ndarray, y: np.ndarray, w: np.ndarray, b: float) -> int:
    return int(np.count_nonzero(Z @ w + y * b <= 0.0))


def averaged_perceptron(
    X: object,
    y: object,
    *,
    epochs: int = 10,
    bias: bool = True,
    lr: float = 1.0,
    bias_step: float | None = None,
    order: str = "cyclic",
    seed: int | None = None,
) -> AveragedPerceptronResult:
    """Averaged perceptron (Freund & Schapire 1999): run exactly ``epochs`` passes and return
    the average of the weights held after every visit, (1/T) sum_{t=1..T} (w_t, b_t) with
    T = epochs * n.  Mistakes and updates are those of the ordinary perceptron (order
    "cyclic" or "random").  On non-separable data the average is far more stable than the
    last iterate.  Computed lazily: with update t adding delta_t,
    sum_t w_t = T w_T - sum_t (t - 1) delta_t.  Used in notebooks 02 and 05.
    """
    if order not in ("cyclic", "random"):
        raise ValueError(f"order must be one of 'cyclic', 'random'; got {order!r}")
    Xa, ya, lr, bs, w, b = _prepare(X, y, bias, lr, bias_step, order, None, 0.0)
    epochs = check_int(epochs, "epochs", minimum=1)
    n = Xa.shape[0]
    Z = ya[:, None] * Xa
    yb_full = ya if bias else np.zeros(n)
    rng = np.random.default_rng(seed) if order == "random" else None
    acc_w = np.zeros_like(w)  # sum_t (t - 1) delta_t
    acc_b = 0.0
    search = _Search(Z, ya if bias else None)
    updates = 0
    mpe, errs, last_errs = [], [], []
    for epoch in range(epochs):
        perm = rng.permutation(n) if rng is not None else None
        search.new_epoch(perm)
        count = 0
        p = 0
        while p < n:
            q = search.first(w, b, p)
            if q < 0:
                break
            i = q if perm is None else int(perm[q])
            t_minus_1 = epoch * n + q  # the visit number t is epoch * n + q + 1
            dw = lr * Z[i]
            w += dw
            acc_w += t_minus_1 * dw
            if bias:
                db = bs * ya[i]
                b += db
                acc_b += t_minus_1 * db
            search.updated()
            updates += 1
            count += 1
            p = q + 1
        mpe.append(count)
        T = (epoch + 1) * n
        w_avg = w - acc_w / T
        b_avg = b - acc_b / T
        errs.append(_count_mistakes(Z, yb_full, w_avg, b_avg))
        last_errs.append(_count_mistakes(Z, yb_full, w, b))
    return AveragedPerceptronResult(
        w=w_avg,
        b=float(b_avg),
        w_last=w,
        b_last=float(b),
        updates=updates,
        epochs=epochs,
        mistakes_per_epoch=np.asarray(mpe, dtype=np.int64),
        train_errors=np.asarray(errs, dtype=np.int64),
        last_train_errors=np.asarray(last_errs, dtype=np.int64),
    )


@dataclass(frozen=True)
class PocketPerceptronResult:
    """Outcome of :func:`pocket_perceptron`.

    w, b: the pocket weights (fewest training mistakes seen); errors: their number of
    training mistakes; w_last, b_last: the perceptron's last weights; updates: total updates;
    epochs: passes made; mistakes_per_epoch: updates in each pass; pocket_errors_per_epoch:
    the pocket's training mistakes at the end of each pass; errors_per_update: training
    mistakes of the current weights right after each update.
    """

    w: np.ndarray
    b: float
    errors: int
    w_last: np.ndarray
    b_last: float
    updates: int
    epochs: int
    mistakes_per_epoch: np.ndarray
    pocket_errors_per_epoch: np.ndarray
    errors_per_update: np.ndarray


def pocket_perceptron(
    X: object,
    y: object,
    *,
    epochs: int = 10,
    bias: bool = True,
    lr: float = 1.0,
    order: str = "random",
    seed: int | None = None,
) -> PocketPerceptronResult:
    """Pocket perceptron with ratchet (Gallant 1990): run the perceptron and, after every
    update, count the training mistakes of the current (w, b); keep in the "pocket" the
    weights with strictly fewest mistakes so far (start: w = 0, b = 0, which misclassifies
    all n examples since ties count).  Stops after ``epochs`` passes or as soon as the
    current weights make no training mistake.  Costs O(n d) per update.  Used in notebooks
    02 and 05 (heuristic for minimising disagreements).
    """
    if order not in ("cyclic", "random"):
        raise ValueError(f"order must be one of 'cyclic', 'random'; got {order!r}")
    Xa, ya, lr, bs, w, b = _prepare(X, y, bias, lr, None, order, None, 0.0)
    epochs = check_int(epochs, "epochs", minimum=1)
    n = Xa.shape[0]
    Z = ya[:, None] * Xa
    yb_full = ya if bias else np.zeros(n)
    rng = np.random.default_rng(seed) if order == "random" else None
    best_w, best_b, best_err = w.copy(), b, _count_mistakes(Z, yb_full, w, b)
    search = _Search(Z, ya if bias else None)
    updates = 0
    mpe, pocket_hist, per_update = [], [], []
    done = best_err == 0
    for _epoch in range(epochs):
        if done:
            break
        perm = rng.permutation(n) if rng is not None else None
        search.new_epoch(perm)
        count = 0
        p = 0
        while p < n:
            q = search.first(w, b, p)
            if q < 0:
                break
            i = q if perm is None else int(perm[q])
            w += lr * Z[i]
            if bias:
                b += bs * ya[i]
            search.updated()
            updates += 1
            count += 1
            err = _count_mistakes(Z, yb_full, w, b)
            per_update.append(err)
            if err < best_err:
                best_w, best_b, best_err = w.copy(), b, err
            if err == 0:
                done = True
                break
            p = q + 1
        mpe.append(count)
        pocket_hist.append(best_err)
        if count == 0:
            done = True
    return PocketPerceptronResult(
        w=best_w,
        b=float(best_b),
        errors=int(best_err),
        w_last=w,
        b_last=float(b),
        updates=updates,
        epochs=len(mpe),
        mistakes_per_epoch=np.asarray(mpe, dtype=np.int64),
        pocket_errors_per_epoch=np.asarray(pocket_hist, dtype=np.int64),
        errors_per_update=np.asarray(per_update, dtype=np.int64),
    )


# ----------------------------------------------------------------------------------------
# Bounds
# ----------------------------------------------------------------------------------------


def _functional_margin_checked(X: np.ndarray, y: np.ndarray, w: np.ndarray, b: float) -> float:
    gf = float(np.min(y * (X @ w + b)))
    if not gf > 0.0:
        raise ValueError(
            f"(w_star, b_star) does not separate the data: its functional margin "
            f"min y (w.x + b) is {gf:g} (must be > 0)"
        )
    return gf


def mistake_bound(
    X: object,
    y: object,
    w_star: object,
    b_star: float = 0.0,
    variant: str = "homogeneous",
    *,
    r: float | None = None,
) -> float:
    """Upper bound on the number of perceptron updates from 0, given a separator (w*, b*).

    R = max ||x_i||, gamma_f = min y_i (w*.x_i + b*) (must be > 0), gamma = gamma_f / ||w*||.
      "homogeneous"   R^2 / gamma^2                          (b* must be 0; Novikoff 1962)
      "affine"        (R^2 + 1)(||w*||^2 + b*^2) / gamma_f^2   (update b <- b + y)
      "lift"          (R^2 + r^2)(||w*||^2 + b*^2/r^2) / gamma_f^2  (b <- b + y r^2, i.e.
                      bias_step = lr r^2; needs keyword r > 0)
      "learning_rate" (2R / gamma)^2  (b <- b + lr y R^2; valid when |b*| <= R ||w*||, which
                      holds for every separator when both classes occur)
    Every bound depends only on R / gamma-type ratios, so rescaling X leaves it unchanged.
    Used in notebook 02.
    """
    Xa, ya = check_Xy(X, y)
    d = Xa.shape[1]
    ws = check_vector(w_star, d, "w_star")
    bst = check_scalar(b_star, "b_star")
    check_choice(variant, "variant", _VARIANTS)
    if r is not None and variant != "lift":
        raise ValueError(f"r is only used by variant='lift'; got r={r!r} with {variant!r}")
    if variant == "homogeneous" and bst != 0.0:
        raise ValueError(
            f"variant 'homogeneous' needs b_star == 0 (got {bst:g}); use variant='affine' "
            "(or 'lift') for a separator with a bias"
        )
    gf = _functional_margin_checked(Xa, ya, ws, bst)
    R2 = float(np.max(np.sum(Xa * Xa, axis=1)))
    nw2 = float(ws @ ws)
    if variant == "homogeneous":
        return R2 * nw2 / gf**2
    if variant == "affine":
        return (R2 + 1.0) * (nw2 + bst * bst) / gf**2
    if variant == "lift":
        if r is None:
            raise ValueError("variant 'lift' needs the keyword r (the lift x -> (x, r)), r > 0")
        rr = check_scalar(r, "r", positive=True)
        return (R2 + rr * rr) * (nw2 + bst * bst / (rr * rr)) / gf**2
    # learning_rate
    R = np.sqrt(R2)
    if R == 0.0:
        raise ValueError("variant 'learning_rate' needs R = max ||x|| > 0; all x are 0")
    if abs(bst) > R * np.sqrt(nw2):
        raise ValueError(
            f"variant 'learning_rate' needs |b_star| <= R ||w_star|| (got |b*| = {abs(bst):g} > "
            f"{R * np.sqrt(nw2):g}); use variant='lift' with r=R"
        )
    return 4.0 * R2 * nw2 / gf**2


def staircase_updates(d: int) -> int:
    """Closed form sum_{j=1..d} (2^j - 1)^2 (an exact Python int): the number of updates the
    cyclic homogeneous perceptron makes from 0 on the staircase data x1 = e1,
    x_k = e_k - 2 e_{k-1} (all labels +1), and a lower bound for every order.  Grows like
    (4/3) 4^d.  Used in notebooks 02 and 05.
    """
    d = check_int(d, "d", minimum=1)
    return sum((2**j - 1) ** 2 for j in range(1, d + 1))
