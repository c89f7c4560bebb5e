"""Packaging details pyproject.toml cannot say: the assets folder installed as package data.

The metadata, dependencies and the ``tabuleiro`` command are in pyproject.toml.  Here: the code
packages (namespace folders such as ai/compat included) and ``assets/`` installed as the data
package ``tabuleiro_assets``, where ``ui.paths.asset_path`` finds it in an installed copy, the
engines' books, weights and tables in ``ai/data``, and the rules' own data (Othello's opening names)
in ``games/data``.
"""

from setuptools import find_namespace_packages, setup

CODE = ["games", "games.*", "ai", "ai.*", "ui", "ui.*"]

setup(
    py_modules=["main"],
    packages=[p for p in find_namespace_packages(include=CODE) if "__pycache__" not in p] + ["tabuleiro_assets"],
    package_dir={"tabuleiro_assets": "assets"},
    package_data={"tabuleiro_assets": ["*.*", "**/*.*"], "ai.data": ["*.*"], "games.data": ["*.*"]},
    include_package_data=False,
)
