"""Repository hygiene that reviewers would otherwise check by hand."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("games", "ai")


@pytest.mark.skipif(shutil.which("ruff") is None and not (ROOT / ".venv/bin/ruff").exists(), reason="ruff not installed")
def test_ruff_is_clean():
    ruff = shutil.which("ruff") or str(ROOT / ".venv/bin/ruff")
    proc = subprocess.run([ruff, "check", "."], cwd=ROOT, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout[-3000:]


@pytest.mark.parametrize("package", PACKAGES)
def test_rules_and_ai_do_not_import_pygame(package):
    for path in (ROOT / package).rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"^\s*(import|from)\s+pygame", text, re.M), path


def test_nothing_reads_the_shared_folder_or_evaluates_data():
    for path in list(ROOT.glob("*.py")) + [p for d in ("games", "ai", "ui") for p in (ROOT / d).rglob("*.py")]:
        text = path.read_text(encoding="utf-8")
        assert "../shared" not in text and "/work/shared" not in text, path
        assert not re.search(r"(^|[^.\w])eval\(", text), path
        assert not re.search(r"pickle\.loads?\(", text), path


def test_readme_test_command_is_what_ci_runs():
    readme = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    test_command = next(line for line in readme if "pytest" in line)
    assert test_command in (ROOT / ".ci/run").read_text(encoding="utf-8")
