"""The speed benchmark of the computer players times the decisions of the variant it is asked for."""

from game.arena.bench_players import decision_times, main

EVERY_CARD = [held for held in range(1, 14) for _ in range(4)]


def test_decisions_are_timed_in_the_variant_named():
    partner = decision_times("normal", 1, variant="partner")
    mirrors = decision_times("normal", 1, variant="mirrors")
    assert sorted(held for held, _ in partner if held) == EVERY_CARD
    assert sorted(held for held, _ in mirrors if held) == EVERY_CARD
    assert any(held == 0 for held, _ in partner)  # Partner's bids are chosen
    assert not any(held == 0 for held, _ in mirrors)  # Mirrors bids each seat's spades for it
    assert all(ms >= 0 for _, ms in partner + mirrors)


def test_the_report_names_the_variant(capsys):
    main(["--levels", "normal", "--hands", "1", "--rules", "suicide"])
    out = capsys.readouterr().out
    assert "decisions in Suicide hands" in out
    row = next(line for line in out.splitlines() if line.startswith("normal"))
    assert row.split()[1] == "56"  # four bids and 52 cards


def test_by_cards_the_bids_have_a_row_of_their_own(capsys):
    main(["--levels", "normal", "--hands", "1", "--by-cards"])
    rows = {line.split()[0]: line.split() for line in capsys.readouterr().out.splitlines() if line.startswith("  ")}
    assert int(rows["bids"][1]) >= 4  # each seat's bid (and its choice to look first, where offered)
    assert rows["13"][1] == "held" and rows["13"][2] == "4"
