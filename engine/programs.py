"""Programmed actions evaluated in live play, as the 18xx.games site runs them.

A player may program "pass in stock rounds" (``program_share_pass``) or "buy shares of X until it floats / until
I hold N shares" (``program_buy_shares``); ``program_disable`` cancels.  The site stores the program and, after
every action of live play, asks the round what the programs make the acting player do now; what they make is
recorded with the action that caused it as its ``auto_actions``.  A replay never evaluates programs: it applies the
recorded ``auto_actions`` (so replays stay exact whatever this module decides).

:func:`auto_actions` is that question for the current state (empty when no program acts); the desktop session
applies an action and then these, in a loop until none is left, and records them with the action.

When programs stop, as on the site: a program lasts until the next round that is not a stock round begins (an
"indefinite" share pass lasts), a buy program ends when its condition is met (then it may pass), and a program
stops with its reason when something happened that its player may want to react to (another player sold, or
bought into one of the player's unsecured corporations, or a corporation was parred while the player can sell).
"""

from __future__ import annotations

from typing import Any

from engine.actions import Action, Bid, BuyShares, Par, ProgramDisable, ProgramSharePass, SellShares
from engine.core.actions import Pass
from engine.errors import GameError

#: the share held that makes a president safe from being ousted (most titles)
SECURE_PERCENT = 50


def _marks(game: Any) -> dict[Any, tuple[int, bool]]:
    """player id -> (round counter, set in a stock round) when the player's program was set (kept with the game,
    so snapshots and copies keep it)."""
    marks: dict[Any, tuple[int, bool]] = vars(game).setdefault("program_marks", {})
    return marks


def mark_program(game: Any, player_id: Any) -> None:
    """Remember when ``player_id``'s program was set (the Program step calls this)."""
    _marks(game)[player_id] = (game.round_counter, bool(getattr(game.round, "stock", False)))


def programmed_after(game: Any, action: Action) -> list[Action]:
    """What the players' programs do after ``action``, tried on a copy of ``game`` (which does not change): the
    action's ``auto_actions`` as the site records them.  A refused ``action`` raises its ``GameError``."""
    if action.id is None:  # numbered as it will be recorded: programs compare ids with their own
        action = action.copy_with(id=game.current_action_id() + 1)
    trial = game.copy()
    trial.process_action(action)
    done: list[Action] = []
    while len(done) < 500:  # a program always ends (a pass ends a turn); the bound only guards against a bug
        autos = auto_actions(trial)
        if not autos:
            break
        for auto in autos:
            before = trial.copy()
            try:
                trial.process_single_action(auto)
            except GameError as exc:
                # A program's own move is refused (an auction-bid program bidding more than its player can
                # pay): the program stops with the reason.  (The site asks the program again and again there
                # and never finishes the action.)
                trial = before
                if auto.entity_type != "player":
                    # a step's own move (``STEP_AUTO_ACTIONS``) is refused: it is left to the player at the table
                    # (the step still offers it), not mistaken for a player's program
                    return done
                auto = _disable(trial.player_by_id(auto.entity), exc.message)
                trial.process_single_action(auto)
                done.append(auto)
                break
            done.append(auto)
    return done


def program_of(game: Any, player: Any) -> Action | None:
    """The player's current program, None when none is set or it has lapsed."""
    programs = game.programmed_actions.get(player.id) or []
    if not programs:
        return None
    program: Action = programs[-1]
    mark = _marks(game).get(player.id)
    if mark is not None and program.type == "program_merger_pass":
        # dropped when a round that is not a merger round begins: alive in the merger rounds following the
        # operating round it was set in (or after), none of which counts as a new round
        counter, in_stock = mark
        if not _merger_round(game.round) or game.round_counter != counter or in_stock:
            return None
        return program
    if mark is not None and program.type == "program_auction_bid":
        # dropped at a round change into a round that is not an auction
        if game.round_counter > mark[0] and not getattr(game.round, "auction", False):
            return None
        return program
    if mark is not None and not getattr(program, "indefinite", False):
        counter, in_stock = mark
        # The site drops programs when a round that is not a stock round begins; a program set outside a stock
        # round lives on into the stock round that follows directly.
        if game.round_counter > counter + (0 if in_stock else 1):
            return None
    return program


