"""Strict nbval of the notebooks again, under numerical kernels other than this machine's.

A committed output must print the same characters on every processor. `make test` checks the
notebooks with the kernels this machine picks; this script runs the same strict nbval under
kernels that other machines pick, so an output that depends on rounding fails here too:

- older-processor: numpy's SIMD dispatch narrowed to its build baseline (every group that
  `np.show_runtime()` lists as found is disabled through NPY_DISABLE_CPU_FEATURES), OpenBLAS on
  its Sandybridge kernels, one BLAS thread;
- avx512-processor: OpenBLAS on its SkylakeX (AVX-512) kernels, what an Intel Xeon gets; run
  only where the processor has AVX-512 (elsewhere those kernels would crash), and said so.

Usage: python scripts/nbval_kernels.py [pytest options and paths...]   (default: notebooks)
"""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NBVAL = [
    "--nbval",
    "--nbval-current-env",
    "--nbval-sanitize-with",
    str(ROOT / "tests" / "nbval_sanitize.cfg"),
    "-p",
    "no:randomly",
    "-q",
]


def found_simd_groups() -> list[str]:
    """The SIMD groups numpy dispatches to on this processor (show_runtime's 'found')."""
    from numpy._core._multiarray_umath import __cpu_dispatch__, __cpu_features__

    return [group for group in __cpu_dispatch__ if __cpu_features__[group]]


def cpu_flags() -> set[str]:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("flags"):
                return set(line.split(":", 1)[1].split())
    except OSError:
        pass
    return set()


def variants() -> list[tuple[str, dict[str, str]]]:
    flags = cpu_flags()
    found = [
        (
            "older-processor",
            {
                "NPY_DISABLE_CPU_FEATURES": " ".join(found_simd_groups()),
                "OPENBLAS_CORETYPE": "Sandybridge" if "avx" in flags else "Prescott",
                "OPENBLAS_NUM_THREADS": "1",
            },
        )
    ]
    if "avx512f" in flags:
        found.append(("avx512-processor", {"OPENBLAS_CORETYPE": "SkylakeX"}))
    else:
        print("avx512-processor: not run, this processor has no AVX-512", flush=True)
    return found


def main(args: list[str]) -> int:
    status = 0
    for name, settings in variants():
        env = {**os.environ, **settings}
        shown = " ".join(f"{key}={value!r}" for key, value in settings.items())
        print(f"== strict nbval, {name}: {shown}", flush=True)
        cmd = [sys.executable, "-m", "pytest", *NBVAL, *(args or ["notebooks"])]
        result = subprocess.run(cmd, cwd=ROOT, env=env)
        status = status or result.returncode
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
