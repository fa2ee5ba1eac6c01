"""`scare-it levels`: one tab-separated line per good level; exit 2 naming broken files."""

from game.campaign.levels import DEFAULT_ROOT, load_campaign
from game.cli import main
from tests.campaign.helpers import GOOD, write_chapter


def test_lists_every_level(capsys):
    assert main(["levels"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == len(load_campaign(DEFAULT_ROOT).levels) >= 40
    assert lines[0] == "cat-and-mouse\t1\t-\tYC PM"
    assert any(line.split("\t")[2] != "-" for line in lines)


def test_broken_level_is_named_and_the_rest_still_listed(tmp_path, capsys):
    folder = write_chapter(tmp_path)
    (folder / "01-a.txt").write_text(GOOD.format(id="a", par=1))
    (folder / "02-b.txt").write_text("id: b\nname: B\nchapter: 1\npar: 1\n\nYC PM\n.. OD\n")
    assert main(["levels", "--root", str(tmp_path)]) == 2
    out, err = capsys.readouterr()
    assert out == "a\t1\t-\tYC PM\n"
    assert err == f"scare-it: {folder / '02-b.txt'}:6: a2 YC floats above an empty cell\n"


def test_the_campaign_package_never_imports_pygame():
    import subprocess
    import sys

    code = ("import sys, game.campaign, game.campaign.progress, game.campaign.daily, "
            "game.campaign.difficulty, game.campaign.commands; "
            "print('pygame' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
