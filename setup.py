"""Only the package layout lives here (all metadata is in pyproject.toml): the repository keeps
assets/ and levels/ at its top level, and the build maps them into the game package."""

from setuptools import find_packages, setup

DATA_PACKAGES = {"game.assets": "assets", "game.levels": "levels"}

setup(
    packages=find_packages(include=["game", "game.*"]) + list(DATA_PACKAGES),
    package_dir=DATA_PACKAGES,
)
