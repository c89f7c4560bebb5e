"""PyInstaller runtime hook: with ``TABULEIRO_MISSING_IMPORTS_LOG`` set, the bundle appends to that
file the name of every module it tries to import and cannot find, in every process it starts
(workers and bots re-enter the same executable).  .ci/build-app sets it for its runs of the bundle
and fails when a module the spec leaves out (packaging/bundle_trim.py) is among them, even where
the code that tried carried on without it.  Unset, as for every user, nothing is installed.
"""

import os
import sys


class _MissingImportLog:
    """The last finder on ``sys.meta_path``: asked only when every other finder has said no."""

    def __init__(self, path: str) -> None:
        self.path = path

    def find_spec(self, name, path=None, target=None):
        with open(self.path, "a", encoding="utf-8") as log:
            log.write(name + "\n")
        return None


if os.environ.get("TABULEIRO_MISSING_IMPORTS_LOG"):
    sys.meta_path.append(_MissingImportLog(os.environ["TABULEIRO_MISSING_IMPORTS_LOG"]))
