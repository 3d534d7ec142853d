"""``nardy demo`` plays a :class:`nardy.Game`: the variant's opening and turns, for every variant.

The demo's printed game is compared with a game played here through
``nardy.Game`` with the same seeded generator and the same players, and its
opening with what each variant's rules page says.
"""

from __future__ import annotations

import io
import random
import re
from collections.abc import Iterator

import pytest

import nardy
from nardy.cli.main import choose_play, demo_play, main, opening_text, run_demo, run_match
from nardy.errors import InputError
from nardy.game.actions import ActionKind, Phase

#: What each variant's rules page (docs/variants, the rules documents) says
#: the opening winner does: play the two opening dice, or roll afresh.
#: Every registered variant must be here, so that a new one is decided.
OPENING_WINNER = {
    "backgammon": "plays them",
    "nackgammon": "plays them",
    "hypergammon": "plays them",
    "caucasian": "plays them",
    "long-nardy": "plays them",
    "kush": "plays them",
    "acey-deucey": "rolls afresh",
    "gul-bara": "rolls afresh",
    "gioul": "rolls afresh",
    "tabula": "rolls afresh",
    "portes": "rolls afresh",
    "tavla": "rolls afresh",
    "plakoto": "rolls afresh",
    "fevga": "rolls afresh",
    "dutch": "rolls afresh",
    "russian": "rolls afresh",
    "tapa": "rolls afresh",
    "longgammon": "plays them",
    "moultezim": "rolls afresh",
}
VARIANTS = nardy.variant_names()
SEEDS = (1, 2, 3)  # seed 2's opening roll is a tie (1-1)

OPENING = re.compile(
    r"^Opening roll: (?P<ties>(?:\d\d tied, )*)(?P<side>white|black) "
    r"(?:starts with (?P<played>\d\d)|wins with (?P<afresh>\d\d) and rolls afresh)$"
)
LINE = re.compile(
    r"^(?: *(?P<turn>\d+)\.| {4}) (?P<side>white|black) "
    r"(?:names (?P<named>\d\d)|(?P<roll>\d{2,3}(?: \(\d moves?\))?): (?P<play>.+))$"
)
RESULT = re.compile(
    r"^Result: (?:a draw|(?P<side>white|black) wins (?:\((?P<how>[a-z-]+)\), )?"
    r"(?P<points>\d+) points?(?:, (?P<counted>one point for each .*))?), after (?P<turns>\d+) turns$"
)

Event = tuple[int | None, str, str, str]
"""A line of a turn: its turn number (on a turn's first line), the side, the dice or ``names``, the play or the double."""


def demo(name: str, seed: int) -> list[str]:
    out = io.StringIO()
    run_demo(nardy.find_variant(name), seed, False, out)
    return [line for line in out.getvalue().splitlines() if line.strip()]


def demo_events(lines: list[str]) -> Iterator[Event]:
    for line in lines[2:-1]:
        m = LINE.match(line)
        assert m is not None, line
        turn = int(m["turn"]) if m["turn"] else None
        if m["named"]:
            yield turn, m["side"], "names", m["named"]
        else:
            yield turn, m["side"], m["roll"], m["play"]


def seeded_game(name: str, seed: int) -> tuple[nardy.Game, list[Event]]:
    """A game through nardy.Game, dice and choices from one generator seeded with ``seed``."""
    rng = random.Random(seed)
    game = nardy.Game.new(name, rng=rng)
    events: list[Event] = []
    turn, label = 0, None
    while not game.is_over():
        phase = game.phase
        side = game.position.turn.name.lower()
        if phase in (Phase.OPENING, Phase.ROLL):
            game = game.roll()
            # A turn begins with each roll, and with the opening dice when they are played.
            if phase is Phase.ROLL or game.phase in (Phase.MOVE, Phase.DECIDE):
                turn += 1
                label = turn
        elif phase is Phase.DECIDE:
            double = rng.choice(game.double_choices())
            events.append((label, side, "names", str(double)))
            game, label = game.name_double(double), None
        else:
            assert game.dice is not None
            index = choose_play(game.position, game.dice, rng)
            notation = game.legal_plays()[index].notation() or "(no legal play)"
            events.append((label, side, str(game.dice), notation))
            game, label = game.play(index), None
    return game, events


