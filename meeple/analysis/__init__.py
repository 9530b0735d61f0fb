"""Balance analysis: win rate by seat, scores, length, branching, action types, and the
effect of a corrected components file. ``meeple analyze`` is the command line for it.

:mod:`meeple.analysis.balance` computes the figures from records (pure Python);
:mod:`meeple.analysis.report` simulates, plots with matplotlib (the ``analysis``
extra) and writes the HTML and JSON report.
"""

from meeple.analysis.balance import action_type, analyse, compare

__all__ = ["action_type", "analyse", "balance_report", "compare"]


def __getattr__(name: str) -> object:
    if name == "balance_report":
        from meeple.analysis.report import balance_report

        return balance_report
    raise AttributeError(name)
