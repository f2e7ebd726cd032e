"""Grade submitted notebooks with the otter tests of one notebook, and write a grades CSV.

    python scripts/grade.py 01 submissions/*.ipynb --csv grades-01.csv [--report report.json]

The tests are the ones otter assign wrote from the notebook's test cells (`make student` puts
them in build/otter/NN/autograder/tests/; they are built here when missing). Each submission is
graded in three steps, so that nothing it does inside its own kernel can change its grade:

1. **Run** the notebook in a fresh kernel (nbclient), in a temporary folder, every error
   allowed, each cell under a time limit (``--cell-timeout``, the kernel is interrupted and the
   next cell runs) and the whole notebook under another (``--timeout``); stored output is capped
   (``--max-output`` bytes), the rest dropped. A last cell, added by the grader, writes the
   answers the tests ask for to a file (numbers, arrays, tuples, dicts as JSON; a function as
   dill bytes, which the judge loads only where the check asks for a function).
2. **Judge** in a separate, fresh Python process: it imports linsep_helpers anew and runs each
   question's tests in its own forked child (time limit ``--judge-timeout``), with the
   submission's answers and the *instructor notebook's* data (the exercise's X, y, ...: a
   submission that changes the data changes nothing). A check redefined, linsep_helpers
   monkeypatched or a results file written in the kernel stays in the kernel.
3. **Report**: points per question, total, and a note (cells that raised, cells stopped at
   the time limit, output dropped, answers that could not be read); the CSV has one row per
   submission, the JSON report the failing tests' messages (the check's sentence).

What this does not stop: a function answer runs inside its question's judge child, so a
function that rewrites the package while it is being checked can fool that one question's
check (never another's); and a submission runs with the grader's user rights (grade in a
container or as an unprivileged user). The README's "Grading a class" section says so.
"""

from __future__ import annotations

import argparse
import base64
import csv
import inspect
import io
import json
import os
import re
import secrets
import signal
import subprocess
import sys
import tempfile
import time
import types
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# ------------------------------------------------------------------------ step 1: run

#: The grader's last cell: write the named globals as JSON (functions as base64 dill bytes).
EXPORT_CELL = r"""
def _linsep_grader_export(names, path):
    import base64, json, math
    import numpy

    def enc(v, depth=0):
        if depth > 12:
            return {"unreadable": "nested too deep"}
        if v is None or isinstance(v, (bool, str)):
            return v
        if isinstance(v, int):
            return v
        if isinstance(v, float):
            return v if math.isfinite(v) else {"float": repr(v)}
        if isinstance(v, complex):
            return {"complex": [enc(v.real), enc(v.imag)]}
        if isinstance(v, numpy.ndarray) and v.dtype.kind in "biuf" and v.size <= 10**6:
            return {"ndarray": enc(v.tolist(), depth + 1), "dtype": v.dtype.str}
        if isinstance(v, numpy.generic) and v.dtype.kind in "biuf":
            return {"ndarray": enc(v.item(), depth + 1), "dtype": v.dtype.str, "scalar": True}
        if isinstance(v, (list, tuple, set, frozenset)) and len(v) <= 10**6:
            kind = "set" if isinstance(v, (set, frozenset)) else type(v).__name__
            return {kind: [enc(x, depth + 1) for x in v]}
        if isinstance(v, dict) and len(v) <= 10**5:
            return {"dict": [[enc(k, depth + 1), enc(x, depth + 1)] for k, x in v.items()]}
        if callable(v) and not isinstance(v, type):
            import importlib, io, types
            import dill

            class ModulesByName(dill.Pickler):
                # Modules go by name, so that the judge uses its own, fresh ones (dill would
                # save linsep_helpers, installed editable, by value).
                # A function of the notebook goes as its code with one dict of the notebook
                # globals its code (and the notebook functions it calls) names: dill's own
                # recurse=True walks into scipy's functions and hits the recursion limit.
                shared = None

                def notebook_names(self, func):
                    names, todo, seen = set(), [func], set()
                    while todo:
                        f = todo.pop()
                        if id(f) in seen:
                            continue
                        seen.add(id(f))
                        codes = [f.__code__]
                        while codes:
                            code = codes.pop()
                            names.update(code.co_names)
                            codes += [c for c in code.co_consts if isinstance(c, types.CodeType)]
                        for name in names:
                            value = f.__globals__.get(name)
                            if isinstance(value, types.FunctionType):
                                if value.__module__ == "__main__":
                                    todo.append(value)
                    found = {n: func.__globals__[n] for n in names if n in func.__globals__}
                    found["__builtins__"] = importlib.import_module("builtins")
                    return found

                def reducer_override(self, obj):
                    if isinstance(obj, types.ModuleType):
                        return (importlib.import_module, (obj.__name__,))
                    module = getattr(obj, "__module__", None)
                    if isinstance(obj, types.FunctionType) and module == "__main__":
                        if self.shared is None:
                            self.shared = self.notebook_names(obj)
                        args = (obj.__code__, self.shared, obj.__name__, obj.__defaults__,
                                obj.__closure__)
                        return (types.FunctionType, args)
                    return NotImplemented

            try:
                buffer = io.BytesIO()
                ModulesByName(buffer).dump(v)
                return {"function": base64.b64encode(buffer.getvalue()).decode()}
            except Exception as exc:
                return {"unreadable": f"a function dill cannot save ({type(exc).__name__})"}
        if hasattr(v, "w") and hasattr(v, "b"):
            return {"wb": [enc(v.w, depth + 1), enc(v.b, depth + 1)]}
        return {"unreadable": f"an object of type {type(v).__name__}"}

    found = {}
    for name in names:
        if name in globals():
            try:
                found[name] = enc(globals()[name])
            except Exception as exc:
                found[name] = {"unreadable": f"{type(exc).__name__} while saving it"}
    import os

    os.makedirs(os.path.dirname(path))
    with open(path, "w") as f:
        json.dump(found, f)


_linsep_grader_export(NAMES, PATH)
del _linsep_grader_export
"""


