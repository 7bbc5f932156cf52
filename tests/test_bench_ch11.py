"""Chapter 11's benchmarks run their --quick smoke runs (tables print; no timing is asserted)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"


@pytest.mark.parametrize("script, expect", [
    ("bench_starbattle.py", "sat (default)"),
    ("bench_knightmoves.py", "open tour on 8x8"),
    ("bench_v3ck.py", "symmetric unique"),
    ("bench_monodot.py", "bigm 2 answers"),
])
def test_quick_run_prints_its_table(script, expect):
    args = [sys.executable, str(BENCHMARKS / script), "--quick"]
    if script == "bench_starbattle.py":
        args.append("--no-cpsat")  # CP-SAT is an optional extra; its subprocess is tried by the full run
    result = subprocess.run(args, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr[-2000:]
    assert expect in result.stdout
