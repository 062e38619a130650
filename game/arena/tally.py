"""The arena's numbers: the JSON summary of a match and its readable table.

Points per deal and the margin come with a 95% confidence interval by the normal
approximation, mean ± 1.96·sd/√n over the units (duplicate deals, or game pairs);
with one unit the interval is the mean itself. Rates are null when nothing was tried. The
readable table gives the games won and the nils made with their 95% interval too
(:func:`wilson`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from game.arena.match import ARENA_SIDES, Tally, UnitResult

Z95 = 1.96
REPLACEMENTS_SHOWN = 10
"""Replacement lines printed per side; the rest are counted in one line."""


def mean_ci(values: Sequence[float]) -> dict[str, Any]:
    """``{"mean": m, "ci95": [low, high]}`` of `values` (sample standard deviation)."""
    n = len(values)
    if n == 0:
        return {"mean": None, "ci95": [None, None]}
    mean = math.fsum(values) / n
    if n == 1:
        return {"mean": round(mean, 2), "ci95": [round(mean, 2), round(mean, 2)]}
    variance = math.fsum((v - mean) ** 2 for v in values) / (n - 1)
    half = Z95 * math.sqrt(variance / n)
    return {"mean": round(mean, 2), "ci95": [round(mean - half, 2), round(mean + half, 2)]}


def percentile(values: Sequence[float], fraction: float) -> float | None:
    """The nearest-rank percentile (`fraction` 0.95 for p95); None for no values."""
    if not values:
        return None
    ordered = sorted(values)
    rank = max(1, math.ceil(fraction * len(ordered)))
    return ordered[rank - 1]


def wilson(hits: int, tries: int) -> tuple[float, float] | None:
    """The 95% Wilson score interval of the rate `hits` / `tries` (None for no tries). Unlike
    p ± 1.96·√(p(1−p)/n) it stays within [0, 1] and holds for few tries or a rate near 0 or 1,
    as a side's 40 games or 60 nils are."""
    if not tries:
        return None
    rate = hits / tries
    z2 = Z95 * Z95
    centre = (rate + z2 / (2 * tries)) / (1 + z2 / tries)
    half = Z95 * math.sqrt(rate * (1 - rate) / tries + z2 / (4 * tries * tries)) / (1 + z2 / tries)
    return max(0.0, centre - half), min(1.0, centre + half)


def _rate(hits: int, tries: int) -> float | None:
    return round(hits / tries, 3) if tries else None


def side_summary(player: str, points: Sequence[float], tally: Tally, games_won: int | None) -> dict[str, Any]:
    """One side's entry of the JSON summary, keys in the order the issue lists them."""
    times = tally.decision_ms
    p95 = percentile(times, 0.95)
    return {
        "player": player,
        "points_per_deal": mean_ci(points),
        "games_won": games_won,
        "made": tally.made,
        "set": tally.set,
        "set_rate": _rate(tally.set, tally.made + tally.set),
        "nil_bids": tally.nil_bids,
        "nil_success_rate": _rate(tally.nil_made, tally.nil_bids),
        "blind_nil_bids": tally.blind_nil_bids,
        "blind_nil_success_rate": _rate(tally.blind_nil_made, tally.blind_nil_bids),
        "bags_per_hand": round(tally.bags / tally.hands, 3) if tally.hands else None,
        "decision_ms": {"mean": round(math.fsum(times) / len(times), 3) if times else None,
                        "p95": round(p95, 3) if p95 is not None else None},
        "replaced": tally.replaced,
        "replaced_reasons": dict(tally.replaced_reasons),
    }


class MatchTotals:
    """The units of a match gathered in unit order; what the summary and the table read."""

    def __init__(self, players: dict[str, str], mode: str) -> None:
        self.players = players
        self.mode = mode
        self.units = 0
        self.hands = 0
        self.points: dict[str, list[float]] = {s: [] for s in ARENA_SIDES}
        self.margins: list[float] = []
        self.weighed_margins: list[float] = []
        """The margins with every bag weighed at its share of the bag penalty."""
        self.tallies: dict[str, Tally] = {s: Tally() for s in ARENA_SIDES}
        self.won: dict[str, int] = dict.fromkeys(ARENA_SIDES, 0)
        self.unfinished = 0
        self.replacements_shown: list[str] = []
        self.replacements_more: dict[str, int] = dict.fromkeys(ARENA_SIDES, 0)
        self._shown: dict[str, int] = dict.fromkeys(ARENA_SIDES, 0)

    def add(self, unit: UnitResult) -> None:
        """Take in the next unit (callers add them in unit order, so sums never depend on timing)."""
        self.units += 1
        for side in ARENA_SIDES:
            self.points[side].append(unit.points[side])
            self.tallies[side].add(unit.tallies[side])
            self.won[side] += unit.won[side]
        self.hands += unit.tallies["a"].hands
        self.margins.append(unit.points["a"] - unit.points["b"])
        self.weighed_margins.append(unit.weighed["a"] - unit.weighed["b"])
        self.unfinished += unit.unfinished
        for replacement in unit.replacements:
            if self._shown[replacement.side] < REPLACEMENTS_SHOWN:
                self._shown[replacement.side] += 1
                self.replacements_shown.append(str(replacement))
            else:
                self.replacements_more[replacement.side] += 1

    def summary(self) -> dict[str, Any]:
        """The JSON object: ``a``, ``b`` and ``margin`` (a's points per deal minus b's, paired)."""
        result: dict[str, Any] = {}
        for side in ARENA_SIDES:
            won = self.won[side] if self.mode == "games" else None
            result[side] = side_summary(self.players[side], self.points[side], self.tallies[side], won)
        result["margin"] = mean_ci(self.margins)
        return result


