"""18ZOO's powers and ZOOTickets used through the general ``choose_ability`` (``engine/steps/choose_ability.py``):
which options a power offers in which step, and what each does.

In the stock round (the stock turn step), for the player whose turn it is: sell a ZOOTicket at its value,
"Midas" (priority next stock round), "Days off" (a family's mark one to the right), "Whatsup" (a family buys the
first train, which sits out the next operating round; the mark moves right), "It's all greek to me" (another
turn).  In the operating round (any step, for the family operating): its president's ZOOTickets sold for the
family (the price split between the family and the player as chosen), "Two barrels", "Patch".
"""

from __future__ import annotations

from typing import Any

from engine.steps.choices import Choice


def _sr_step(step: Any) -> bool:
    from engine.titles.g18zoo.steps import ZooBuySellParShares

    return isinstance(step, ZooBuySellParShares)


def choices_for(game: Any, step: Any, company: Any) -> list[Choice]:
    if _sr_step(step):
        return sr_choices(game, step, company)
    return or_choices(game, step, company)


def carry_out(game: Any, step: Any, company: Any, choice: Any) -> None:
    kind = choice.get("type") if isinstance(choice, dict) else None
    if _sr_step(step):
        handlers = {"sell": sell_ticket_sr, "midas": use_midas, "days_off": use_days_off, "whatsup": use_whatsup,
                    "greek": use_greek}
    else:
        handlers = {"sell": sell_ticket_or, "two_barrels": use_two_barrels, "patch": use_patch,
                    "remove_bandage": remove_patch}
    handler = handlers.get(str(kind))
    if handler is not None:
        handler(game, step, company, choice)


# --- the stock round ---------------------------------------------------------------------------------------
def sr_choices(game: Any, step: Any, company: Any) -> list[Choice]:
    player = step.current_entity()
    if player is None or not getattr(player, "is_player", False) or company.owner is not player:
        return []
    fmt = game.format_currency
    if game.is_ticket(company):
        return [Choice({"type": "sell"}, f"Sell for {fmt(company.value)}")]
    if company.id == "MIDAS" and not game.midas_active():
        return [Choice({"type": "midas"}, f"Priority for {player.name}")]
    if company.id == "DAYS_OFF":
        return [Choice({"type": "days_off", "corporation_id": c.id}, c.name) for c in game.corporations if c.ipoed]
    if company.id == "WHATSUP":
        return whatsup_choices(game, player)
    if company.id == "IT_S_ALL_GREEK_TO_ME":
        started = getattr(game.round, "floated_corporation", None) is not None
        if (started or step.bought() or step.sold()) and not game.greek_active():
            return [Choice({"type": "greek"}, "Play another round after this")]
    return []


def whatsup_choices(game: Any, player: Any) -> list[Choice]:
    trains: list[dict[str, Any]] = []
    for train in game.depot.depot_trains():
        for variant in train.variants.values():
            trains.append({"id": train.id, "variant": variant["name"], "price": variant["price"]})
    out: list[Choice] = []
    for corporation in [c for c in game.corporations if c.owner is player and c.ipoed]:
        running = sum(1 for t in corporation.trains if not t.obsolete)
        if running >= game.phase.train_limit(corporation):
            continue
        for t in trains:
            if corporation.cash >= t["price"]:
                out.append(Choice({"type": "whatsup", "corporation_id": corporation.id, "train_id": t["id"],
                                   "variant": t["variant"], "price": t["price"]},
                                  f"{corporation.name} - {t['variant']}"))
    return out


def sell_ticket_sr(game: Any, step: Any, company: Any, choice: Any) -> None:
    player = company.owner
    price = company.value
    game.log(f"-- {player.name} sells {company.name} for {game.format_currency(price)} --")
    game.bank.spend(price, player)
    game.log(f"{player.name} earns {game.format_currency(price)}")
    company.close()


def use_midas(game: Any, step: Any, company: Any, choice: Any) -> None:
    from engine.model.abilities import make_ability

    company.add_ability(make_ability({"type": "close"}))
    game.log(f'-- {company.owner.name} uses "Midas", will get the Priority for the next SR --')


