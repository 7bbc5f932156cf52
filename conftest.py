"""Each notebook's run time under nbval, printed at the end of `make test` (and written to
_build/notebook-times.csv), so the lecturer's guide can point at times measured in CI."""

from __future__ import annotations

import csv
from collections import defaultdict
from pathlib import Path

_TIMES: dict[str, float] = defaultdict(float)


def pytest_runtest_logreport(report):
    path = report.nodeid.split("::")[0]
    if path.endswith(".ipynb") and report.when == "call":
        _TIMES[path] += report.duration


def pytest_terminal_summary(terminalreporter):
    if not _TIMES:
        return
    terminalreporter.section("notebook run times (nbval, this machine)")
    for path in sorted(_TIMES):
        terminalreporter.write_line(f"{path:<45} {_TIMES[path]:7.1f} s")
    out = Path(__file__).resolve().parent / "_build" / "notebook-times.csv"
    out.parent.mkdir(exist_ok=True)
    with open(out, "w", newline="") as f:
        writer = csv.writer(f)
        writer.writerow(["notebook", "seconds"])
        for path in sorted(_TIMES):
            writer.writerow([path, f"{_TIMES[path]:.1f}"])
