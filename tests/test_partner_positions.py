"""A partner who does not blunder: positions from real arena games (Normal against Expert,
Partner rules unless a position says Suicide) where one card, or a small set of cards, is
clearly right for the partnership, and each computer level must play it.

The kinds: do not overtake the partner's winning card, do not trump it; cover the partner's
nil (go over the card winning when the nil is beaten or still to play, lead a suit the nil can
throw its high cards on); take the last trick the contract needs; take a trick the contract
still needs even with bags to fear (a set costs far more than a bag); set the opponents when
the cards allow it; attack the opponents' nil; a nil that perfect play breaks anyway plays for
the rest of the hand.

"Clearly right" was measured, not guessed: for each position the perfect-play solver
(:mod:`game.players.solver`) valued every legal card on 24 deals of the hidden cards
consistent with the seat's view (weighted by the bids), by the hand score and by Expert's
score with the bag outlook. Every right card is within 3 points of the best on average,
every other card loses at least 12 (the description gives the smallest loss). The
positions were chosen by that measure alone, before the levels were asked. The four Suicide
positions added on 2026-11-29 were found by ``docs/arena/experiments/blunders.py`` (32 deals,
then 128 more to confirm, by Expert's score): Expert's nil rules had overruled its own solved
ending in each.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from game.cards import Card, parse_hand
from game.hand import Hand
from game.players import decide
from game.players.levels import LEVELS
from game.rules import PRESETS
from game.scoring import Standing
from game.view import seat_view

DEAL_ORDER = "SWNE"
"""The seats of a deal's four hands, as a log's `Deal` tag writes them."""
SEED = 7


@dataclass(frozen=True)
class Spot:
    """One position: the deal (hands in `DEAL_ORDER`), the bids in bidding order, each side's
    score/bags before the hand, every card played so far (in play order; the seat to act
    next chooses) and the right cards."""

    kind: str
    why: str
    dealer: str
    deal: str
    bids: str
    scores: str
    plays: str
    right: str
    rules: str = "partner"

    def hand(self) -> Hand:
        """The hand rebuilt through the engine up to the seat to act."""
        holdings = dict(zip(DEAL_ORDER, (parse_hand(text) for text in self.deal.split()), strict=True))
        standings = {}
        for entry in self.scores.split():
            side, _, figures = entry.partition(":")
            points, _, bags = figures.partition("/")
            standings[side] = Standing(int(points), int(bags))
        hand = Hand.from_holdings(PRESETS[self.rules].rules, self.dealer, holdings, standings=standings)
        for entry in self.bids.split():
            seat, _, bid = entry.partition(":")
            while hand.phase in ("blind", "misdeal"):
                hand.apply(hand.to_act, "look" if hand.phase == "blind" else "keep")
            hand.apply(seat, bid)
        for text in self.plays.split():
            hand.apply(hand.to_act, text)
        return hand


SPOTS: list[Spot] = [
    Spot("needed", "take a trick the contract needs (2 to go): A♠; others lose 68+ points",
         "N", "J852.5.QT9653.94 KQ93.KQJ64.J42.Q T6.T9873.K8.J853 A74.A2.A7.AKT762",
         "E:5 S:nil W:3 N:3", "NS:-174/6 EW:364/4",
         "2H 5H 4H 9H 8D 7D 6D JD 2D KD AD TD 2C 4C QC 5C 4D 6S 7S QD 6C 9C KH JC TH AH 3D 6H "
         "7C 5D 3S 3C 9S TS",
         "AS"),
    Spot("no-set-for-bag", "take a trick the contract needs (3 to go) despite 5 bags: 9♠ or K♠; others lose 57+ points",
         "E", "A8743.K85.AKQT9. J5.6.J752.AQ9643 QT6.AJT9742..J85 K92.Q3.8643.KT72",
         "S:6 W:1 N:2 E:3", "NS:250/0 EW:-85/5",
         "QD 2D 6S 4D AH QH 5H 6H 2H 3H KH 5S JD TS 3D 9D 5C TC 3S 9C TD 7D QS 8D 8C 2C 4S 3C "
         "AS JS JC 2S 8H 5D 4H KC KD 4C 7H 6D AD 6C 9H",
         "9S KS"),
    Spot("cover-nil", "partner bid nil and plays after: go over the 8♥ with 9♠ or K♠ or 10♠; others lose 65+ points",
         "W", "A876.T.KJ843.KQ6 .K9652.AT762.732 QJ5.AQJ874.Q.JT4 KT9432.3.95.A985",
         "N:1 E:5 S:3 W:nil", "NS:424/4 EW:119/9",
         "JC AC KC 7C 9D 4D 7D QD TC 5C QC 3C TH 9H QH 3H 4H 2S AS KH 8D 6D 4C 5D 6C 2C JS 8C "
         "7H 3S KD 6H 9C 3D AD QS 8H",
         "9S KS TS"),
    Spot("needed", "take a trick the contract needs (5 to go): 9♠; others lose 31+ points",
         "E", "8543.Q98.7532.94 9.K3.AQJT.AKQJT7 AQ.AJT76.984.853 KJT762.542.K6.62",
         "S:1 W:4 N:2 E:5", "NS:453/3 EW:212/2",
         "QH 3H AH 2H TH 4H 9H KH AD 4D 6D 7D TC 5C 2C 4C 7C 3C 6C 9C 3D TD 8D KD 5H 8H",
         "9S"),
    Spot("cover-nil", "partner bid nil and plays after: go over the 8♥ with 5♠; others lose 17+ points",
         "W", "AQ86.K862.A9.KJ2 KJ975.QT.52.A864 T4.AJ95.KT84.975 32.743.QJ763.QT3",
         "N:2 E:nil S:4 W:4", "NS:381/1 EW:-195/5",
         "4D 3D AD 5D 2H QH AH 3H 5H 4H KH TH 2C AC 5C QC 2D KD QD 9D 8D 7D 6S 4C 6H 7S 9H 7H "
         "KS 4S 3S AS 8S JS TS 2S 9S 7C TC QS JC 6C 9C 3C 8H",
         "5S"),
    Spot("needed", "take a trick the contract needs (3 to go): A♥; others lose 56+ points",
         "N", "AJ764.J32.7.8752 T92.T965.Q2.KJ93 85.KQ74.8643.AQ4 KQ3.A8.AKJT95.T6",
         "E:3 S:3 W:1 N:3", "NS:117/7 EW:173/3",
         "KD 7D 2D 3D AD 4S QD 4D AS 2S 5S 3S 2C 9C QC 6C AC TC 5C KC 6D 5D 6S TH 2H 5H QH",
         "AH"),
    Spot("no-set-for-bag", "take a trick the contract needs (2 to go) despite 7 bags: A♦; others lose 27+ points",
         "W", "AT865.Q742.T54.A KQ97.T65.Q9.JT94 J2.AK93.J863.K83 43.J8.AK72.Q7652",
         "N:3 E:1 S:4 W:3", "NS:-104/6 EW:297/7",
         "KH JH 2H TH AH 8H 4H 5H 3D 2D 4D 9D QD 6D KD 5D QC AC 9C 3C TD 6H 8D",
         "AD"),
    Spot("needed", "take a trick the contract needs (5 to go): K♣; others lose 50+ points",
         "N", "KT9642.KQ7.K5.T5 A73.A82.T6.J8642 Q8.J9643.AJ98.K7 J5.T5.Q7432.AQ93",
         "E:1 S:6 W:3 N:2", "NS:152/2 EW:-172/8",
         "QD 5D 6D AD 3H 5H QH AH TD 8D 2D KD KH 8H 4H TH 7H 2H 6H 5S QC 5C JC",
         "KC"),
    Spot("no-trump", "partner's K♥ wins the trick: Q♦, not trumping it; others lose 19+ points",
         "W", "KQT543.95.QJ73.7 87.Q742.A9862.AQ J6.KJ6.KT.865432 A92.AT83.54.KJT9",
         "N:2 E:2 S:5 W:2", "NS:-3/7 EW:46/6",
         "2C JC 7C QC AD TD 5D 3D AC 3C TC 3S 7D 6D KD 4D 4C 9C 4S 7S QH 6H AH 5H KC 9H 8S 5C "
         "2H JH 3H JD KH 8H",
         "QD"),
    Spot("no-set-for-bag", "take a trick needed (5 to go) despite 8 bags: 8♠/9♠/J♠/10♠;"
         " others lose 41+ points",
         "N", "A4.J.KQJT8.JT743 KQ6.T9852.2.AQ52 52.AKQ3.A963.K86 JT9873.764.754.9",
         "E:4 S:1 W:4 N:3", "NS:402/2 EW:288/8",
         "9C TC QC KC 8C 3S 3C 2C 4H JH 2H KH 6C 7S 4C 5C 4D KD 2D 6D TD 6S 3D 5D AC 5S",
         "8S 9S JS TS"),
    Spot("last-needed", "take the last trick the contract needs: A♥ or Q♥; others lose 34+ points",
         "N", "A4.J.KQJT8.JT743 KQ6.T9852.2.AQ52 52.AKQ3.A963.K86 JT9873.764.754.9",
         "E:4 S:1 W:4 N:3", "NS:402/2 EW:288/8",
         "9C TC QC KC 8C 3S 3C 2C 4H JH 2H KH 6C 7S 4C 5C 4D KD 2D 6D TD 6S 3D 5D AC 5S 8S JC "
         "7D QD QS 9D 5H",
         "AH QH"),
    Spot("no-set-for-bag", "take a trick needed (3 to go) despite 8 bags: J♠/10♠;"
         " others lose 74+ points",
         "N", "A4.J.KQJT8.JT743 KQ6.T9852.2.AQ52 52.AKQ3.A963.K86 JT9873.764.754.9",
         "E:4 S:1 W:4 N:3", "NS:402/2 EW:288/8",
         "9C TC QC KC 8C 3S 3C 2C 4H JH 2H KH 6C 7S 4C 5C 4D KD 2D 6D TD 6S 3D 5D AC 5S 8S JC "
         "7D QD QS 9D 5H QH 6H 7C 2S 9S AS KS 8D 8H AD",
         "JS TS"),
    Spot("no-set-for-bag", "take a trick the contract needs (5 to go) despite 6 bags: A♥; others lose 38+ points",
         "W", "KJ94.JT7.Q5.J753 AQT532.A6.A8.KQ6 86.K53.KJ76432.8 7.Q9842.T9.AT942",
         "N:2 E:1 S:2 W:7", "NS:-154/6 EW:56/6",
         "8C 2C 3C KC QC 6S 4C 5C 2D 9D QD AD 6C 3H AC 7C TD 5D 8D JD 5H 2H 7H",
         "AH"),
    Spot("cover-nil", "partner bid nil and plays after: go over the 2♦ with 9♦ or J♦; others lose 25+ points",
         "N", "K97532.65.843.T5 T6.AJT87.T.J8432 8.KQ92.AQ762.Q96 AQJ4.43.KJ95.AK7",
         "E:5 S:2 W:nil N:2", "NS:-76/4 EW:112/2",
         "AC TC JC QC KC 5C 8C 9C 7C KS 4C 6C 2S 6S 8S JS KD 8D TD AD QH 3H 5H JH 2D",
         "9D JD"),
    Spot("cover-nil", "partner bid nil and plays after: go over the 7♥ with A♥; others lose 132+ points",
         "W", "KJ86.64.AKT87.86 7.T5.Q43.AQT9743 QT952.KJ87.J62.2 A43.AQ932.95.KJ5",
         "N:3 E:1 S:4 W:nil", "NS:362/2 EW:329/9",
         "2D 9D 7D 3D KC 6C 9C 2C QH 4H TH KH 6D 5D 8D 4D TD QD JD 4S AS 6S 7S 2S 9H 6H 5H JH "
         "5S 3S 8S TC 8C 3C 9S 5C 7H",
         "AH"),
    Spot("cover-nil", "partner's nil 5♠ wins so far: cover it with 9♠ or A♠ or 10♠; others lose 199+ points",
         "E", "J75.94.Q8542.Q94 63.AQT62.T7.A832 AT92.J873.A9.J75 KQ84.K5.KJ63.KT6",
         "S:nil W:3 N:3 E:4", "NS:-66/4 EW:187/7",
         "5D 7D AD 3D JH 5H 9H QH 2H 7H KH 4H 6D 4D TD 9D 2C JC KC QC JD 2D 3C 5C 6C 4C 8C 7C "
         "6H 8H TC 8D 3H QS JS TH 4S 5S 3S",
         "9S AS TS"),
    Spot("no-trump", "partner's K♥ wins the trick: 2♣ or 7♣ or A♣ or K♣, not trumping it; others lose 18+ points",
         "N", "J852.5.QT9653.94 KQ93.KQJ64.J42.Q T6.T9873.K8.J853 A74.A2.A7.AKT762",
         "E:4 S:1 W:2 N:1", "NS:-174/6 EW:364/4",
         "6C 4C QC 3C 6H 3H 2H 5H 4D 8D 7D 3D 7H AH 2S QH 5S KS TS 7S 4H 8H TC QD TH AD TD JH "
         "KH 9H",
         "2C 7C AC KC"),
    Spot("cover-nil", "partner's nil 9♣ wins so far: cover it with J♣; others lose 17+ points",
         "N", "J852.5.QT9653.94 KQ93.KQJ64.J42.Q T6.T9873.K8.J853 A74.A2.A7.AKT762",
         "E:5 S:nil W:3 N:3", "NS:-174/6 EW:364/4",
         "2H 5H 4H 9H 8D 7D 6D JD 2D KD AD TD 2C 4C QC 5C 4D 6S 7S QD 6C 9C KH",
         "JC"),
    Spot("no-set-for-bag", "take a trick the contract needs (3 to go) despite 5 bags: 9♠ or K♠; others lose 51+ points",
         "E", "A8743.K85.AKQT9. J5.6.J752.AQ9643 QT6.AJT9742..J85 K92.Q3.8643.KT72",
         "S:6 W:1 N:2 E:3", "NS:250/0 EW:-85/5",
         "QD 2D 6S 4D AH QH 5H 6H 2H 3H KH 5S JD TS 3D 9D 5C TC 3S 9C TD 7D QS 8D 8C 2C 4S 3C "
         "AS JS JC 2S 8H 5D 4H",
         "9S KS"),
    Spot("cover-nil", "partner bid nil and plays after: go over the 3♦ with 9♦ or Q♦; others lose 85+ points",
         "E", "964.972.8753.KT9 52.AKQ54.KQ94.A2 AKQJT87.J86.T.J8 3.T3.AJ62.Q76543",
         "S:1 W:5 N:6 E:nil", "NS:-90/0 EW:-103/7",
         "7D KD TD JD AH 8H TH 9H AC 8C QC TC KH 6H 3H 7H QH JH AD 2H 4H QS 7C 9C JC 6C KC 2C "
         "9S 2S 7S 3S 3D",
         "9D QD"),
    Spot("needed", "take a trick the contract needs (4 to go): A♥; others lose 18+ points",
         "S", "T6.T73.82.KQ8642 K3.AK98.T9543.75 AQ8752.QJ2.J7.AJ J94.654.AKQ6.T93",
         "W:3 N:4 E:3 S:nil", "NS:186/6 EW:-140/0",
         "3D JD QD 8D 3C 2C 5C JC AC 9C KC 7C JH 4H TH KH 4D 7D 6D 2D QH 5H 7H",
         "AH"),
    Spot("needed", "take a trick the contract needs (2 to go): 9♠; others lose 18+ points",
         "E", "8543.Q98.7532.94 9.K3.AQJT.AKQJT7 AQ.AJT76.984.853 KJT762.542.K6.62",
         "S:nil W:1 N:2 E:4", "NS:453/3 EW:212/2",
         "2D QD 4D KD 2C 4C AC 3C JD 8D 6D 7D KH AH 4H QH JH 2H 9H 3H TH 5H 8H",
         "9S"),
    Spot("cover-nil", "partner bid nil and plays after: go over the 2♣ with 8♣; others lose 32+ points",
         "W", "AQ86.K862.A9.KJ2 KJ975.QT.52.A864 T4.AJ95.KT84.975 32.743.QJ763.QT3",
         "N:1 E:nil S:5 W:4", "NS:381/1 EW:-195/5",
         "4D 3D 9D 2D 8H QH AH 7H 5C 3C KC AC TH 9H 4H KH JC 4C 9C TC 2C",
         "8C"),
    Spot("no-set-for-bag", "take a trick the contract needs (3 to go) despite 5 bags: A♣; others lose 18+ points",
         "W", "75.T854.AJT42.A4 A632.92.KQ3.J653 QJ94.QJ6.65.QT72 KT8.AK73.987.K98",
         "N:2 E:3 S:2 W:2", "NS:35/5 EW:131/1",
         "6H KH 4H 2H AH 8H 9H QH 7D AD 3D 5D 5H AS JH 3H QD 6D 8D 4D 3C TC KC",
         "AC"),
    Spot("no-set-for-bag", "take a trick the contract needs (2 to go) despite 6 bags: 3♠ or 5♠; others lose 21+ points",
         "E", ".AT74.AKQ72.QT96 T853.K53.JT9.KJ7 KJ97.J62.843.A54 AQ642.Q98.65.832",
         "S:3 W:2 N:3 E:3", "NS:325/5 EW:6/6",
         "AH 3H 2H QH QD 9D 3D 6D KD JD 4D 5D 6C JC AC 3C 8D 6S 2D TD AS 4H 8S 7S 2S 7H TS JS "
         "4C 8C 9C KC 7C 5C 2C TC TH 5H 6H 8H 7D",
         "3S 5S"),
    Spot("last-needed", "take the last trick the contract needs: 4♠ or K♠; others lose 19+ points",
         "W", "JT9.JT75.QT8.T74 87.Q43.K53.Q9652 AKQ643.2.A976.AK 52.AK986.J42.J83",
         "N:7 E:2 S:1 W:1", "NS:-54/6 EW:-193/7",
         "KC 3C 4C 2C AD 2D TD 3D 2H KH JH 3H AH 5H 4H 6S QS 2S 9S 7S AS 5S JS 8S 6D 4D QD KD "
         "5C AC 8C 7C 3S JC TS 5D TH QH",
         "4S KS"),
    Spot("no-overtake", "partner's 9♣ wins the trick: 4♣, not overtaking it; others lose 20+ points",
         "S", "T62.AKJ3.KT3.KQ2 A9874.Q98..T9853 J53.T6542.Q942.7 KQ.7.AJ8765.AJ64",
         "W:3 N:nil E:3 S:3", "NS:401/1 EW:429/9",
         "3C 7C 6C KC JH 8H 6H 7H QC 5C 2H AC 5D KD 4S 9D 9H 5H QS 3H 6D 3D QH 4D 7D TD 8C 2D "
         "2C 9C QD",
         "4C"),
    Spot("no-set-for-bag", "take a trick the contract needs (4 to go) despite 8 bags: K♠ or Q♠; others lose 21+ points",
         "N", "A4.J.KQJT8.JT743 KQ6.T9852.2.AQ52 52.AKQ3.A963.K86 JT9873.764.754.9",
         "E:4 S:1 W:4 N:3", "NS:402/2 EW:288/8",
         "9C TC QC KC 8C 3S 3C 2C 4H JH 2H KH 6C 7S 4C 5C 4D KD 2D 6D TD 6S 3D 5D AC 5S 8S JC "
         "7D QD",
         "KS QS"),
    Spot("no-trump", "partner's Q♥ wins the trick: 7♣ or 8♦ or J♦, not trumping it; others lose 34+ points",
         "N", "A4.J.KQJT8.JT743 KQ6.T9852.2.AQ52 52.AKQ3.A963.K86 JT9873.764.754.9",
         "E:4 S:1 W:4 N:3", "NS:402/2 EW:288/8",
         "9C TC QC KC 8C 3S 3C 2C 4H JH 2H KH 6C 7S 4C 5C 4D KD 2D 6D TD 6S 3D 5D AC 5S 8S JC "
         "7D QD QS 9D 5H QH 6H",
         "7C 8D JD"),
    Spot("last-needed", "take the last trick the contract needs: Q♦; others lose 36+ points",
         "N", "Q42.QT96.K74.AK8 KJ5.AKJ4.AQ62.75 A876.7532.8.T962 T93.8.JT953.QJ43",
         "E:1 S:3 W:4 N:3", "NS:397/7 EW:365/5",
         "8H 9H JH 3H AD 8D 3D 4D KH 5H 3S QH 3C KC 5C 9C 2S 5S AS 9S 7H TS TH 4H 5D 7D",
         "QD"),
    Spot("last-needed", "take the last trick the contract needs: J♦ or K♦; others lose 37+ points",
         "S", "QT87.J.KJ32.AQ97 654.Q987.T5.T654 AKJ92.2.A9764.K8 3.AKT6543.Q8.J32",
         "W:nil N:4 E:1 S:2", "NS:232/2 EW:432/2",
         "4C KC 2C QC 8C JC 9C TC AH JH QH 2H KH TS 9H KS 2S 3S 8S 6S 7S 5S AS TH 9S QD QS 4S "
         "2D 5D 4D 8D 6H 7C 7H 6D TD 9D 5H",
         "JD KD"),
    Spot("needed", "take a trick the contract needs (5 to go): J♥; others lose 100+ points",
         "W", "KJ86.64.AKT87.86 7.T5.Q43.AQT9743 QT952.KJ87.J62.2 A43.AQ932.95.KJ5",
         "N:3 E:1 S:4 W:nil", "NS:362/2 EW:329/9",
         "2D 9D 7D 3D KC 6C 9C 2C QH 4H TH KH 6D 5D 8D 4D TD QD JD 4S AS 6S 7S 2S 9H 6H 5H",
         "JH"),
    Spot("no-set-for-bag", "take a trick the contract needs (2 to go) despite 7 bags: K♠; others lose 46+ points",
         "W", "JT73.KQJ4.43.KQ6 Q54.A753.J92.T87 A86..KQ876.95432 K92.T9862.AT5.AJ",
         "N:3 E:3 S:3 W:2", "NS:373/3 EW:-103/7",
         "2C JC QC 8C 4H 3H 6S 6H 6D 5D 3D 9D 2D 7D AD 4D 8H JH AH 8S 3C AC 6C 7C 9H QH 5H 4C "
         "KH 7H AS TH 8D TD 3S JD 7S 5S 5C 2S KC TC 9C 2H TS 4S QD",
         "KS"),
    Spot("needed", "take both tricks the contract needs: ruff the partner's 8♦ (South's Q♦ is still to come) "
         "with the J♠ and cash the K♥; the K♥ thrown loses 130+ points",
         "N", "T762.AT8.QJ72.43 AQ8.QJ.865.AK872 K9.764.AT43.QJT9 J543.K9532.K9.65",
         "E:3 S:2 W:4 N:2", "NS:-146/4 EW:-105/5",
         "2H 8H JH 7H KC JC 5C 3C AC TC 6C 4C 2C QC 3S 6S 7S AS 9S 4S 5D 4D 9D JD AH QH 6H 3H 2S 8S KS 5S AD "
         "KD 7D 6D 9C 5H TH 7C 4H 9H TS QS 8D 3D",
         "JS"),
    Spot("set", "set the opponents (one trick short, two to go): lead the K♠ to draw West's last trump, then "
         "the K♣ wins; the K♣ first is ruffed and loses 87+ points",
         "N", "J2.T8764.A98.J63 A98754.J2.K763.A KQT3.KQ9.JT5.K98 6.A53.Q42.QT7542",
         "E:nil S:1 W:5 N:4", "NS:352/2 EW:136/6",
         "7C 6C AC 8C KD 5D QD AD 3C 4S 9C TC AS 3S 6S 2S 8S QS AH JS 9H 5H 4H 2H QH 3H 6H JH KH 2D 7H 5S 7S "
         "TS 2C JC TD 4D 9D 3D JD 4C 8D 6D",
         "KS"),
    Spot("cover-nil", "cover the partner's nil (Suicide): lead the 5♠, so that North's K♠ J♠ 9♠ 6♠ stay under "
         "East's spades and the A♠ Q♠; a high spade first loses 108+ points",
         "N", "AQ854.J9.964.Q83 2.AKQT5432.T.J92 KJ963.6.K75.K654 T7.87.AQJ832.AT7",
         "E:4 S:4 W:nil N:nil", "NS:-102/8 EW:248/8",
         "8H JH 2H 6H QC JC 6C AC 7H 9H 4H KC 8C 2C 5C TC AD 4D TD KD 3D 9D 9C 7D 6D TH 5D 2D 3C 3H 4C 7C 8D "
         "4S 2S 3S",
         "5S", rules="suicide"),
    Spot("cover-nil", "cover the partner's nil (Suicide): lead the 8♥, a suit North is out of, so that it throws a "
         "high club; others lose 17+ points",
         "W", "Q.AQ987.AK97.J83 AKJ952.J65..Q542 64.T.Q86543.AT97 T873.K432.JT2.K6",
         "N:nil E:nil S:4 W:5", "NS:16/6 EW:-8/2",
         "3D 2D 7D KS JS 6S TS QS AH 5H TH KH AD 6H QD JD KD 5C 8D TD QH JH AC 3H 9H 2S 6D 2H 9S 4S 7S 7H 4C "
         "7C 6C 8C",
         "8H", rules="suicide"),
    Spot("attack-nil", "set the opponents' nil (Suicide): holding only spades, take the partner's Q♣ with a high "
         "one and keep the 2♠ to lead under South's 4♠ 3♠ (North has none); the 2♠ now loses 50+ points",
         "N", "843.9763.K752.T7 AJ65.KQ54.6.KQ54 K.T82.Q943.A9832 QT972.AJ.AJT8.J6",
         "E:nil S:nil W:5 N:4", "NS:31/1 EW:105/5",
         "6C 7C 5C 9C QD JD 7D 6D 8H JH 6H QH KH 2H AH 9H 8D 5D 5S 9D 4H TH AD 7H AC JC TC 4C KS QS 8S AS 5H "
         "2C TD 3H QC 3C",
         "TS 9S 7S", rules="suicide"),
    Spot("own-nil", "a nil that perfect play breaks anyway (Suicide): East ruffs with the J♠ and leads spades at "
         "South's nil; the 2♦ that keeps East's nil clean for one trick loses 44+ points",
         "E", "8743.T9.Q43.AQ43 AKQ9.AQ8.A95.976 2.KJ7653.K7.JT52 JT65.42.JT862.K8",
         "S:nil W:6 N:4 E:nil", "NS:135/5 EW:178/8",
         "3D AD 7D TD 7C JC 8C 4C KD JD QD 5D KH 4H TH AH QH 3H 2H 9H 9D 2S 6D 4D JH KC AC 8H 7H 8D QC QS KS 5H "
         "TS 8S 6C TC",
         "JS", rules="suicide"),
    Spot("cover-nil", "cover the partner's nil and make the contract (Suicide): lead the 3♥ for East to ruff, so "
         "that the K♠ makes North's fourth trick; the K♠ now, the lead least likely to force South, loses 52+ "
         "points",
         "W", "T73.95.53.AKT986 84.KT874.QJT2.75 KQ6.AQJ63.874.32 AJ952.2.AK96.QJ4",
         "N:4 E:5 S:nil W:nil", "NS:248/8 EW:77/7",
         "8D AD 5D QD KD 3D JD 4D QC 8C 7C 3C JC 6C 5C 2C 9D 9H 2D 7D 6D 5H TD 6H 4H JH 2H 9C AH 4C TC KH QH 2S "
         "KC 7H 9S 7S 4S QS",
         "3H", rules="suicide"),
    Spot("cover-nil", "cover the partner's nil (Suicide): lead the 9♥, so that North can throw its A♥ under the "
         "ruff; the A♠ first loses 42+ points",
         "N", "AT5.954.Q85.A843 872.876.AJT63.KQ Q93.AKQ32.97.962 KJ64.JT.K42.JT75",
         "E:4 S:4 W:nil N:nil", "NS:33/3 EW:-89/1",
         "KD 8D JD 9D JH 5H 8H 3H JC 4C QC 9C 3D 7D 4D QD AC KC 6C 5C 8C 6H 2C TC 2D 5D 6D KH 7H 2H TH 4H 7C 3C "
         "AD QH 4S TS 2S 9S",
         "9H", rules="suicide"),
    Spot("cover-nil", "cover the partner's nil (Suicide): lead the 2♠, so that South can throw its Q♠ under "
         "West's K♠; the 7♠ loses 22+ points",
         "E", "Q9863.J6.J4.A973 K5.K732.KQT8.865 AT742.A.763.KJT2 J.QT9854.A952.Q4",
         "S:4 W:4 N:4 E:nil", "NS:-175/5 EW:181/1",
         "JD KD 7D 9D KH AH QH JH TC 4C 9C 5C 3D 2D 4D 8D QD 6D 5D 6H 8C 2C QC 7C 4H AC 2H JC 5H 3C 3H KC 8H 8S "
         "7H TS AS JS 9S 5S",
         "2S", rules="suicide"),
]


def spot_ids() -> list[str]:
    counts: dict[str, int] = {}
    ids = []
    for spot in SPOTS:
        counts[spot.kind] = counts.get(spot.kind, 0) + 1
        ids.append(f"{spot.kind}-{counts[spot.kind]}")
    return ids


def test_the_positions_are_real_choices() -> None:
    assert len(SPOTS) >= 30
    for spot in SPOTS:
        hand = spot.hand()
        legal = {str(card) for card in hand.legal_plays(hand.to_act)}
        right = set(spot.right.split())
        assert right < legal, spot.why


def cases() -> list:
    return [pytest.param(spot, level, id=f"{name}-{level}")
            for spot, name in zip(SPOTS, spot_ids(), strict=True) for level in ("normal", "expert")]


@pytest.mark.parametrize(("spot", "level"), cases())
def test_the_partner_plays_the_clear_card(spot: Spot, level: str) -> None:
    hand = spot.hand()
    seat = hand.to_act
    player = LEVELS[level](seat, hand.rules.to_dict(), seed=SEED)
    choice = decide(player, seat_view(hand, seat))
    assert Card.parse(choice) in {Card.parse(text) for text in spot.right.split()}, spot.why
