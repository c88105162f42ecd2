"""How an 18xx title changes the rules: its data, its step lists, its services and a short list of hooks.

A title is a package ``engine/titles/<name>/`` with ``data.py`` (a ``TitleSpec``: map, tiles, companies,
corporations, trains, phases, market and the rule switches in ``RULES``) and ``rules.py`` (its ``Game``
subclass).  The subclass may do three things and nothing else (tests/engine/test_title_hooks.py checks it):

1. **Name its own service classes** (class attributes of ``engine.game.Game``, see ``SERVICES``): a subclass of
   the 18xx rule family it changes, overriding methods of that service (e.g. 1846's ``TrainRules1846`` adds its
   train events, ``CorporationRules1846`` counts issuable shares in the buying power).
2. **Override the hooks in** ``GAME_HOOKS`` below (the step lists, the first round, what happens around set-up
   and around each action, the order of play).
3. **Provide optional hooks** (``OPTIONAL_HOOKS``): methods the base game does not have, which steps and
   services look for on the game and use when present (e.g. ``revenue_for`` for route bonuses).

Anything else a title's game class defines is its own helper (1846's ``remove_icons``, ``steamboat`` ...), used
by its own steps and service subclasses.
"""

from __future__ import annotations

#: Service classes a title may replace: class attribute on ``Game`` -> (instance attribute, what it covers).
SERVICES: dict[str, tuple[str, str]] = {
    "SETUP": ("(construction only)", "the model built from the title data (engine/services/setup.py)"),
    "SHARE_RULES": ("share_rules", "sale timing, sellable bundles, liquidity, price moves (services/shares.py)"),
    "ABILITY_RULES": ("ability_rules", "abilities usable now and their timing (services/abilities.py)"),
    "TRAIN_RULES": ("train_rules", "train limits, purchases, rusting, train events (services/trains.py)"),
    "COMPANY_RULES": ("company_rules", "private companies: revenue, sales (services/companies.py)"),
    "CORPORATION_RULES": ("corporation_rules",
                          "float, par, certificate limits, buying power, closing (services/corporations.py)"),
    "BANKRUPTCY": ("bankruptcy", "emergency money and bankruptcy (services/bankruptcy.py)"),
    "END_RULES": ("end_rules", "the game-end conditions (services/game_end.py)"),
    "TRACK_RULES": ("track_rules", "home tokens, tile costs, lays, upgrades, tile supply (services/track.py)"),
    "LOAN_RULES": ("loan_rules", "corporate loans: the pool, limits, interest, repayment, end-game price "
                                 "(services/loans.py)"),
    "ROUND_SEQUENCE": ("round_sequence", "which round follows which: when the seats turn, rounds between operating "
                                         "rounds such as 1867's merger round (services/rounds.py)"),
}

#: ``Game`` methods a title may override (with ``super()`` where it adds to the base behaviour).
GAME_HOOKS: dict[str, str] = {
    "setup": "after the model is built, before the first round (removals, deals, title state)",
    "init_round": "the first round (default: the private auction; 1846: the draft; 1889 beginner: a stock round)",
    "init_round_finished": "after the first round (1846 draws one more draft deck, as the reference does)",
    "auction_round_steps": "the steps of an auction round",
    "stock_round_steps": "the steps of a stock round",
    "operating_round_steps": "the steps of an operating round",
    "new_stock_round": "the stock round itself (1817: its own round class, which liquidates the corporations short "
                       "of station tokens as it ends; 18ZOO: the day's powers and ZOOTicket values)",
    "new_operating_round": "the operating round itself (1846: its own round class)",
    "reorder_players": "how the seats are ordered before a stock round where ``next_sr_player_order`` cannot say it "
                       "(18ZOO: by cash, the Midas holder first)",
    "player_value": "a player's final score (18ZOO: ZOOTickets count, powers do not, loan penalties are taken off; "
                    "1822: with what the tax haven private holds)",
    "end_game": "as the game ends, before the score (call super(); 18ZOO: every ZOOTicket is worth 20$)",
    "or_round_finished": "after each operating round",
    "or_set_finished": "after each set of operating rounds (18Chesapeake exports a train)",
    "store_player_info": "before every round change",
    "next_round": "the round after the current one (1846 2p Variant: a draft round after each set of operating "
                  "rounds until every private is owned)",
    "next_sr_player_order": "how the seats turn before a stock round (Steam Over Holland: richest first after the "
                            "auction, one seat on after each stock round)",
    "operating_order": "the order corporations operate in",
    "end_now": "does a triggered game end take effect now (18Tokaido: not before the last stock round the D train "
               "calls for)",
    "priority_deal_player": "who holds the priority deal",
    "after_end_of_operating_turn": "after an operator's turn",
    "acting_for_entity": "the player deciding for an entity (1889: the seller of a sold private's lay)",
    "preprocess_action": "before each action is processed",
    "action_processed": "after each action (call super(): corporations in a close cell close)",
}

