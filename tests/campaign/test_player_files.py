"""The player's files: each store read once from the pref folder and kept, the campaign read
again when the player's puzzles change, the progress file's notice handed over once."""

from game.campaign.player_files import PlayerFiles
from game.campaign.puzzles import my_chapter, parse_code, save_puzzle


def test_each_store_is_read_once_and_kept(tmp_path, monkeypatch):
    monkeypatch.setenv("SCARE_IT_PREFS", str(tmp_path))
    files = PlayerFiles()
    assert files.progress() is files.progress()
    assert files.statistics() is files.statistics()
    assert files.people() is files.people()
    assert files.campaign() is files.campaign()
    files.progress().record_level("a", 3)
    assert PlayerFiles().progress().best("a") == 3  # written to the pref folder


def test_a_saved_puzzle_reaches_the_campaign_once_told(tmp_path, monkeypatch):
    monkeypatch.setenv("SCARE_IT_PREFS", str(tmp_path))
    files = PlayerFiles()
    assert my_chapter(files.campaign()) is None
    save_puzzle(tmp_path, "Two cats", parse_code("YC..OE/PMBDYE"), 2)
    assert my_chapter(files.campaign()) is None  # kept as it was read
    files.puzzles_changed()
    assert [lv.name for lv in my_chapter(files.campaign()).levels] == ["Two cats"]


def test_the_damaged_progress_file_is_told_once(tmp_path, monkeypatch):
    monkeypatch.setenv("SCARE_IT_PREFS", str(tmp_path))
    files = PlayerFiles()
    assert files.take_progress_notice() is None  # never read: nothing to tell
    (tmp_path / "progress.json").write_text("{not json", encoding="utf-8")
    files.progress()
    assert "damaged" in files.take_progress_notice()
    assert files.take_progress_notice() is None


def test_a_store_put_in_place_is_used_until_forgotten(tmp_path, monkeypatch):
    from game.campaign.people import People
    monkeypatch.setenv("SCARE_IT_PREFS", str(tmp_path))
    files = PlayerFiles()
    made_up = People(tmp_path / "made-up")
    files.use_people(made_up)
    assert files.people() is made_up
    files.use_people(None)
    assert files.people() is not made_up


def test_forgotten_stores_are_read_again_from_the_pref_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("SCARE_IT_PREFS", str(tmp_path / "one"))
    files = PlayerFiles()
    files.progress().record_level("a", 3)
    monkeypatch.setenv("SCARE_IT_PREFS", str(tmp_path / "two"))
    assert files.progress().best("a") == 3  # kept as it was read
    files.forget()
    assert files.progress().best("a") is None  # the other folder's
