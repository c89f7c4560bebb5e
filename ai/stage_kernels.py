"""The kernels a warm-up stage compiles, found in its code: ``ai.kernels.on_disk`` asks whether
each of them has compiled code in the cache folder.

A stage's warm-up (``STAGES`` of a kernel module) calls kernels, which call others, in its own
module and in the modules beside it: Reversi's search compiles kernels of ``reversi`` and
``reversi_patterns``, its exact solver those of ``reversi_endgame`` and a few of ``reversi``
(``perft``, ``solver_flips``), Hex's connection kernels those of ``hex_vc``, ``hex_inferior`` and
``hex_pns``.  ``on_disk`` looked at the game's own module whatever the stage: Reversi's search was
said "compiling" when only its solver's kernels were missing (its lock said so to the other
processes, whose stand-ins played for nothing), and Hex's connection kernels "loading" while they
compiled.

The kernels are found by name, as Python finds them when the stage runs: each name the warm-up's
code reads (its nested functions' included) looked up in its module; a kernel found is followed
into its Python source, a function of a kernel module into its code, and a kernel module (a global
such as Alquerque's ``tables``, or one named in a string: ``import_engine("ai.kernels.reversi_endgame")``,
imported here as the stage would) to the names that code reads from it.  A name read from a module
for something else may add a kernel the stage does not compile (the stage then looks compiled a
little later than it is), never leave one out that it does: tests/test_kernel_stages.py holds each
stage's kernels to those a fresh process compiles or loads for it.
No kernel is compiled here.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable, Iterator
from types import CodeType, FunctionType, ModuleType

from ai.imports import import_engine

PACKAGE = "ai.kernels"


@functools.cache
def stage_kernels(warm_up: Callable[[], None]) -> tuple:
    """The kernels (numba dispatchers) that running ``warm_up``, a stage of ``ai.kernels``, compiles
    or loads: those it calls and, in turn, those they call (found once per stage)."""
    CPUDispatcher = import_engine("numba.core.registry").CPUDispatcher  # noqa: N806 - numba's class

    found, seen, pending = [], set(), [warm_up]
    while pending:
        item = pending.pop()
        if not isinstance(item, CPUDispatcher):  # which names its Python source ``__wrapped__``
            item = inspect.unwrap(item)  # through ``mends_the_cache``'s wrapper, ``lru_cache``'s
        if id(item) in seen:
            continue
        seen.add(id(item))
        if isinstance(item, CPUDispatcher):
            found.append(item)
            pending.extend(_read_by(item.py_func))
        elif isinstance(item, FunctionType) and _is_kernel_module(item.__module__):
            pending.extend(_read_by(item))
        elif isinstance(item, type) and _is_kernel_module(item.__module__):  # Hex's df-pn ``Solver``
            pending.extend(_methods(item))
    return tuple(found)


def _methods(cls: type) -> Iterator[FunctionType]:
    """The functions defined in ``cls`` (static and class methods' included)."""
    for value in vars(cls).values():
        function = value.__func__ if isinstance(value, (staticmethod, classmethod)) else value
        if isinstance(function, FunctionType):
            yield function


def _is_kernel_module(name: str | None) -> bool:
    return bool(name) and name.startswith(f"{PACKAGE}.")


def _read_by(function: FunctionType) -> Iterator[object]:
    """What ``function``'s code reads by name: its module's globals of those names and, of the
    kernel modules among them or named in its strings, their attributes of those names."""
    codes = list(_code_objects(function.__code__))
    names = {name for code in codes for name in code.co_names}
    modules = [module for code in codes for module in _modules_named(code.co_consts)]
    for name in names:
        value = function.__globals__.get(name)
        if isinstance(value, ModuleType) and _is_kernel_module(value.__name__):
            modules.append(value)
        elif callable(value):
            yield value
    for module in modules:
        yield from (value for name in names if callable(value := getattr(module, name, None)))


def _code_objects(code: CodeType) -> Iterator[CodeType]:
    """``code`` and the code of the functions defined inside it (lambdas, comprehensions ...)."""
    yield code
    for const in code.co_consts:
        if isinstance(const, CodeType):
            yield from _code_objects(const)


def _modules_named(consts: tuple) -> Iterator[ModuleType]:
    """The kernel modules named by strings among ``consts`` (in a tuple too): ``"ai.kernels.hex_vc"``
    or ``"hex_vc"``, imported as the warm-up imports them (``import_engine``)."""
    from ai.kernels import kernel_modules

    known = set(kernel_modules())
    for const in consts:
        for text in const if isinstance(const, tuple) else (const,):
            if isinstance(text, str) and text.removeprefix(f"{PACKAGE}.") in known:
                yield import_engine(f"{PACKAGE}.{text.removeprefix(f'{PACKAGE}.')}")
