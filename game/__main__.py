"""Entry point for `python -m game`."""

from game.cli import main

raise SystemExit(main())
