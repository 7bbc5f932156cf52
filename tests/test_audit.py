"""The hostile-input audit of issue 38, kept as a test over the registry.

Every kind's rule codes are spelled one way (kebab-case, as the feedback's code pattern reads them).
"""

from __future__ import annotations

import importlib

import pytest

from puzzlelib import registry
from puzzlelib.feedback.checks import CODE, RULE_CODE, Failure

KINDS = registry.kinds() + ["_template"]


def table(kind: str):
    """The interface table of ``kind`` (the registry does not load folders starting with ``_``)."""
    if kind.startswith("_"):
        return importlib.import_module(f"puzzlelib.{kind}").PUZZLE
    return registry.table(kind)


# --------------------------------------------------------------------------------------------- #
# Rule codes: one spelling
# --------------------------------------------------------------------------------------------- #
@pytest.mark.parametrize("kind", KINDS)
def test_rule_codes_are_kebab_case(kind):
    codes = table(kind).rule_codes()
    assert codes and all(RULE_CODE.fullmatch(code) for code in codes), codes
    assert all(CODE.fullmatch(f"breaks-rule:{code}") for code in codes)
    assert len(set(codes)) == len(codes)


@pytest.mark.parametrize("kind", KINDS)
def test_faults_of_the_seed_board_use_the_table_codes(kind):
    """The faults check_rules gives on an empty answer carry the table's codes, never another spelling."""
    t = table(kind)
    puzzle = t.seed_puzzle()
    for answer in (None, [], {}, ()):
        try:
            faults = t.check_rules(puzzle, answer)
        except Exception:  # an answer of the wrong shape may be refused; codes are what is checked here
            continue
        assert all(RULE_CODE.fullmatch(f.code) for f in faults), [f.code for f in faults]


@pytest.mark.parametrize("code", ["rowCount", "row_count", "breaks-rule:rowCount", "breaks-rule:wrong_start",
                                  "Row-count", "row--count", "-row", "row-count\n", "breaks-rule:"])
def test_feedback_refuses_codes_not_in_kebab_case(code):
    with pytest.raises(ValueError, match="kebab-case"):
        Failure("m", code=code)


@pytest.mark.parametrize("code", ["row-count", "breaks-rule:row-count", "keeps-block:3", "raised-exception:KeyError",
                                  "calls-library:th.solutions", "copies-library:md.build_bigm"])
def test_feedback_accepts_kebab_codes_and_python_names(code):
    assert Failure("m", code=code).code == code
