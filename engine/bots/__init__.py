"""Computer players for every supported title: state in, action out (no Qt, deterministic for a seed).

    from engine.bots import make_bot
    decision = make_bot("strong", seed=1).decide(game)   # Decision(action, reason, seat) or None
    game.process_action({**decision.action, "id": len(game.raw_actions) + 1})

Levels: ``random``, ``beginner``, ``strong`` (see :mod:`engine.bots.policy`); the evaluation is
:mod:`engine.bots.evaluate`, title hints :mod:`engine.bots.hints`, ``python -m engine arena``
:mod:`engine.bots.arena`.
"""

from engine.bots.policy import BOT_KINDS, Bot, Decision, make_bot

__all__ = ["BOT_KINDS", "Bot", "Decision", "make_bot"]