@dataclass
class Run:
    """What running one notebook gave: its answers file and what went wrong on the way."""

    answers: Path | None
    seconds: float
    errors: int = 0  # cells that raised
    stopped: list[str] = field(default_factory=list)  # ids of cells stopped at the time limit
    dropped_bytes: int = 0  # output beyond the cap
    failure: str = ""  # why the run ended early (kernel died, whole-notebook time limit)


def run_notebook(
    path: Path,
    names: list[str],
    workdir: Path,
    *,
    cell_timeout: float,
    timeout: float,
    max_output: int,
) -> Run:
    """Execute the notebook at ``path`` in a fresh kernel and export the globals ``names``."""
    import nbformat
    from nbclient import NotebookClient

    nb = nbformat.read(path, as_version=4)
    # the notebook runs in workdir/notebook; the answers go to a folder it is not told about
    # before its last cell (a file the submission writes there is overwritten or ignored)
    cwd = workdir / "notebook"
    cwd.mkdir()
    answers = workdir / f"answers-{secrets.token_hex(16)}" / "answers.json"  # made by the cell
    export = nbformat.v4.new_code_cell(
        EXPORT_CELL.replace("NAMES", repr(names)).replace("PATH", repr(str(answers)))
    )
    export.id = "linsep-grader-export"
    nb.cells = [c for c in nb.cells if c.cell_type != "raw"] + [export]
    run = Run(answers=None, seconds=0.0)
    start = time.monotonic()
    deadline = start + timeout

    def cell_limit(cell: dict) -> int:
        if cell.get("id") == export.id:
            return max(30, int(cell_timeout))  # the export gets its time even after a stop
        left = deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError(f"the whole notebook took longer than {timeout:g} s")
        return max(1, int(min(cell_timeout, left)))

    class CappedClient(NotebookClient):
        used = 0

        def output(self, outs: list, msg: dict, display_id: str | None, cell_index: int) -> object:
            size = len(json.dumps(msg.get("content", {}), default=str))
            if CappedClient.used + size > max_output:
                run.dropped_bytes += size
                return None
            CappedClient.used += size
            return super().output(outs, msg, display_id, cell_index)

        async def _async_handle_timeout(self, timeout, cell=None):  # noqa: ANN001, ANN202
            if cell is not None:
                run.stopped.append(cell.get("id") or "?")
            return await super()._async_handle_timeout(timeout, cell)

    client = CappedClient(
        nb,
        timeout_func=cell_limit,
        interrupt_on_timeout=True,
        error_on_timeout={"ename": "TimeoutError", "evalue": "stopped by the grader's limit"},
        allow_errors=True,
        kernel_name="python3",
        resources={"metadata": {"path": str(cwd)}},
    )
    try:
        client.execute()
    except Exception as exc:  # noqa: BLE001 - a dead kernel, the whole-notebook limit
        run.failure = f"{type(exc).__name__}: {str(exc)[:200]}"
    run.seconds = time.monotonic() - start
    for cell in nb.cells[:-1]:
        for out in cell.get("outputs", []):
            if out.get("output_type") == "error" and cell.get("id") not in run.stopped:
                run.errors += 1
    run.answers = answers if answers.is_file() else None  # never a file written before the end
    return run