def auto_actions(game: Any) -> list[Action]:
    """What the acting player's program makes them do now (empty: nothing)."""
    if game.finished:
        return []
    round_ = game.round
    if getattr(game, "STEP_AUTO_ACTIONS", False):
        # a title whose steps act by themselves (18Rhl's Koeln-Aachen link check after a lay), as the site's
        # ``round.auto_actions``
        step, entity = round_.active_step(), round_.current_entity()
        autos = step.auto_actions(entity) if step is not None and entity is not None else None
        if autos:
            return list(autos)
    if _merger_round(round_):  # (1817's acquisition round is an auction too)
        return _merger_pass(game, round_)
    if getattr(round_, "auction", False):
        return _auction_round(game, round_)
    if not getattr(round_, "stock", False):
        return []
    step = round_.active_step()
    entity = round_.current_entity()
    if step is None or entity is None or not getattr(entity, "is_player", False):
        return []
    if not hasattr(step, "players_history"):
        return []
    program = program_of(game, entity)
    if program is None:
        return []
    if program.type == "program_share_pass":
        return _share_pass(game, step, entity, program)
    if program.type == "program_buy_shares":
        return _buy_shares(game, step, entity, program)
    return []


def _ref(entity: Any) -> dict[str, Any]:
    return {"entity": entity.id, "entity_type": "player"}


def _disable(entity: Any, reason: str) -> Action:
    return ProgramDisable(**_ref(entity), reason=reason)


def _share_pass(game: Any, step: Any, entity: Any, program: Action) -> list[Action]:
    if "pass" not in step.actions(entity):
        return []
    normal_pass = getattr(step, "normal_pass", None)
    if normal_pass is not None and not normal_pass(entity):
        return []  # a pass in an auction is not the program's
    if not getattr(program, "unconditional", False):
        reason = _stop_reason(game, step, entity, program, None)
        if reason:
            return [_disable(entity, reason)]
    return [Pass(**_ref(entity))]


def _buy_shares(game: Any, step: Any, entity: Any, program: Action) -> list[Action]:
    corporation = game.corporation_by_id(getattr(program, "corporation", None))
    if corporation is None:
        return [_disable(entity, "unknown corporation")]
    condition = getattr(program, "until_condition", None)
    done = None
    if condition == "float":
        if corporation.floated or corporation.percent_to_float == 0:
            done = f"{corporation.name} is floated"
    elif isinstance(condition, int) and entity.num_shares_of(corporation, ceil=False) >= condition:
        done = f"{condition} share(s) bought in {corporation.name}, end condition met"
    if done:
        finished: list[Action] = [_disable(entity, done)]
        if getattr(program, "auto_pass_after", False):
            finished.append(ProgramSharePass(**_ref(entity), unconditional=False, indefinite=False))
        return finished
    available = step.actions(entity)
    if "buy_shares" in available:
        from_market = bool(getattr(program, "from_market", False))
        if from_market:
            source = "market"
            shares = list(game.share_pool.shares_of(corporation))
        else:
            source = game.share_pool.ipo_name(corporation)
            shares = list(corporation.ipo_shares())
        by_percent: dict[Any, list[Any]] = {}
        for share in shares:
            if step.can_buy(entity, share.to_bundle()):
                by_percent.setdefault(share.percent, []).append(share)
        if not by_percent:
            return [_disable(entity, f"Cannot buy {corporation.name} from {source}")]
        if len(by_percent) != 1:
            return [_disable(entity, f"Shares of different sizes exist, cannot auto buy {corporation.name} "
                                     f"from {source}")]
        share = next(iter(by_percent.values()))[0]
        reason = _stop_reason(game, step, entity, program, share)
        if reason:
            return [_disable(entity, reason)]
        return [BuyShares(**_ref(entity), shares=[share.id], percent=share.percent)]
    if step.bought() and "pass" in available:
        if condition == "float" and corporation.floated:
            return []  # just floated: the player may want to sell the last share at once
        return [Pass(**_ref(entity))]
    return []


def _stop_reason(game: Any, step: Any, entity: Any, program: Action, share: Any) -> str | None:
    """Why the program should stop before acting (None: it may act)."""
    if step.must_sell(entity):
        return f"{entity.name} must sell shares"
    for other, corporations in step.players_history.items():
        if other is entity:
            continue
        for corporation, actions in corporations.items():
            for action in actions:
                if earlier(action, program):
                    continue  # it happened before the program was set
                # a title's step may know more reasons first (1847 AE: a nationalisation)
                title_reason = getattr(step, "program_stop_reason", None)
                # (None: the title has nothing to say; "": the title says the action is harmless)
                reason = title_reason(entity, other, action, corporation, share) if title_reason else None
                secure = int(getattr(step, "CORPORATION_SECURE_PERCENT", SECURE_PERCENT))
                if reason is None:
                    reason = _unsettling(game, entity, other, action, corporation, share, secure)
                if reason:
                    return reason
    return None


