"""tools/compile_kernels.py: a seed folder gives the kernels of these sources only, so that a bundle
built from CI's compiled kernels ships what a compile of its own would have made (no other
version's code, nothing the folder already had overwritten)."""

from __future__ import annotations

from ai.kernel_folders import folder_name
from ai.kernels import kernel_modules
from tools.compile_kernels import ROOT, seeded


def present_folder(module: str) -> str:
    return folder_name(ROOT / "ai" / "kernels" / f"{module}.py")


def test_a_seed_gives_the_folders_of_these_sources_and_leaves_other_versions_out(tmp_path):
    seed, folder = tmp_path / "seed", tmp_path / "cache"
    modules = kernel_modules()
    present = [present_folder(module) for module in modules[:2]]
    older = f"{modules[0]}-{'0' * 20}"  # the same module's folder of other sources
    for name in (*present, older):
        (seed / name).mkdir(parents=True)
        (seed / name / "kernel.nbi").write_text(name)
    (seed / "locks").mkdir()
    folder.mkdir()
    assert seeded(folder, seed) == present
    assert sorted(path.name for path in folder.iterdir()) == sorted(present)
    assert all((folder / name / "kernel.nbi").read_text() == name for name in present)


def test_a_folder_already_in_the_cache_is_kept_as_it_is(tmp_path):
    seed, folder = tmp_path / "seed", tmp_path / "cache"
    name = present_folder(kernel_modules()[0])
    (seed / name).mkdir(parents=True)
    (seed / name / "kernel.nbi").write_text("the seed's")
    (folder / name).mkdir(parents=True)
    (folder / name / "kernel.nbi").write_text("the cache's own")
    assert seeded(folder, seed) == []
    assert (folder / name / "kernel.nbi").read_text() == "the cache's own"
