"""Claim traceability: every claim in docs/claims.md is taught in a tagged notebook cell and
checked by a marked test."""

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def claim_table() -> dict[str, set[str]]:
    rows = re.findall(
        r"^\| (C\d\d) \|.*\| ([0-9, ]+) \|$", (ROOT / "docs/claims.md").read_text(), re.M
    )
    return {cid: {n.strip() for n in nbs.split(",")} for cid, nbs in rows}


def tagged_cells() -> dict[str, set[str]]:
    """claim id -> notebook numbers ("01".."05") with a cell tagged claim:<id>."""
    found: dict[str, set[str]] = {}
    for nb in sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb")):
        for cell in json.loads(nb.read_text())["cells"]:
            for tag in cell.get("metadata", {}).get("tags", []):
                m = re.fullmatch(r"claim:(C\d\d)", tag)
                if m:
                    found.setdefault(m.group(1), set()).add(nb.name[:2])
    return found


def marked_tests() -> set[str]:
    ids = set()
    for path in (ROOT / "tests").rglob("test_*.py"):
        ids.update(re.findall(r"""mark\.claim\(\s*["'](C\d\d)["']""", path.read_text()))
    return ids


def test_the_claim_table_lists_29_claims():
    table = claim_table()
    assert sorted(table) == [f"C{i:02d}" for i in range(1, 30)]


@pytest.mark.parametrize("cid", sorted(claim_table()))
def test_claim_is_taught_in_its_notebooks(cid):
    want = claim_table()[cid]
    got = tagged_cells().get(cid, set())
    assert want <= got, (
        f"{cid} must be taught (cell tag claim:{cid}) in notebook(s) {sorted(want - got)}"
    )


@pytest.mark.parametrize("cid", sorted(claim_table()))
def test_claim_is_checked_by_a_marked_test(cid):
    assert cid in marked_tests(), f'no test is marked @pytest.mark.claim("{cid}")'


def test_tags_name_only_known_claims():
    unknown = set(tagged_cells()) - set(claim_table())
    assert not unknown, f"cells tagged with unknown claims: {sorted(unknown)}"
