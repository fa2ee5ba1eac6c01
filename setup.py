"""Only the package layout lives here (all metadata is in pyproject.toml): the repository keeps
assets/ and levels/ at its top level, and the build maps them into the game package."""

from pathlib import Path

from setuptools import find_packages, setup

MAPPED = {"game.assets": "assets", "game.levels": "levels"}  # package -> folder here
DATA_FOLDERS = {**MAPPED, "game.locale": "game/locale"}


def folders_as_packages(package: str, folder: str) -> list[str]:
    """`package` and every folder under `folder` that could be a package: setuptools ships data
    files only inside declared packages, and warns about each folder left undeclared."""
    root = Path(__file__).resolve().parent / folder
    names = [package]
    for path in sorted(root.rglob("*")):
        parts = path.relative_to(root).parts
        if path.is_dir() and all(p.isidentifier() and p != "__pycache__" for p in parts):
            names.append(".".join((package, *parts)))
    return names


setup(
    packages=sorted(set(find_packages(include=["game", "game.*"])).union(
        *(folders_as_packages(p, f) for p, f in DATA_FOLDERS.items()))),
    package_dir=MAPPED,
)