# ---------------------------------------------------------------------- step 2: judge


@dataclass
class TestCase:
    name: str
    func: object
    points: float
    hidden: bool


def load_tests(tests_dir: Path) -> list[tuple[str, float, list[TestCase]]]:
    """The questions of otter's exception-format test files: (name, points, test cases).

    The files import ``otter.test_files.test_case``; a small stand-in with the same arguments
    is used so that the judge does not import otter (seconds per process).
    """
    cases: list[TestCase] = []

    class test_case:  # noqa: N801 - the name the test files use
        def __init__(
            self,
            name: str | None = None,
            points: float | None = None,
            hidden: bool = False,
            **_messages: str,
        ) -> None:
            self.name, self.points, self.hidden = name, points, hidden

        def __call__(self, func: Callable) -> Callable:
            cases.append(TestCase(self.name or func.__name__, func, self.points or 0, self.hidden))
            return func

    stand_in = types.ModuleType("otter.test_files")
    stand_in.test_case = test_case
    sys.modules.setdefault("otter", types.ModuleType("otter"))
    sys.modules["otter.test_files"] = stand_in
    questions = []
    for path in sorted(tests_dir.glob("*.py"), key=lambda p: _question_order(p.stem)):
        cases.clear()
        namespace: dict = {}
        exec(compile(path.read_text(encoding="utf-8"), str(path), "exec"), namespace)  # noqa: S102
        questions.append((namespace["name"], float(namespace["points"]), list(cases)))
    return questions


def _question_order(name: str) -> tuple:
    return tuple(int(p) if p.isdigit() else p for p in re.split(r"(\d+)", name))


def test_names(questions: list) -> tuple[list[str], set[str]]:
    """Every global the tests take, and which of them are the notebook's data (not answers)."""
    names, data = [], set()
    for _, _, cases in questions:
        for case in cases:
            for param in inspect.signature(case.func).parameters:
                if param not in names:
                    names.append(param)
            doc = inspect.getdoc(case.func) or ""
            m = re.search(r"Data: ([\w, ]+?) \(", doc)
            if m:
                data.update(n.strip() for n in m.group(1).split(","))
    return names, data


class Unreadable:
    """An answer the grader could not carry out of the kernel; every check rejects it."""

    def __init__(self, why: str) -> None:
        self.why = why

    def __repr__(self) -> str:
        return f"<{self.why}, which the grader could not read>"


def decode(value: object, *, functions: bool = False) -> object:
    """The answer a JSON value stands for; dill bytes are loaded only with ``functions``."""
    import numpy as np

    if not isinstance(value, dict):
        return value
    ((kind, body),) = [(k, v) for k, v in value.items() if k not in ("dtype", "scalar")]
    if kind == "float":
        return float(body)
    if kind == "complex":
        return complex(decode(body[0]), decode(body[1]))
    if kind == "ndarray":
        arr = np.array(decode(body), dtype=np.dtype(value["dtype"]))
        return arr[()] if value.get("scalar") else arr
    if kind in ("list", "tuple", "set"):
        items = [decode(x) for x in body]
        return {"list": list, "tuple": tuple, "set": set}[kind](items)
    if kind == "dict":
        return {_hashable(decode(k)): decode(v) for k, v in body}
    if kind == "wb":
        return types.SimpleNamespace(w=decode(body[0]), b=decode(body[1]))
    if kind == "function":
        if not functions:
            return Unreadable("a function where a value is asked for")
        import dill

        return dill.loads(base64.b64decode(body))
    return Unreadable(str(body))


def _hashable(key: object) -> object:
    return tuple(key) if isinstance(key, list) else key


