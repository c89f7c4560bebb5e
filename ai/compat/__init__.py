"""The course's modules for outside player files: ``rastros``, ``jogos``, ``base``, ``draw``, ``func_timeout``.

They are installed under those top-level names only inside an outside player's process
(``ai.outside_child.serve_child``), never in Tabuleiro's own processes.  Each module imports the
others by those top-level names, as the course's files do.  ``rastros`` and ``jogos`` match the
course's published modules name by name (tests/test_compat.py, tests/data/course/).
"""
