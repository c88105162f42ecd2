"""What a corporation receives when it absorbs another in 1817's merger or acquisition: the companies, loans and
trains, then the stations (its own duplicates in a shared city removed; above the token limit, or with two
stations in one hex, the president chooses which to remove first: the ReduceTokens step)."""

from __future__ import annotations

from typing import Any

from engine.services.mergers import TokenMerger, transfer


def absorb_assets(game: Any, survivor: Any, absorbed: Any, receiving: list[str]) -> tuple[int, list[Any] | None]:
    """Moves ``absorbed``'s companies, loans, trains and stations to ``survivor``, describing them in
    ``receiving``; returns the number of loans moved and the hexes of the stations moved (None while the
    president must first remove some)."""
    companies = transfer(absorbed.companies, survivor.companies, survivor)
    if companies:
        receiving.append(f"companies ({', '.join(c.name for c in companies)})")
    loans = transfer(absorbed.loans, survivor.loans, survivor)
    if loans:
        receiving.append(f"loans ({len(loans)})")
    trains = transfer(absorbed.trains, survivor.trains, survivor)
    if trains:
        game.train_rules.crowded_cache = None
        receiving.append(f"trains ({[t.name for t in trains]})")
    merger = TokenMerger(game, game.LIMIT_TOKENS_AFTER_MERGER)
    merger.remove_duplicate_tokens(survivor, [absorbed])
    if merger.tokens_above_limits(survivor, [absorbed]):
        game.log(f"{survivor.name} will be above token limit and must decide which tokens to remove")
        game.round.corporations_removing_tokens = [survivor, absorbed]
        return len(loans), None
    return len(loans), merger.move_tokens_to_surviving(survivor, [absorbed])


__all__ = ["absorb_assets"]