def earlier(action: Action, program: Action) -> bool:
    """Was ``action`` made before ``program``?  As the site orders actions: by id when both have one, else by
    creation time (an auto action, such as a program set by another program, has no id).  An action without a
    time was made now, in live play: after every recorded one."""
    if action.id is not None and program.id is not None:
        return bool(action.id < program.id)
    made, set_at = action.created_at, program.created_at
    if isinstance(made, int | float) and isinstance(set_at, int | float):
        return bool(made < set_at)
    return set_at is None and made is not None


def _unsettling(game: Any, entity: Any, other: Any, action: Action, corporation: Any, share: Any,
                secure: int = SECURE_PERCENT) -> str | None:
    """Why another player's ``action`` (on ``corporation``) should stop ``entity``'s program (None: it need not)."""
    buying: Any = share.corporation if share is not None else None
    if isinstance(action, Par):
        shares = _all_shares(game, corporation)
        if buying is None or (shares and game.share_rules.check_sale_timing(entity, shares[0].to_bundle())):
            return f"Corporation {corporation.name} parred"
        return None
    if isinstance(action, BuyShares):
        if action.entity == corporation.id:
            return f"{corporation.name} redeemed a share."
        if corporation.owner is not entity:
            return None
        if entity.percent_of(corporation) >= secure:
            return None
        if corporation is not buying:
            return f"{other.name} bought on corporation {corporation.name} and is unsecure"
        percentage = entity.percent_of(corporation) + share.percent
        if percentage > secure:
            return None
        bigger = [s for s in _all_shares(game, corporation) if s.percent > share.percent
                  and (s.owner is not entity or s.owner is not corporation.owner)]
        if bigger:
            biggest = max(bigger, key=lambda s: s.percent)
            if percentage < other.percent_of(corporation) + biggest.percent:
                return f"{other.name} has bought, shares exist that could allow them to gain presidency"
        return None
    if isinstance(action, SellShares):
        return "Shares were sold"
    if action.type == "take_loan":
        return f"{corporation.name} took a loan"
    return f"Unknown action {action.type} disabling for safety"


def _all_shares(game: Any, corporation: Any) -> list[Any]:
    """Every certificate of ``corporation``, wherever it is."""
    holders = [*game.players, *game.corporations, game.share_pool]
    return [share for holder in holders for share in holder.shares_of(corporation)]


# --- merger rounds -----------------------------------------------------------------------------------------------
def _merger_round(round_: Any) -> bool:
    from engine.rounds.interlude import InterludeRound

    return isinstance(round_, InterludeRound)


def _field(program: Action, name: str) -> Any:
    """A program's setting (a stored-only program type keeps its fields in ``extra``)."""
    value = getattr(program, name, None)
    return value if value is not None else (getattr(program, "extra", None) or {}).get(name)


def _merger_pass(game: Any, round_: Any) -> list[Action]:
    """A merger-pass program (``program_merger_pass``) at a step that offers it (one with ``merger_auto_pass_entity``
    and ``others_acted``, as the site's ``ProgrammerMergerPass``): when another player has acted in the round and
    the program asks so ("disable_others"), it stops; else, when the corporation the step asks about (the one
    converting or merging, the one offered for sale) is named for this round, its player passes."""
    entity = round_.current_entity()
    if entity is None:
        return []
    step = round_.active_step(entity)
    if step is None or not hasattr(step, "merger_auto_pass_entity") or not hasattr(step, "others_acted"):
        return []
    player = entity if getattr(entity, "is_player", False) else getattr(entity, "player", None)
    if player is None:
        return []
    program = program_of(game, player)
    if program is None or program.type != "program_merger_pass":
        return []
    last = game.actions[-1] if game.actions else None
    options = _field(program, "options") or []
    if last is not program and "disable_others" in options and step.others_acted():
        return [_disable(player, "Other players have acted and requested to stop")]
    passing = step.merger_auto_pass_entity()
    if passing is None:
        return []
    short_name = type(round_).SHORT_NAME
    by_round = _field(program, "corporations_by_round")
    if by_round is None:  # the older form: the corporations, and the rounds they are passed in
        by_round = {r: _field(program, "corporations") or [] for r in _field(program, "rounds") or []}
    named = by_round.get(short_name) or []
    if passing.id not in [getattr(c, "id", c) for c in named]:
        return []
    from engine.moves.registry import entity_ref

    etype, eid = entity_ref(entity)
    return [Pass(entity=eid, entity_type=etype)]


