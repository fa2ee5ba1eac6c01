"""The tournament tool: settings and budgets per bot, and an oracle told the true task cards."""

from __future__ import annotations

from game.engine.modes import Mode
from tests.tool import load_tool


def test_a_setting_takes_its_own_budget_and_its_values_by_type():
    tournament = load_tool("tournament")
    budgets = {"ismcts": 300, "ismcts:exploration=0.5": 900}
    plain = tournament.make("ismcts", budgets)
    tried = tournament.make("ismcts:exploration=0.5", budgets)
    assert (plain.nodes, tried.nodes) == (300, 900)
    assert tried.exploration == 0.5
    assert tournament.make("expert:spare=true,smart=no").spare is True
    assert tournament.make("expert:spare=true,smart=no").smart is False


def test_the_oracle_draws_only_the_deal_the_game_dealt(monkeypatch):
    tournament = load_tool("tournament")
    told = []
    weights = tournament.OracleBot.weights

    def noted(self, view, found, budget_s):
        out = weights(self, view, found, budget_s)
        told.append(sorted(out))
        return out

    monkeypatch.setattr(tournament.OracleBot, "weights", noted)
    levels = ["oracle", "ismcts", "ismcts", "ismcts"]
    tournament.play(Mode.STANDARD, levels, 4, 9, 0.0,
                    lambda level: tournament.make(level, {"oracle": 300, "ismcts": 300}), "x")
    assert told and all(w[-1] == 1.0 and sum(w) == 1.0 for w in told)
