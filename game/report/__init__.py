"""The designers' balance report: `python3 main.py report GAME ...`.

Pure Python and never pygame. `run` plays the games (one process, all local cores, or a
Dask cluster) and turns them into per-game rows, `exercise` watching which house rules
each game used; `stats` holds the intervals and tests; `summary` aggregates rows into
the figures, `effects` ranks the house rules by their effect and `findings` says what
was found, in words; `pace` holds the app's measured pace at the table; `html` draws
the charts (matplotlib, a designers' extra, imported only here) and writes the report;
`cli` reads the command line. The plotting and cluster libraries are designers' extras
(`requirements-designer.txt`): the app and its bundle never import them.
"""


class ReportError(Exception):
    """A bad argument or input file: its message is one line naming the value."""


EXTRAS_HINT = "python3 -m pip install -r requirements-designer.txt"


class MissingExtra(ReportError):
    """A designers' extra (plotting, cluster) is not installed."""

    def __init__(self, name):
        super().__init__(f"the designers' extra {name} is not installed; install the extras "
                         f"with: {EXTRAS_HINT}")