def use_days_off(game: Any, step: Any, company: Any, choice: Any) -> None:
    corporation = game.corporation_by_id(choice["corporation_id"])
    before = corporation.share_price.price
    game.stock_market.move_right(corporation)
    after = corporation.share_price.price
    fmt = game.format_currency
    game.log(f'-- {company.owner.name} uses "Days off" for {corporation.name}, moving from {fmt(before)} to '
             f"{fmt(after)} --")
    company.close()


def use_whatsup(game: Any, step: Any, company: Any, choice: Any) -> None:
    from engine.model.abilities import make_ability

    corporation = game.corporation_by_id(choice["corporation_id"])
    train = game.train_by_id(choice["train_id"])
    variant = choice["variant"]
    train.set_variant(variant)
    price = int(choice["price"])
    source = train.owner
    game.train_rules.buy_train(corporation, train, price)
    game.phase.buying_train(corporation, train, source)
    corporation.add_ability(make_ability({"type": "disable_train", "train": train.id,
                                          "description": f"Whatsup: {variant} disabled"}))
    player = company.owner
    game.log(f'{player.name} uses "Whatsup" for {corporation.name}, paying {game.format_currency(price)} to buy a '
             f"{variant}")
    old = corporation.share_price
    game.stock_market.move_right(corporation)
    game.share_rules.log_share_price(corporation, old)
    company.close()


def use_greek(game: Any, step: Any, company: Any, choice: Any) -> None:
    from engine.model.abilities import make_ability

    company.add_ability(make_ability({"type": "close"}))
    game.log(f'{company.owner.name} uses "It\u2019s all greek to me", will get an additional round after passing '
             "this round")


# --- the operating round -----------------------------------------------------------------------------------
def or_choices(game: Any, step: Any, company: Any) -> list[Choice]:
    from engine.titles.g18zoo.steps import ZooRoute

    corporation = step.current_entity()
    if corporation is None or not getattr(corporation, "is_corporation", False):
        return []
    fmt = game.format_currency
    if isinstance(step, ZooRoute):
        if company.id != "TWO_BARRELS" or company.owner is not corporation or "BARREL" in (
                getattr(corporation, "assignments", None) or {}):
            return []
        ability = next((a for a in company.all_abilities() if a.type == "description"), None)
        if ability is None:
            return []
        return [Choice({"type": "two_barrels"}, f"{'First' if ability.count == 2 else 'Last'} barrel")]
    if company.id == "PATCH":
        from engine.titles.g18zoo import patch

        return patch.choices(game, corporation) if patch.can_use(game, corporation) else []
    if game.is_ticket(company):
        if company.owner is not corporation.owner:
            return []
        return [Choice({"type": "sell", "price": value, "corporation": corporation.id},
                       f"Company gets {fmt(value)}; {fmt(company.value - value)} to Player")
                for value in range(1, company.value + 1)]
    return []


def sell_ticket_or(game: Any, step: Any, company: Any, choice: Any) -> None:
    player = company.owner
    corporation = game.corporation_by_id(choice["corporation"])
    to_corporation = int(choice["price"])
    to_player = company.value - to_corporation
    fmt = game.format_currency
    game.log(f"-- {corporation.name} sells {company.name} (owned by {player.name}) for {fmt(company.value)} --")
    if to_player > 0:
        game.bank.spend(to_player, player)
        game.log(f"{player.name} earns {fmt(to_player)}")
    game.bank.spend(to_corporation, corporation)
    game.log(f"{corporation.name} earns {fmt(to_corporation)}")
    company.close()


def use_two_barrels(game: Any, step: Any, company: Any, choice: Any) -> None:
    from engine.steps.assign import assign

    ability = next(a for a in company.all_abilities() if a.type == "description")
    ability.use()
    game.log(f"{company.owner.name} uses '{company.name}' for this round")
    assign(company.owner, "BARREL")


def use_patch(game: Any, step: Any, company: Any, choice: Any) -> None:
    from engine.titles.g18zoo import patch

    train = game.train_by_id(choice["train_id"])
    patch.put_on(game, train)
    game.log(f"{train.name} gets a patch, becomes a 1S")


def remove_patch(game: Any, step: Any, company: Any, choice: Any) -> None:
    from engine.titles.g18zoo import patch

    patch.take_off(game, game.corporation_by_id(choice["corporation"]))
