"""How to play's page of keys is made from the registry: every action that holds at the tables,
with the player's own bindings, on each device."""

from game.controls import ACTIONS, BINDABLE, PLACES, Binding, Controls, Device


def test_the_keys_page_lists_each_table_action_with_the_players_bindings():
    controls = Controls()
    at_tables = PLACES["table"] | PLACES["level"]
    for device in BINDABLE:
        lines = controls.guide_lines(device)
        arrows = ("up", "down", "left", "right")
        assert lines[0].startswith(", ".join(controls.keys_of(n, device) for n in arrows))
        wanted = [n for n, a in ACTIONS.items() if n not in arrows
                  and a.context in at_tables and controls.bindings(n, device)]
        assert len(lines) == len(wanted) + 1
        for line, name in zip(lines[1:], wanted, strict=True):
            assert line == f"{controls.keys_of(name, device)}: {ACTIONS[name].title}"
    assert not any("editor" in line for line in controls.guide_lines(Device.KEYBOARD))
    assert controls.rebind("undo", Device.KEYBOARD, Binding.parse("key:z")) is None
    assert "Z / U / Backspace / Ctrl+Z: Undo (solo)" in controls.guide_lines(Device.KEYBOARD)
    assert not any(line.startswith("U / ") for line in controls.guide_lines(Device.KEYBOARD))
