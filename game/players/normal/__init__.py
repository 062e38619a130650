"""The Normal computer level: quick, rule-based, human-like and sound.

It plays the way a steady club player does, from the seat view alone:

- **Bidding** (:mod:`.bidding`, on the hand's worth from :mod:`.hand_value`) counts
  winners: aces, guarded kings and queens, the top trumps and trump length, short side
  suits with spare trumps to ruff them. It bids nil with a low hand (with a partner, only
  one whose nil holds when played out on sampled deals), blind nil
  only when far behind (and rarely), and follows every bid rule in force (team limits,
  Suicide's one nil, team nil, Mirrors, bonuses).
- **Play** (:mod:`.decision` holds one card decision; :mod:`.leading`, :mod:`.following`
  and :mod:`.nil` its rules of thumb) follows the old maxims: second hand low, third
  hand high, win cheaply, trump when void unless the partner already wins, cash sure
  winners, lead a short suit to ruff it. It covers its partner's nil, attacks the
  opponents' nil, ducks when the contract is made and bags cost, and goes for the set
  when the opponents are short.
"""

from game.players.normal.player import NormalPlayer

__all__ = ["NormalPlayer"]
