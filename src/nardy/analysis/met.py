"""Match equity tables: the chance of winning a match from a score.

A match equity table (MET) gives the match-winning chance (MWC) of a player
``a`` points away from winning against an opponent ``b`` away, before the
Crawford game (:attr:`MatchEquityTable.pre_crawford`), and the chance of
the trailer after it (:attr:`MatchEquityTable.post_crawford`, the leader
being 1 away). Money play needs no table.

**Which table.** :func:`kazaross_xg2` is the table GNU Backgammon uses by
default, Neil Kazaross's "XG2" table (XG rollouts to 9 points, gnubg
rollouts to 15, extended to 25). nardy ships its numbers
(:mod:`nardy.analysis.kazaross_xg2`): gnubg distributes that file under an
all-permissive notice (copying and distribution permitted provided the
copyright notice and the notice are kept; it is not GPL), which the module
keeps verbatim. :func:`read_met` reads any other table in gnubg's XML
format whose tables are written out (``type="explicit"``), such as the
files of an installed gnubg.

**gnubg's definitions.** A table is extended to 64 points (gnubg's
``MAXSCORE``) as gnubg's ``matchequity.c`` extends it: the pre-Crawford
table by a normal-distribution model of the remaining games, the
post-Crawford table by its recurrence with a gammon rate of 0.25 (the free
drop worth 1.5% at 2-away and 0.4% at 4-away); the written part is used as
written. :meth:`MatchEquityTable.mwc` then reads it as gnubg's ``getME``
does: the post-Crawford table whenever a player is 1 away, else the
pre-Crawford one.
"""

from __future__ import annotations

import functools
import math
import xml.etree.ElementTree as ElementTree
from collections.abc import Sequence
from pathlib import Path

import attrs

from nardy.analysis import kazaross_xg2 as xg2_data
from nardy.errors import MatchEquityTableError

__all__ = ["MAX_AWAY", "MatchEquityTable", "kazaross_xg2", "read_met"]

#: The longest match a table covers once extended (gnubg's ``MAXSCORE``).
MAX_AWAY = 64

# gnubg's post-Crawford extension: the trailer's gammon rate and the value
# of the free drop at 2-away and 4-away (matchequity.c).
_POST_GAMMON_RATE = 0.25
_FREE_DROP_2 = 0.015
_FREE_DROP_4 = 0.004
# gnubg's extension of the pre-Crawford table: the standard deviation of a
# game's points at n-away, n = 1..11 (and 1.77 beyond).
_STDDEV = (0.0, 1.24, 1.27, 1.47, 1.50, 1.60, 1.61, 1.66, 1.68, 1.70, 1.72, 1.77)


@attrs.frozen(cache_hash=True)
class MatchEquityTable:
    """A match equity table, extended to :data:`MAX_AWAY` points.

    ``pre_crawford[i][j]`` is the MWC of a player ``i + 1`` away against
    one ``j + 1`` away (pre-Crawford); ``post_crawford[i]`` the MWC of the
    trailer ``i + 1`` away after the Crawford game, the leader 1 away (one
    table for both players: gnubg's files may give one per player, which
    nardy does not read).
    Build one with :meth:`from_rows`, :func:`kazaross_xg2` or
    :func:`read_met`.
    """

    #: The table's name.
    name: str
    #: The pre-Crawford table, :data:`MAX_AWAY` rows of :data:`MAX_AWAY`.
    pre_crawford: tuple[tuple[float, ...], ...] = attrs.field(repr=False)
    #: The post-Crawford table (the trailer's MWC), :data:`MAX_AWAY` entries.
    post_crawford: tuple[float, ...] = attrs.field(repr=False)
    #: How many points the written (not extended) table covers.
    written: int = 0

    @classmethod
    def from_rows(
        cls,
        name: str,
        pre_crawford: Sequence[Sequence[float]],
        post_crawford: Sequence[float],
    ) -> MatchEquityTable:
        """A table from its written rows, extended as gnubg extends it.

        ``pre_crawford`` is square (``n`` rows of ``n``); ``post_crawford``
        one row of at least ``n - 1`` entries (gnubg uses the first ``n - 1``).
        Raises :class:`~nardy.errors.MatchEquityTableError` naming what is wrong.
        """
        n = len(pre_crawford)
        if not 1 <= n <= MAX_AWAY or any(len(row) != n for row in pre_crawford):
            raise MatchEquityTableError(
                f"MET {name!r}: the pre-Crawford table must be square, 1 to {MAX_AWAY} rows"
            )
        if len(post_crawford) < n - 1:
            raise MatchEquityTableError(
                f"MET {name!r}: the post-Crawford table needs {n - 1} entries at least"
            )
        values = [float(x) for row in pre_crawford for x in row]
        values += [float(x) for x in post_crawford]
        if not all(0.0 <= x <= 1.0 for x in values):
            raise MatchEquityTableError(f"MET {name!r}: every entry is a chance, 0 to 1")
        pre = _extend_pre([[float(x) for x in row] for row in pre_crawford])
        post = _extend_post([float(x) for x in post_crawford[: n - 1]])
        return cls(name, pre, post, n)

    def mwc(self, away: int, opponent_away: int, *, post_crawford: bool) -> float:
        """The MWC of a player ``away`` points from winning, the opponent ``opponent_away``.

        ``away <= 0`` is a match won (1.0), ``opponent_away <= 0`` a match
        lost (0.0). ``post_crawford`` says which table applies, as gnubg's
        ``getME`` decides it: true when the game being scored is the
        Crawford game or a later one (a player was 1 away before it), and
        then one of the two is 1 away. Raises
        :class:`~nardy.errors.MatchEquityTableError` past :data:`MAX_AWAY` or
        past the table's own rows.
        """
        if away <= 0:
            return 1.0
        if opponent_away <= 0:
            return 0.0
        if away > MAX_AWAY or opponent_away > MAX_AWAY:
            raise MatchEquityTableError(f"MET {self.name!r} covers scores up to {MAX_AWAY} away")
        try:
            if post_crawford:
                if away == 1:
                    return 1.0 - self.post_crawford[opponent_away - 1]
                return self.post_crawford[away - 1]
            return self.pre_crawford[away - 1][opponent_away - 1]
        except IndexError:  # a table built directly, not extended to MAX_AWAY
            raise MatchEquityTableError(
                f"MET {self.name!r} does not cover {away} away against {opponent_away}"
            ) from None


