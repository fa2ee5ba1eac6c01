"""The `scare-it levels` command: list the campaign's good levels, name the broken ones."""

from __future__ import annotations

import argparse
import sys

from game.campaign.levels import DEFAULT_ROOT, load_campaign
from game.engine.position import format_position


def levels_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--root", default=str(DEFAULT_ROOT),
                   help="the levels folder (default: the game's own levels/)")


def run_levels(args: argparse.Namespace) -> int:
    """One line per good level: id, par, target or -, position; exit 2 if any file is bad."""
    campaign = load_campaign(args.root)
    for level in campaign.levels:
        target = level.target.code if level.target else "-"
        print(f"{level.id}\t{level.par}\t{target}\t{format_position(level.position)}")
    for error in campaign.errors:
        print(f"scare-it: {error}", file=sys.stderr)
    if not campaign.levels and not campaign.errors:
        print(f"scare-it: no levels found under {args.root}", file=sys.stderr)
        return 2
    return 2 if campaign.errors else 0