#: Methods the base game lacks; when a title's game has one, steps and services use it.
OPTIONAL_HOOKS: dict[str, str] = {
    "revenue_for": "a route's revenue with the title's bonuses (route step, route optimiser)",
    "check_distance": "replace a route's distance check (route validation): the title's own route rules and the "
                      "stops that count (18Rhl: a Trajekt crossing counts its metropolis once)",
    "check_connected": "replace a route's connectivity check (route validation; 18ZOO: a train with \"Wings\" "
                       "runs through one tokened-out city)",
    "check_route_visits": "refuse a route by its stops in running order (route validation and the route optimiser; "
                          "Steam Over Holland: no town at either end)",
    "check_routes_together": "refuse a run by its routes together (route validation, after the track overlap; 1822: "
                             "two local trains may not run to the same tokened city)",
    "compute_stops": "the paying stops of a route (``Route.default_stops`` is the rule it may fall back on; 1852: "
                     "Missouri: a town is paid only while the train has fewer cities than it may count; 1867: the "
                     "stops a train counts, towns filling what cities leave)",
    "east_west_bonus": "route optimiser: the East/West bonus of a set of stops",
    "is_mail_contract_route": "route optimiser: the route earning the Mail Contract",
    "mail_stop_count": "route optimiser: the stops the Mail Contract pays for on a train's route visiting n stops "
                       "(1846: n; 1852: Missouri: at most the train's paying count)",
    "most_bonus": "route optimiser: (dollars per unit, measure of a route's stops) of a bonus paid to the run's route "
                  "counting most (18 Christmas Eve's Conductor's Hat: rooms), or None",
    "routes_revenue": "the revenue of a whole run (dividend step)",
    "routes_subsidy": "a subsidy paid with a run (dividend step)",
    "subsidy_for": "the subsidy one route earns (1888's mine); checked against a run's claimed subsidies",
    "can_buy_train_from_others": "may a corporation buy trains from other corporations now",
    "emergency_issuable_bundles": "shares a corporation may issue to buy a forced train",
    "discountable_trains_for": "trade-in discounts for a train purchase",
    "take_player_loan": "a president's loan when even selling everything cannot buy the train (default: the "
                        "player debt of engine/services/player_debt.py, shaped by RuleSet.player_loan_*)",
    "initial_auction_companies": "the companies in the initial auction",
    "after_buy_company": "what buying a private in the auction brings with it",
    "exchange_corporations": "the corporations an exchange ability may exchange into",
    "company_bought": "after a corporation bought a private",
    "after_sell_company": "after a private was sold to a corporation",
    "can_gain_from_player": "may an entity take a bundle from the player holding it",
    "can_hold_above_corp_limit": "may an entity hold more of a corporation than the holding limit",
    "multiple_buy_only_from_market": "must extra certificates of a multiple buy come from the market",
    "buyable_bank_owned_companies": "companies the bank sells at face value",
    "update_trains_cache": "the depot's trains changed",
    "after_buying_train": "after a train purchase (phase)",
    "after_phase_change": "after a new phase began",
    "legal_tile_rotation": "extra rotation rules for a tile lay",
    "tile_valid_for_phase": "may this tile colour be laid in this phase",
    "tile_cost_with_discount": "a tile lay's cost after discounts",
    "log_cost_discount": "the log line of a discounted lay",
    "graph_for_entity": "the route graph an entity uses",
    "token_graph_for_entity": "the token graph an entity uses",
    "clear_graph_for_entity": "clear an entity's graphs after a change",
    "token_owner": "the corporation a token ability places for",
    "route_overlap_group": "the group of trains a train may share track with (18 Los Angeles: passenger and freight "
                           "trains do not block each other)",
    "draft_finished": "has an open draft reached the title's company limit (18 Los Angeles)",
    "after_draft_bid": "after a company was bought in an open draft (18 Los Angeles counts them)",
    "home_token_locations": "the hexes a corporation without a printed home may choose from (18 Los Angeles: PER; 1882: SC)",
    "cash_holders": "money kept aside outside players, corporations and the bank, counted when cash is checked "
                    "(1822: what the phase-revenue privates accumulate)",
    "most_recorded_revenue": "the most a recorded run of a route may claim above what it earns (1822: its "
                             "destination bonus as if it ran alone, as the site's client computes it)",
    "negative_cash_allowed": "may this entity's cash be below zero (the playout invariants; 18Rhl: the bank loan of "
                             "a corporation in receivership)",
    "ipo_name": "what a corporation's unsold shares are called in logs and program messages (default 'IPO')",
    "merge_candidates": "the corporations a merger is offered to, in turn (engine.steps.merge.MergeOffer; 18MEX)",
    "merge_decider": "who answers the merger offer for the first candidate",
    "merge_target": "the corporation a merger offer merges into",
    "merge_major": "carry out the offered merger with a corporation (None: nobody merges)",
    "decline_merge": "the first candidate declines the merger offer",
    "ability_choices": "the options a company offers to ``choose_ability`` in a step (list of Choice), or None to "
                       "use its ``choose_ability`` ability's data (engine/steps/choose_ability.py; 18ZOO powers)",
    "ability_chosen": "carry out a company's ``choose_ability`` pick (engine/steps/choose_ability.py)",
    "ability_choice_refusal": "why a listed ``choose_ability`` option cannot be carried out now (the reference lists "
                              "it but fails on it: 1822's station swap with no normal token left), or None",
}

__all__ = ["GAME_HOOKS", "OPTIONAL_HOOKS", "SERVICES"]
