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


def with_one_retry(start):
    """Wrap nbval's kernel start so that a kernel which never answers is replaced once.

    Under two xdist workers a kernel now and then never answers its first request (CI saw
    "Kernel didn't respond in 60 seconds" once, at the setup of a notebook whose cells were
    fine), as when a port is taken between the moment jupyter_client picks it and the
    moment the kernel binds it. nbval has already shut the silent kernel down; a second,
    fresh one (with fresh ports) is the cure. A second failure is reported as it is."""
    if getattr(start, "retries_once", False):
        return start

    def start_new_kernel(*args, **kwargs):
        try:
            return start(*args, **kwargs)
        except RuntimeError as error:
            import warnings

            warnings.warn(f"kernel start failed ({error}); starting a fresh kernel")
            return start(*args, **kwargs)

    start_new_kernel.retries_once = True
    return start_new_kernel


try:
    import nbval.kernel as _nbval_kernel
except ImportError:  # nbval not installed (the unit tests alone): nothing to patch
    pass
else:
    _nbval_kernel.start_new_kernel = with_one_retry(_nbval_kernel.start_new_kernel)
