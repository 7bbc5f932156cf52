"""Graded feedback for exercises.

A check runs a student's function on a battery of boards and reports, for each board, whether the
answer keeps every rule. A failure says which rule broke, on which board, and draws the student's
answer beside a right one. An unfinished exercise (its stub raises ``NotImplementedError``) is
reported as "not done yet", never as a traceback.

Each puzzle module builds its checks from :func:`run_check` and :class:`Case`; the report prints
the same text every run, so notebooks that show it reproduce their outputs.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from matplotlib.figure import Figure


@dataclass
class Case:
    """One board to try: ``run()`` returns None when the student's answer is right, else a Failure."""

    name: str
    run: Callable[[], "Failure | None"]


@dataclass
class Failure:
    message: str
    figure: Callable[[], Figure] | None = None  # drawn lazily, only when shown


@dataclass
class CheckReport:
    exercise: str
    title: str
    status: str = "passed"  # "passed", "failed" or "not done"
    lines: list[str] = field(default_factory=list)
    failures: list[tuple[str, Failure]] = field(default_factory=list)
    passed_boards: int = 0
    total_boards: int = 0

    @property
    def passed(self) -> bool:
        return self.status == "passed"

    def summary(self) -> str:
        head = {
            "passed": f"Exercise {self.exercise} passed: {self.title} is right on all {self.total_boards} boards.",
            "failed": f"Exercise {self.exercise} needs work: {self.passed_boards} of {self.total_boards} boards right.",
            "not done": f"Exercise {self.exercise} is not done yet.",
        }[self.status]
        return "\n".join([head, *self.lines])

    def __repr__(self) -> str:
        return self.summary()

    def _repr_html_(self) -> str:
        colour = {"passed": "#2e7d32", "failed": "#c62828", "not done": "#8a6d00"}[self.status]
        head, *rest = self.summary().split("\n")
        items = "".join(f"<li>{html.escape(line)}</li>" for line in rest)
        return (f'<div class="puzzlelib-check" style="border-left:4px solid {colour};padding-left:8px">'
                f'<b style="color:{colour}">{html.escape(head)}</b>'
                + (f"<ul>{items}</ul>" if items else "") + "</div>")

    def _ipython_display_(self) -> None:
        from IPython.display import HTML, display

        display(HTML(self._repr_html_()))
        for _, failure in self.failures[:2]:  # two pictures are enough to see the pattern
            if failure.figure is not None:
                display(failure.figure())


def run_check(exercise: str, title: str, cases: Sequence[Case], max_failures: int = 3) -> CheckReport:
    """Run every case and collect a report; stop early when the exercise is still a stub."""
    report = CheckReport(exercise=exercise, title=title, total_boards=len(cases))
    for case in cases:
        try:
            failure = case.run()
        except NotImplementedError as exc:
            report.status = "not done"
            where = f" ({exc})" if str(exc) else ""
            report.lines = [f"Replace the line that raises NotImplementedError{where} with your answer, "
                            "then run this cell again."]
            report.failures = []
            return report
        except Exception as exc:  # a student's bug is feedback, not a traceback
            failure = Failure(f"your code raised {type(exc).__name__}: {exc}")
        if failure is None:
            report.passed_boards += 1
            continue
        report.status = "failed"
        if len(report.failures) < max_failures:
            report.failures.append((case.name, failure))
            report.lines.append(f"{case.name}: {failure.message}")
    if report.status == "failed" and len(report.failures) < report.total_boards - report.passed_boards:
        report.lines.append(f"(and {report.total_boards - report.passed_boards - len(report.failures)} more boards)")
    return report