def _number(value: Any, digits: int = 1, suffix: str = "") -> str:
    if value is None:
        return "-"
    return f"{value:.{digits}f}{suffix}"


def _percent(value: float | None) -> str:
    return "-" if value is None else f"{100 * value:.0f}%"


def _share(hits: int, tries: int) -> str:
    """``84% [77%, 89%]``: the rate and its 95% interval (:func:`wilson`); ``-`` for no tries."""
    interval = wilson(hits, tries)
    if interval is None:
        return "-"
    low, high = interval
    return f"{_percent(hits / tries)} [{_percent(low)}, {_percent(high)}]"


def _replaced(side: dict[str, Any]) -> str:
    """``3 (2 timed out, 1 process died)``: the count and its reasons."""
    reasons = [f"{count} {failure.replace('_', ' ')}" for failure, count in side["replaced_reasons"].items() if count]
    return f"{side['replaced']} ({', '.join(reasons)})" if reasons else str(side["replaced"])


def _interval(stat: dict[str, Any]) -> str:
    low, high = stat["ci95"]
    if low is None:
        return "-"
    return f"{stat['mean']:.1f}  [{low:.1f}, {high:.1f}]"


def format_table(totals: MatchTotals, summary: dict[str, Any], heading: Sequence[str]) -> str:
    """The readable report: the heading lines, the replacements, one row per figure."""
    a, b = summary["a"], summary["b"]
    ta, tb = totals.tallies["a"], totals.tallies["b"]
    games = 2 * totals.units  # a game pair is two games
    rows: list[tuple[str, str, str]] = [
        ("player", a["player"], b["player"]),
        ("points per deal [95% CI]", _interval(a["points_per_deal"]), _interval(b["points_per_deal"])),
    ]
    if totals.mode == "games":
        rows.append(("games won", f"{a['games_won']} of {games} ({_share(a['games_won'], games)})",
                     f"{b['games_won']} of {games} ({_share(b['games_won'], games)})"))
    rows += [
        ("contracts made / set", f"{a['made']} / {a['set']}", f"{b['made']} / {b['set']}"),
        ("set rate", _percent(a["set_rate"]), _percent(b["set_rate"])),
        ("nil bids (made)", f"{ta.nil_bids} ({_share(ta.nil_made, ta.nil_bids)})",
         f"{tb.nil_bids} ({_share(tb.nil_made, tb.nil_bids)})"),
        ("blind nil bids (made)", f"{ta.blind_nil_bids} ({_share(ta.blind_nil_made, ta.blind_nil_bids)})",
         f"{tb.blind_nil_bids} ({_share(tb.blind_nil_made, tb.blind_nil_bids)})"),
        ("bags per hand", _number(a["bags_per_hand"], 2), _number(b["bags_per_hand"], 2)),
        ("decision ms mean / p95", f"{_number(a['decision_ms']['mean'], 3)} / {_number(a['decision_ms']['p95'], 3)}",
         f"{_number(b['decision_ms']['mean'], 3)} / {_number(b['decision_ms']['p95'], 3)}"),
        ("decisions replaced", _replaced(a), _replaced(b)),
    ]
    label_width = max(len(r[0]) for r in rows)
    column = max(len("side a"), *(len(r[1]) for r in rows), *(len(r[2]) for r in rows))
    lines = list(heading)
    lines += totals.replacements_shown
    for side in ARENA_SIDES:
        if totals.replacements_more[side]:
            lines.append(f"replaced: side {side}: {totals.replacements_more[side]} more decisions")
    if totals.mode == "games" and totals.unfinished:
        lines.append(f"unfinished games (stopped after the hand limit, won by nobody): {totals.unfinished}")
    lines.append("")
    lines.append(f"{'':{label_width}}  {'side a':>{column}}  {'side b':>{column}}")
    for label, left, right in rows:
        lines.append(f"{label:{label_width}}  {left:>{column}}  {right:>{column}}")
    margin = summary["margin"]
    unit = "deal" if totals.mode == "deals" else "deal (per game pair)"
    lines.append("")
    lines.append(f"margin a - b, points per {unit}: {_interval(margin)}")
    lines.append(_verdict(margin, totals.units))
    lines.append(f"the same with each bag weighed at its share of the bag penalty: "
                 f"{_interval(mean_ci(totals.weighed_margins))}")
    return "\n".join(lines)


def _verdict(margin: dict[str, Any], units: int) -> str:
    low, high = margin["ci95"]
    if units < 2:
        return "too few deals to judge"
    if low > 0:
        return "side a is stronger (the 95% interval of the margin is above 0)"
    if high < 0:
        return "side b is stronger (the 95% interval of the margin is below 0)"
    return "no clear difference (the 95% interval of the margin includes 0)"
