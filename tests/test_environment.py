"""The repository's set-up files agree with each other and with what the code imports.

Two dependency sets are tested: the exact pins (requirements.txt, environment.yml) and
pyproject's minimum versions (requirements-oldest.txt, `make test-oldest`)."""

import ast
import re
import sys
import tomllib
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[1]


def _norm(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _pins(lines) -> dict[str, str]:
    pins = {}
    for raw in lines:
        line = raw.split("#", 1)[0].strip()
        if not line or line.startswith("-"):
            continue
        m = re.fullmatch(r"([A-Za-z0-9_.\-]+)==([A-Za-z0-9_.\-+]+)", line)
        assert m, f"not an exact pin: {raw!r}"
        pins[_norm(m.group(1))] = m.group(2)
    return pins


def requirements_pins() -> dict[str, str]:
    return _pins((ROOT / "requirements.txt").read_text().splitlines())


def environment_pins() -> tuple[dict[str, str], list[str]]:
    env = yaml.safe_load((ROOT / "environment.yml").read_text())
    pip_lists = [d["pip"] for d in env["dependencies"] if isinstance(d, dict) and "pip" in d]
    assert len(pip_lists) == 1, "environment.yml needs exactly one pip section"
    entries = pip_lists[0]
    return _pins(entries), [e for e in entries if e.startswith("-")]


def test_requirements_are_exact_pins():
    pins = requirements_pins()
    for needed in [
        "jupyterlab",
        "numpy",
        "matplotlib",
        "ipywidgets",
        "jupyterlab-widgets",
        "nbval",
        "scipy",
        "scikit-learn",
        "hypothesis",
        "pytest",
        "ipympl",
        "ruff",
        "playwright",
    ]:
        assert needed in pins, f"{needed} is not pinned in requirements.txt"


def test_environment_yml_agrees_with_requirements():
    env_pins, _ = environment_pins()
    req = requirements_pins()
    only_req = sorted(set(req) - set(env_pins))
    only_env = sorted(set(env_pins) - set(req))
    assert not only_req, f"pinned in requirements.txt but not environment.yml: {only_req}"
    assert not only_env, f"pinned in environment.yml but not requirements.txt: {only_env}"
    differ = {k: (req[k], env_pins[k]) for k in req if req[k] != env_pins[k]}
    assert not differ, f"versions differ (requirements, environment): {differ}"


def test_environment_yml_installs_the_package_and_python_311():
    env = yaml.safe_load((ROOT / "environment.yml").read_text())
    _, options = environment_pins()
    assert "-e ." in options or "." in options, "environment.yml must pip-install the package"
    assert "python=3.11" in env["dependencies"]


def test_installed_versions_match_the_pins():
    from importlib.metadata import PackageNotFoundError, version

    wrong = {}
    for name, pinned in requirements_pins().items():
        try:
            got = version(name)
        except PackageNotFoundError:
            wrong[name] = (pinned, "not installed")
            continue
        if got != pinned:
            wrong[name] = (pinned, got)
    assert not wrong, f"installed versions differ from requirements.txt (pin, installed): {wrong}"


def _imported_top_level(paths) -> set[str]:
    names = set()
    for path in paths:
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names.update(a.name.split(".")[0] for a in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names.add(node.module.split(".")[0])
    return names


# import name -> distribution name, where they differ
_DIST = {
    "sklearn": "scikit-learn",
    "yaml": "pyyaml",
    "mpl_toolkits": "matplotlib",
    "PIL": "pillow",
}


@pytest.mark.parametrize("folder", ["linsep_helpers", "tests"])
def test_every_third_party_import_is_pinned(folder):
    pins = requirements_pins()
    stdlib = set(sys.stdlib_module_names)
    imported = _imported_top_level((ROOT / folder).rglob("*.py"))
    local = {p.stem for p in (ROOT / folder).rglob("*.py")} | {"linsep_helpers"}
    third_party = {n for n in imported if n not in stdlib and n not in local}
    missing = sorted(n for n in third_party if _norm(_DIST.get(n, n)) not in pins)
    assert not missing, f"imported in {folder}/ but not pinned in requirements.txt: {missing}"


# ----------------------------------------------------------------------------- pyproject's ranges


def oldest_pins() -> dict[str, str]:
    return _pins((ROOT / "requirements-oldest.txt").read_text().splitlines())


def _minimums(requirements: list[str]) -> dict[str, str]:
    """name -> lower bound of requirements written name>=version (the one form pyproject uses)."""
    out = {}
    for req in requirements:
        m = re.fullmatch(r"([A-Za-z0-9_.\-]+)>=([0-9][0-9.]*)", req.replace(" ", ""))
        assert m, f"pyproject requirement {req!r} is not of the form name>=version"
        out[_norm(m.group(1))] = m.group(2)
    return out


def _release(version: str) -> tuple[int, ...]:
    """A version's release numbers, zero-padded to compare: 2.0 -> (2, 0, 0, 0)."""
    m = re.match(r"\d+(?:\.\d+)*", version)
    assert m, f"not a version: {version!r}"
    nums = [int(x) for x in m.group().split(".")]
    return tuple(nums + [0] * (4 - len(nums)))


def project_minimums() -> tuple[dict[str, str], dict[str, str]]:
    """(dependencies, optional dependencies of every extra) as name -> minimum version."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    extras = [req for reqs in project.get("optional-dependencies", {}).values() for req in reqs]
    return _minimums(project["dependencies"]), _minimums(extras)


def test_the_oldest_set_pins_every_dependency_at_pyprojects_minimum():
    deps, extras = project_minimums()
    oldest = oldest_pins()
    missing = sorted(set(deps) - set(oldest))
    assert not missing, f"pyproject.toml dependencies not in requirements-oldest.txt: {missing}"
    # ipympl (an extra) runs the blitter's tests: its minimum is tested as well
    assert "ipympl" in oldest and "ipympl" in extras
    wrong = {
        name: (minimum, oldest[name])
        for name, minimum in {**extras, **deps}.items()
        if name in oldest and _release(oldest[name]) != _release(minimum)
    }
    assert not wrong, f"requirements-oldest.txt not at pyproject's minimum (minimum, pin): {wrong}"


def test_the_exact_pins_satisfy_pyprojects_ranges():
    deps, extras = project_minimums()
    pins = requirements_pins()
    missing = sorted(set(deps) - set(pins))
    assert not missing, f"dependencies of pyproject.toml not pinned in requirements.txt: {missing}"
    below = {
        name: (minimum, pins[name])
        for name, minimum in {**extras, **deps}.items()
        if name in pins and _release(pins[name]) < _release(minimum)
    }
    assert not below, f"requirements.txt pins below pyproject's minimum (minimum, pin): {below}"


def test_the_oldest_set_takes_the_test_tools_at_the_exact_pins():
    deps, extras = project_minimums()
    pins, oldest = requirements_pins(), oldest_pins()
    assert {"pytest", "hypothesis"} <= set(oldest)
    tools = set(oldest) & set(pins) - set(deps) - set(extras)
    differ = {name: (pins[name], oldest[name]) for name in tools if pins[name] != oldest[name]}
    assert not differ, f"test tools pinned differently (requirements, oldest): {differ}"


def test_every_third_party_import_of_the_package_is_a_pyproject_dependency():
    deps, extras = project_minimums()
    imported = _imported_top_level((ROOT / "linsep_helpers").rglob("*.py"))
    local = {p.stem for p in (ROOT / "linsep_helpers").rglob("*.py")} | {"linsep_helpers"}
    third_party = {n for n in imported if n not in set(sys.stdlib_module_names) | local}
    undeclared = sorted(n for n in third_party if _norm(_DIST.get(n, n)) not in {**deps, **extras})
    assert not undeclared, f"linsep_helpers imports what pyproject.toml lacks: {undeclared}"


def test_the_files_test_oldest_skips_exist():
    m = re.search(r"^PINS_ONLY := (.+)$", (ROOT / "Makefile").read_text(), re.M)
    assert m, "the Makefile lists the test files test-oldest skips in PINS_ONLY"
    present = {p.name for p in (ROOT / "tests").rglob("test_*.py")}
    stale = sorted(set(m.group(1).split()) - present)
    assert not stale, f"PINS_ONLY names test files that do not exist: {stale}"