def test_every_variant_has_its_opening_here() -> None:
    assert set(OPENING_WINNER) == set(VARIANTS)


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("name", VARIANTS)
def test_the_demo_is_the_seeded_game(name: str, seed: int) -> None:
    lines = demo(name, seed)
    game, events = seeded_game(name, seed)
    assert list(demo_events(lines)) == events
    # The opening: the ties, the winner and his dice, as the game rolled them.
    opening = OPENING.match(lines[1])
    assert opening is not None, lines[1]
    rolls = [nardy.Roll(*(a.dice or ())) for a in game.history if a.kind is ActionKind.OPENING]
    assert opening["ties"] == "".join(f"{roll} tied, " for roll in rolls[:-1])
    assert game.first is not None
    assert opening["side"] == game.first.name.lower()
    assert (opening["played"] or opening["afresh"]) == str(rolls[-1])
    # Every game ends, with the game's own outcome.
    result = RESULT.match(lines[-1])
    assert result is not None, lines[-1]
    assert game.outcome is not None
    assert game.outcome.winner is not None
    assert result["side"] == game.outcome.winner.name.lower()
    if game.outcome.per_checker:  # the points say how they were counted, not the kind
        assert result["how"] is None
        assert result["counted"] == game.outcome.counted_checkers()
    else:
        assert result["how"] == game.outcome.name
    assert int(result["points"]) == game.outcome.points
    assert int(result["turns"]) == max(e[0] or 0 for e in events)


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("name", VARIANTS)
def test_the_opening_follows_the_rules_page(name: str, seed: int) -> None:
    lines = demo(name, seed)
    opening = OPENING.match(lines[1])
    assert opening is not None, lines[1]
    first = next(demo_events(lines))
    assert first[0] == 1
    assert first[1] == opening["side"]  # the opening winner moves first
    if OPENING_WINNER[name] == "plays them":
        assert opening["played"] is not None
        assert first[2] == opening["played"]
    else:
        assert opening["afresh"] is not None
        # A fresh roll of the variant's dice: three in tabula.
        assert len(nardy.Roll.coerce(first[2]).faces) == nardy.find_variant(name).dice


def test_tabula_rolls_three_dice_after_an_opening_of_two(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["demo", "--variant", "tabula", "--seed", "1", "--no-board"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1] == "Opening roll: black wins with 52 and rolls afresh"
    assert re.match(r"^  1\. black \d\d\d: ", lines[3]), lines[3]


def test_backgammon_keeps_its_colours_and_the_winner_plays_the_opening_dice() -> None:
    # Seed 1: white (player 0) throws 2, black 5. Black starts, with 5-2.
    lines = demo("backgammon", 1)
    assert lines[1] == "Opening roll: black starts with 52"
    assert lines[2].startswith("  1. black 52: ")


def test_in_nardy_the_opening_winner_takes_white() -> None:
    # Seed 1 again: player 1 wins, and takes white.
    assert demo("long-nardy", 1)[1] == "Opening roll: white starts with 52"


def test_a_tie_is_told() -> None:
    assert demo("backgammon", 2)[1] == "Opening roll: 11 tied, black starts with 31"


def test_the_boards_follow_the_game() -> None:
    out = io.StringIO()
    run_demo(nardy.find_variant("acey-deucey"), 1, True, out)
    game, events = seeded_game("acey-deucey", 1)
    text = out.getvalue()
    boards = [line for line in text.splitlines() if " to move, points" in line]
    # One board at the start and one after each play (a named double draws none),
    # the last the game's final position.
    assert len(boards) == 1 + sum(1 for e in events if e[2] != "names")
    final = game.position.diagram(nardy.Side.WHITE, both_numberings=True)
    assert text.split("\nResult: ")[0].rstrip().endswith(final)


@pytest.mark.parametrize(("name", "afresh"), [("tabula", True), ("backgammon", False)])
def test_every_match_game_starts_as_the_rules_say(name: str, afresh: bool) -> None:
    match = run_match(nardy.find_variant(name), 3, 4, io.StringIO())
    opened = [g for g in match.games if g.history[0].kind is ActionKind.OPENING]
    assert opened
    for game in opened:
        kinds = [a.kind for a in game.history]
        after = kinds[kinds.index(ActionKind.PLAY) - 1]
        assert after is (ActionKind.ROLL if afresh else ActionKind.OPENING)


def test_opening_text_needs_a_decided_opening() -> None:
    with pytest.raises(InputError, match="not decided"):
        opening_text(nardy.Game.new("backgammon", rng=1))


def test_demo_play_needs_dice_on_the_table() -> None:
    game = nardy.Game.new("backgammon", rng=1, opening="one_die_each_reroll").roll((5, 2))
    with pytest.raises(InputError, match="dice on the table"):
        demo_play(game, random.Random(1))