# --- auction rounds ----------------------------------------------------------------------------------------------
def _auction_round(game: Any, round_: Any) -> list[Action]:
    """What the acting player's auction-bid program does in an auction round whose step sells companies by
    minimum bids (the waterfall auction); other programs wait for their rounds."""
    step = round_.active_step()
    entity = round_.current_entity()
    if step is None or entity is None or not getattr(entity, "is_player", False):
        return []
    if not all(hasattr(step, name) for name in ("available", "min_bid", "highest_bid", "may_purchase")):
        return []
    program = program_of(game, entity)
    if program is None or program.type != "program_auction_bid":
        return []
    return _auction_bid(game, step, entity, program)


def program_price(value: Any) -> int:
    """A program's price as the site reads it (the text of a number field; anything else counts as 0)."""
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, int):
        return value
    text = str(value or "").strip()
    sign = -1 if text.startswith("-") else 1
    digits = ""
    for char in text.lstrip("+-"):
        if not char.isdigit():
            break
        digits += char
    return sign * int(digits) if digits else 0


def _target(game: Any, target_id: Any) -> Any:
    """The corporation, company or minor named ``target_id`` (None: none)."""
    for group in ("corporations", "companies", "minors"):
        for entity in getattr(game, group, None) or []:
            if entity.id == target_id:
                return entity
    return None


def _auction_bid(game: Any, step: Any, entity: Any, program: Action) -> list[Action]:
    """Bid the minimum, buy at the set price, pass or stop, as the site's auction-bid program does (in this
    order): a target owned by a player, no longer for sale or already led by the player stops the program; a
    target that may be bought at ``buy_price`` or less is bought (bid at its price); else a minimum bid within
    ``maximum_bid`` is made (only when no buy price is set); else the program stops when it would wait on a
    target others bid on (buy price only) or that is past the maximum, unless it was told to pass then.  One
    departure from the reference: a bid it would make while another company is being auctioned stops it."""
    target = _target(game, getattr(program, "bid_target", None))
    if target is None:
        return [_disable(entity, f"{getattr(program, 'bid_target', None)} is not in this game")]
    owner = getattr(target, "owner", None)
    if owner is not None and getattr(owner, "is_player", False):
        return [_disable(entity, f"{target.name} is owned by {owner.name}")]
    if target not in step.available():
        return [_disable(entity, f"{target.name} is no longer available")]
    high = step.highest_bid(target)
    if high is not None and high.entity is entity:
        return [_disable(entity, f"{entity.name} is already the high bid on {target.name}")]
    price = step.min_bid(target)
    field = "company" if getattr(target, "is_company", False) else (
        "minor" if getattr(target, "is_minor", False) else "corporation")
    bid = Bid(**_ref(entity), **{field: target.id}, price=price)
    buy_price = bool(getattr(program, "enable_buy_price", False))
    maximum = bool(getattr(program, "enable_maximum_bid", False))
    if (buy_price and price <= program_price(getattr(program, "buy_price", None)) and step.may_purchase(target)) \
            or (maximum and not buy_price and price <= program_price(getattr(program, "maximum_bid", None))):
        auctioning = getattr(step, "auctioning", None)
        if auctioning is not None and auctioning is not target:
            # Only the company being auctioned takes bids now.  (The reference's waterfall records the bid on the
            # target anyway, a bid no player could make and our engine refuses; its rule for auctions that must
            # be finished first stops the program, as here.)
            return [_disable(entity, f"{auctioning.name} chosen instead of {target.name}")]
        return [bid]
    keep_passing = bool(getattr(program, "auto_pass_after", False))
    if not keep_passing and buy_price and not maximum and step.bids_on(target):
        return [_disable(entity, f"Bids submitted for {target.name}")]
    if not keep_passing and maximum and price > program_price(getattr(program, "maximum_bid", None)):
        return [_disable(entity, f"Price for {target.name} exceeded maximum bid")]
    return [Pass(**_ref(entity))] if "pass" in step.actions(entity) else []