def _extend_pre(rows: list[list[float]]) -> tuple[tuple[float, ...], ...]:
    """The pre-Crawford table extended to MAX_AWAY by gnubg's normal model (ExtendMET)."""
    n = len(rows)
    table = [[0.0] * MAX_AWAY for _ in range(MAX_AWAY)]
    for i in range(n):
        table[i][:n] = rows[i]
    for i in range(n, MAX_AWAY):
        away0 = i + 1
        sd0 = _STDDEV[away0] if away0 <= 10 else 1.77
        for j in range(i + 1):
            away1 = j + 1
            sd1 = _STDDEV[away1] if away1 <= 10 else 1.77
            sigma = math.sqrt(sd0 * sd0 + sd1 * sd1) * math.sqrt((away0 + away1) / 2.0)
            if 6.0 * sigma > away0 - away1:
                table[i][j] = _normal_area(away0 - away1, 6.0 * sigma, sigma)
    for i in range(MAX_AWAY):
        for j in range(max(n, i + 1), MAX_AWAY):
            table[i][j] = 1.0 - table[j][i]
    return tuple(tuple(row) for row in table)


def _normal_area(low: float, high: float, sigma: float) -> float:
    """The mass of N(0, sigma) between ``low`` and ``high``."""
    root2 = math.sqrt(2.0)
    return (math.erf(high / sigma / root2) - math.erf(low / sigma / root2)) / 2.0


def _extend_post(row: list[float]) -> tuple[float, ...]:
    """A post-Crawford row extended to MAX_AWAY by gnubg's recurrence (initPostCrawfordMET)."""
    table = row + [0.0] * (MAX_AWAY - len(row))
    for i in range(len(row), MAX_AWAY):
        four = table[i - 4] if i >= 4 else 1.0
        two = table[i - 2] if i >= 2 else 1.0
        table[i] = _POST_GAMMON_RATE * 0.5 * four + (1.0 - _POST_GAMMON_RATE) * 0.5 * two
        if i == 1:
            table[i] -= _FREE_DROP_2
        if i == 3:
            table[i] -= _FREE_DROP_4
    return tuple(table)


@functools.cache
def kazaross_xg2() -> MatchEquityTable:
    """The Kazaross-XG2 table, gnubg's default (see :mod:`nardy.analysis.kazaross_xg2`)."""
    return MatchEquityTable.from_rows(xg2_data.NAME, xg2_data.PRE_CRAWFORD, xg2_data.POST_CRAWFORD)


def read_met(path: str | Path) -> MatchEquityTable:
    """Read a match equity table in gnubg's XML format (written-out tables only).

    Raises :class:`~nardy.errors.MatchEquityTableError` naming the file for a
    file that cannot be read, is not such a table, or gives its tables as
    parameters (``type="zadeh"`` and the like) rather than written out.
    """
    where = Path(path)
    try:
        root = ElementTree.fromstring(_without_doctype(where.read_text(encoding="utf-8")))
    except (OSError, UnicodeDecodeError, ElementTree.ParseError) as exc:
        raise MatchEquityTableError(f"{where}: not a readable MET file ({exc})") from None
    name = (root.findtext("info/name") or where.stem).strip()
    pre = root.find("pre-crawford-table")
    posts = root.findall("post-crawford-table")
    if root.tag != "met" or pre is None or not posts:
        raise MatchEquityTableError(f"{where}: not a gnubg MET file (no <met> with both tables)")
    if any(t.get("type") != "explicit" for t in [pre, *posts]):
        raise MatchEquityTableError(f"{where}: only written-out (explicit) tables are read")
    rows = [_numbers(row, where) for row in pre.findall("row")]
    by_player = {p.get("player", "both"): _numbers(p.find("row"), where) for p in posts}
    if "both" in by_player:
        return MatchEquityTable.from_rows(name, rows, by_player["both"])
    if set(by_player) != {"0", "1"} or by_player["0"] != by_player["1"]:
        raise MatchEquityTableError(f"{where}: one post-Crawford table for both players expected")
    return MatchEquityTable.from_rows(name, rows, by_player["0"])


def _without_doctype(text: str) -> str:
    """The XML without its DOCTYPE line (it names a DTD file the parser would not find)."""
    start = text.find("<!DOCTYPE")
    if start < 0:
        return text
    return text[:start] + text[text.index(">", start) + 1 :]


def _numbers(row: ElementTree.Element | None, where: Path) -> list[float]:
    """The ``<me>`` numbers of a ``<row>``."""
    if row is None:
        raise MatchEquityTableError(f"{where}: a table without rows")
    try:
        return [float(me.text or "") for me in row.findall("me")]
    except ValueError:
        raise MatchEquityTableError(f"{where}: an entry that is not a number") from None
