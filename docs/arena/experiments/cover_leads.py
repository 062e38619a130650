"""Count the leads that one level's seats made to their partner's live nil, on hands an arena
saved, and how often the nil took that very trick, or an opponent's nil did (`COVER_LEAD_SLACK`
and `cover_leads` in `game/players/expert.py`).

Each lead is set beside the least chance, among the leader's legal cards, of forcing the
partner's nil over (:func:`game.players.normal.nil.forcing_chances`, from the leader's view at
that moment): "least" when the card led is within the slack of it, "away" otherwise. The
leads are split by whether an opponent's nil was still alive too (in Suicide, always at first).
Last, the leads are counted by the chance reckoned for the card led, beside how often the nil
took that trick.

    python -m game.arena --a expert --b normal --rules suicide --deals 200 --seed 108 --save en.save
    python -m docs.arena.experiments.cover_leads expert 0.02 en.save
"""

from __future__ import annotations

import sys
from collections import Counter

from game.hand import Hand
from game.players.knowledge import Knowledge
from game.players.normal.decision import Decision
from game.players.normal.nil import forcing_chances
from game.records.handlog import LoggedHand, play_out, read_log
from game.seats import SEATS, partner
from game.view import SeatView, seat_view

BANDS = 10
"""The chance of forcing the nil over, as reckoned for the card led, is also counted in this many
equal bands against how often the nil took that trick: how well the reckoning is calibrated."""


def count_leads(paths: list[str], level: str, slack: float) -> Counter:
    """(opponent's nil alive or not, least or away, leads or the partner's or an opponent's nil
    broken) → count; and ("band", band of the card led's chance, leads or the partner's nil broken)."""
    counts: Counter = Counter()
    for path in paths:
        for logged in read_log(path).hands:
            _count_hand(logged, level, slack, counts)
    return counts


def _count_hand(logged: LoggedHand, level: str, slack: float, counts: Counter) -> None:
    nils = {record.seat for record in logged.bids if record.final.is_nil}
    if not any(level in logged.players[seat] and partner(seat) in nils for seat in SEATS):
        return
    hand = Hand.from_holdings(logged.rules, logged.dealer, logged.deal, number=logged.number,
                              standings=logged.standings_before())
    play_out(hand, logged.bids, logged.exchanges, ())
    broken: set[str] = set()
    for trick in logged.tricks:
        leader, mate = trick.leader, partner(trick.leader)
        if level in logged.players[leader] and mate in nils and mate not in broken:
            seen = SeatView.from_dict(seat_view(hand, leader))
            forcing = forcing_chances(Decision(seen, Knowledge.from_view(seen)))
            led = trick.plays[0][1]
            place = "least" if forcing[led] <= min(forcing.values()) + slack else "away"
            standing = nils - broken - {leader, mate}
            opponents = "opponent's nil alive" if standing else "no opponent's nil"
            counts[opponents, place, "leads"] += 1
            counts[opponents, place, "broke the nil"] += trick.winner == mate
            counts[opponents, place, "broke theirs"] += trick.winner in standing
            band = min(int(forcing[led] * BANDS), BANDS - 1)
            counts["band", band, "leads"] += 1
            counts["band", band, "broke the nil"] += trick.winner == mate
        for seat, card in trick.plays:
            hand.play(seat, card)
        if trick.winner in nils:
            broken.add(trick.winner)


def main(argv: list[str]) -> None:
    level, slack, paths = argv[0], float(argv[1]), argv[2:]
    counts = count_leads(paths, level, slack)
    for opponents in ("opponent's nil alive", "no opponent's nil"):
        for place in ("least", "away"):
            leads = counts[opponents, place, "leads"]
            broke = counts[opponents, place, "broke the nil"]
            theirs = counts[opponents, place, "broke theirs"]
            print(f"{opponents}, {place}: {leads} leads, the partner's nil broke on {broke}"
                  f" ({broke / max(1, leads):.1%}), an opponent's on {theirs}")
    print("the chance reckoned for the card led: leads, the partner's nil broke on")
    for band in range(BANDS):
        leads, broke = counts["band", band, "leads"], counts["band", band, "broke the nil"]
        if leads:
            print(f"  {band / BANDS:.1f} to {(band + 1) / BANDS:.1f}: {leads:5} leads, {broke:4} ({broke / leads:.1%})")


if __name__ == "__main__":
    main(sys.argv[1:])