def judge(tests_dir: Path, answers: dict, reference: dict, child_timeout: float) -> dict:
    """Run every question's tests in a forked child; {question: {points, possible, failed}}."""
    import linsep_helpers  # noqa: F401 - imported fresh, before any answer is read

    questions = load_tests(tests_dir)
    _, data = test_names(questions)
    results = {}
    for qname, possible, cases in questions:
        read, write = os.pipe()
        pid = os.fork()
        if pid == 0:  # the child: read the answers this question needs, run its tests
            os.close(read)
            outcome = {"points": 0.0, "failed": []}
            try:
                env = {}
                params = {p for case in cases for p in inspect.signature(case.func).parameters}
                for param in params & data:
                    env[param] = decode(reference[param]) if param in reference else None
                wanted = _function_answers(cases, params - data, env)
                for param in params - data:
                    # a function is loaded only where the check asks for one
                    env[param] = (
                        decode(answers[param], functions=param in wanted)
                        if param in answers
                        else None
                    )
                for case in cases:
                    params = inspect.signature(case.func).parameters
                    try:
                        case.func(**{p: env[p] for p in params})
                        outcome["points"] += case.points
                    except BaseException as exc:  # noqa: BLE001 - any failure is a failed test
                        message = f"{type(exc).__name__}: {exc}"[:500]
                        outcome["failed"].append(
                            {"test": case.name, "hidden": case.hidden, "message": message}
                        )
            except BaseException as exc:  # noqa: BLE001 - an answer that cannot be loaded
                outcome["failed"].append(
                    {
                        "test": "(answers)",
                        "hidden": False,
                        "message": f"{type(exc).__name__}: {exc}"[:500],
                    }
                )
            with os.fdopen(write, "w") as f:
                json.dump(outcome, f)
            os._exit(0)
        os.close(write)
        with os.fdopen(read) as f:
            outcome = _read_with_deadline(f, pid, child_timeout)
        outcome["points"] = min(float(outcome["points"]), possible)
        outcome["possible"] = possible
        results[qname] = outcome
    return results


def _function_answers(cases: list, answers: set[str], data_env: dict) -> set[str]:
    """The answers whose check asks for a function: its "not answered yet" sentence says so.

    The public test is called with every answer None (a check then returns "not answered yet:
    replace None with ..." without running anything); no answer of the submission is read.
    """
    wanted = set()
    for case in cases:
        if case.hidden:
            continue
        params = inspect.signature(case.func).parameters
        try:
            case.func(**{p: data_env.get(p) for p in params})
        except AssertionError as exc:
            text = str(exc)
            if "not answered yet" in text and ("function" in text or "def " in text):
                wanted |= set(params) & answers
        except Exception:  # noqa: BLE001, S110 - a test that cannot run on None says nothing
            pass
    return wanted


def _read_with_deadline(f: io.TextIOWrapper, pid: int, seconds: float) -> dict:
    """The child's JSON, or a failure after ``seconds`` (the child is killed)."""
    import select

    chunks, end = [], time.monotonic() + seconds
    while True:
        left = end - time.monotonic()
        ready, _, _ = select.select([f], [], [], max(0.0, left))
        if not ready:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            return {
                "points": 0.0,
                "failed": [
                    {
                        "test": "(all)",
                        "hidden": False,
                        "message": f"the tests did not finish in {seconds:g} s",
                    }
                ],
            }
        chunk = os.read(f.fileno(), 1 << 16)
        if not chunk:
            break
        chunks.append(chunk)
    os.waitpid(pid, 0)
    try:
        return json.loads(b"".join(chunks) or b"null") or {"points": 0.0, "failed": []}
    except ValueError:
        return {
            "points": 0.0,
            "failed": [
                {
                    "test": "(all)",
                    "hidden": False,
                    "message": "the judge process ended without a result",
                }
            ],
        }


