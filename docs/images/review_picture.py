"""Draw the worst checker error of a reviewed match for the analysis guide (docs/images/review-worst-error.svg).

Usage (from the repository's root, with gnubg-nn installed)::

    python docs/images/review_picture.py

Reviews tests/data/mat's "MrPurple - Lasse" 3-point match with the gnubg-nn
engine at 0 plies, takes the costliest checker play and draws the position
before it with nardy.pictures.svg: the dice, the play made as arrows, the
play made and the best one named under the board. Deterministic: the same
review, the same picture.
"""

from __future__ import annotations

from pathlib import Path

from nardy import Position
from nardy.analysis import open_engine, review_match
from nardy.formats.mat import load_mat
from nardy.pictures import svg

ROOT = Path(__file__).resolve().parents[2]
MATCHES = ROOT / "tests" / "data" / "mat"
MATCH = MATCHES / "MrPurple - Lasse 3pt Backgammon Studio 2024_05_11 20_10_33.txt"
OUT = Path(__file__).resolve().parent / "review-worst-error.svg"


def main() -> None:
    """Review the match, draw its worst checker error, write the SVG."""
    record = load_mat(MATCH)
    with open_engine("gnubg-nn") as engine:
        review = review_match(record, engine)
    worst = next(d for d in review.worst(len(review.decisions)) if d.kind == "play")
    assert worst.roll is not None
    position = Position.from_id(worst.position)
    played = position.parse_play(worst.played, worst.roll)
    names = [""] * 2
    # White's name first: the review's players are nardy's players 0 and 1.
    game = record.games[worst.game - 1]
    for side in (position.turn, position.turn.opponent):
        names[int(side)] = record.players[game.player(side)]
    picture = svg.board(position, dice=worst.roll, play=played, names=names, size=480)
    caption = (
        f"<!-- game {worst.game}: {record.players[worst.player]} rolled "
        f"{worst.roll[0]}{worst.roll[1]} and played {worst.played} (arrows); "
        f"best {worst.best}; cost {worst.error:.3f} EMG -->\n"
    )
    OUT.write_text(picture.replace("?>", "?>\n" + caption, 1), encoding="utf-8")
    print(f"{OUT.name}: {caption.strip()}")


if __name__ == "__main__":
    main()