def judge_in_fresh_process(
    tests_dir: Path, answers: Path | None, reference: Path, child_timeout: float
) -> dict:
    """Step 2 in a new Python process (``--judge``), one BLAS thread (forked children)."""
    env = {
        **os.environ,
        "OPENBLAS_NUM_THREADS": "1",
        "OMP_NUM_THREADS": "1",
        "MKL_NUM_THREADS": "1",
        "MPLBACKEND": "Agg",
    }
    command = [
        sys.executable,
        str(Path(__file__).resolve()),
        "--judge",
        str(tests_dir),
        str(answers) if answers else "-",
        str(reference),
        str(child_timeout),
    ]
    done = subprocess.run(command, capture_output=True, text=True, env=env, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"the judge failed:\n{done.stderr[-2000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def _judge_main(argv: list[str]) -> int:
    tests_dir, answers_path, reference_path, child_timeout = argv
    answers = json.loads(Path(answers_path).read_text()) if answers_path != "-" else {}
    reference = json.loads(Path(reference_path).read_text())
    results = judge(Path(tests_dir), answers, reference, float(child_timeout))
    print(json.dumps(results))
    return 0


# -------------------------------------------------------------------- step 3: report


@dataclass
class Grade:
    submission: str
    questions: dict
    seconds: float  # running the notebook
    notes: list[str]
    judge_seconds: float = 0.0  # the judge process

    @property
    def total(self) -> float:
        return sum(q["points"] for q in self.questions.values())

    @property
    def possible(self) -> float:
        return sum(q["possible"] for q in self.questions.values())


def tests_for(number: str, build: Path) -> Path:
    """build/otter/NN/autograder/tests, made with otter assign when missing."""
    tests = build / "otter" / number / "autograder" / "tests"
    if not any(tests.glob("*.py")):
        sys.path.insert(0, str(ROOT / "scripts"))
        from assign import otter_assign

        (notebook,) = (ROOT / "notebooks").glob(f"{number}_*.ipynb")
        otter_assign(notebook, build)
    return tests


def grade_class(
    number: str,
    submissions: list[Path],
    *,
    build: Path = ROOT / "build",
    cell_timeout: float = 60,
    timeout: float = 600,
    max_output: int = 5_000_000,
    judge_timeout: float = 60,
) -> list[Grade]:
    """Grade every submission of notebook ``number`` ("01" ... "05")."""
    tests = tests_for(number, build)
    (instructor,) = (ROOT / "notebooks").glob(f"{number}_*.ipynb")
    # names the tests take; loading the files here only reads their signatures
    names, _ = test_names(load_tests(tests))
    grades = []
    with tempfile.TemporaryDirectory(prefix="linsep-grade-") as tmp:
        ref_dir = Path(tmp) / "reference"
        ref_dir.mkdir()
        ref = run_notebook(
            instructor,
            names,
            ref_dir,
            cell_timeout=cell_timeout,
            timeout=timeout,
            max_output=max_output,
        )
        if ref.answers is None:
            raise RuntimeError(f"the instructor notebook {instructor.name} did not run: {ref}")
        for k, path in enumerate(submissions):
            work = Path(tmp) / f"s{k}"
            work.mkdir()
            run = run_notebook(
                path, names, work, cell_timeout=cell_timeout, timeout=timeout, max_output=max_output
            )
            start = time.monotonic()
            questions = judge_in_fresh_process(tests, run.answers, ref.answers, judge_timeout)
            judged = time.monotonic() - start
            grades.append(Grade(str(path), questions, run.seconds, _notes(run, questions), judged))
    return grades


def _notes(run: Run, questions: dict) -> list[str]:
    notes = []
    if run.errors:
        notes.append(f"{run.errors} cell(s) raised an error")
    if run.stopped:
        notes.append(f"cell(s) {', '.join(run.stopped)} stopped at the time limit")
    if run.dropped_bytes:
        notes.append(f"{run.dropped_bytes} bytes of output dropped")
    if run.failure:
        notes.append(f"run ended early: {run.failure}")
    if run.answers is None:
        notes.append("no answers could be read (graded as unanswered)")
    unreadable = [
        q
        for q, r in questions.items()
        if any("could not read" in f["message"] for f in r["failed"])
    ]
    if unreadable:
        notes.append(f"answers not readable: {', '.join(unreadable)}")
    return notes


def write_csv(grades: list[Grade], path: Path) -> None:
    """One row per submission: its name, the points of each question, total, possible, notes."""
    qnames = list(grades[0].questions) if grades else []
    with open(path, "w", newline="", encoding="utf-8") as f:
        out = csv.writer(f)
        out.writerow(["submission", *qnames, "total", "possible", "notes"])
        for g in grades:
            points = [f"{g.questions[q]['points']:g}" for q in qnames]
            out.writerow(
                [
                    Path(g.submission).stem,
                    *points,
                    f"{g.total:g}",
                    f"{g.possible:g}",
                    "; ".join(g.notes),
                ]
            )


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["--judge"]:
        return _judge_main(argv[1:])
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebook", help="which notebook: 01 ... 05")
    parser.add_argument("submissions", type=Path, nargs="+")
    parser.add_argument("--csv", type=Path, default=Path("grades.csv"))
    parser.add_argument("--report", type=Path, help="JSON with every failed test's message")
    parser.add_argument("--build", type=Path, default=ROOT / "build")
    parser.add_argument("--cell-timeout", type=float, default=60)
    parser.add_argument("--timeout", type=float, default=600)
    parser.add_argument("--max-output", type=int, default=5_000_000)
    parser.add_argument("--judge-timeout", type=float, default=60)
    args = parser.parse_args(argv)
    if not re.fullmatch(r"0[1-5]", args.notebook):
        parser.error(f"notebook must be 01 ... 05, not {args.notebook!r}")
    grades = grade_class(
        args.notebook,
        args.submissions,
        build=args.build,
        cell_timeout=args.cell_timeout,
        timeout=args.timeout,
        max_output=args.max_output,
        judge_timeout=args.judge_timeout,
    )
    write_csv(grades, args.csv)
    if args.report:
        args.report.write_text(json.dumps([g.__dict__ for g in grades], indent=1))
    for g in grades:
        print(
            f"{g.submission}: {g.total:g} / {g.possible:g} ({g.seconds:.1f} s) {'; '.join(g.notes)}"
        )
    print(f"wrote {args.csv}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
