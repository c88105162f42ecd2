"""Title name -> the title's game class.

Two kinds of title: the 18xx titles (``TITLES_18XX``: an ``engine.game.Game`` subclass built from a
``TitleSpec``) and the titles that stand on the kernel alone (``KERNEL_TITLES``: an
``engine.titles.kernel.KernelTitleGame`` subclass with a ``KernelTitleSpec``).  Both answer ``TITLE.title``,
``TITLE.player_range``, ``TITLE.optional_rules`` and ``TITLE.mutex_rules``; code that needs the 18xx model
(map, market, shares) asks :func:`is_kernel_title` first.
"""

from __future__ import annotations

import difflib
import importlib
from typing import TYPE_CHECKING, Any

from engine.errors import InvalidAction

if TYPE_CHECKING:
    from engine.core.game import KernelGame

# Title names exactly as 18xx.games writes them in an export's "title" field.
TITLES_18XX: dict[str, str] = {
    "1830": "engine.titles.g1830.rules:Game1830",
    "1889": "engine.titles.g1889.rules:Game1889",
    "18Chesapeake": "engine.titles.g18chesapeake.rules:Game18Chesapeake",
    "1846": "engine.titles.g1846.rules:Game1846",
    "1846 2p Variant": "engine.titles.g1846_2p.rules:Game18462p",
    "18 Los Angeles 2": "engine.titles.g18_los_angeles.rules:Game18LosAngeles",
    "18 Los Angeles": "engine.titles.g18_los_angeles1.rules:Game18LosAngeles1",
    "18Tokaido": "engine.titles.g18_tokaido.rules:Game18Tokaido",
    "1852: Missouri": "engine.titles.g1852_missouri.rules:Game1852Missouri",
    "Steam Over Holland": "engine.titles.steam_over_holland.rules:GameSteamOverHolland",
    "18Chesapeake: Off the Rails": "engine.titles.g18chesapeake_off_the_rails.rules:Game18ChesapeakeOffTheRails",
    "Uncle Lachlan's 18 Christmas Eve": "engine.titles.g18christmas_eve.rules:GameChristmasEve",
    "1888": "engine.titles.g1888.rules:Game1888",
    "1836Jr30": "engine.titles.g1836jr30.rules:Game1836Jr30",
    "18NL": "engine.titles.g18nl.rules:Game18NL",
    "18JP-T": "engine.titles.g18jpt.rules:Game18JPT",
    "1882": "engine.titles.g1882.rules:Game1882",
    "18Texas": "engine.titles.g18texas.rules:Game18Texas",
    "1804": "engine.titles.g1804.rules:Game1804",
    "18GA": "engine.titles.g18ga.rules:Game18GA",
    "18TN": "engine.titles.g18tn.rules:Game18TN",
    "1850Jr": "engine.titles.g1850jr.rules:Game1850Jr",
    "18MS": "engine.titles.g18ms.rules:Game18MS",
    "18AL": "engine.titles.g18al.rules:Game18AL",
    "18MEX": "engine.titles.g18mex.rules:Game18MEX",
    "1847 AE": "engine.titles.g1847_ae.rules:Game1847AE",
    "18Rhl": "engine.titles.g18rhl.rules:Game18Rhl",
    "1867": "engine.titles.g1867.rules:Game1867",
    "1861": "engine.titles.g1861.rules:Game1861",
    # 18ZOO: one family package, six maps
    **{f"18ZOO - Map {m}": f"engine.titles.g18zoo.rules:Game18ZOOMap{m}" for m in "ABCDEF"},
    "1817": "engine.titles.g1817.rules:Game1817",
    "1817NA": "engine.titles.g1817_na.rules:Game1817NA",
    "1817WO": "engine.titles.g1817_wo.rules:Game1817WO",
    "18DE": "engine.titles.g18de.rules:Game18DE",
    "18 Hiawatha": "engine.titles.g18hiawatha.rules:Game18Hiawatha",
    "1877: Venezuela": "engine.titles.g1877_venezuela.rules:Game1877Venezuela",
    "18USA": "engine.titles.g18usa.rules:Game18USA",
    "1822": "engine.titles.g1822.rules:Game1822",
    "1822Africa": "engine.titles.g1822_africa.rules:Game1822Africa",
    "1822CA": "engine.titles.g1822_ca.rules:Game1822CA",
    "1822CA ERS": "engine.titles.g1822_ca.scenarios:Game1822CAERS",
    "1822CA WRS": "engine.titles.g1822_ca.scenarios:Game1822CAWRS",
    "1822MRS": "engine.titles.g1822_mrs.rules:Game1822MRS",
    "1822MX": "engine.titles.g1822_mx.rules:Game1822MX",
    "1822NRS": "engine.titles.g1822_nrs.rules:Game1822NRS",
    "1822PNW": "engine.titles.g1822_pnw.rules:Game1822PNW",
    "1822PNW SRS": "engine.titles.g1822_pnw.rules:Game1822PNWSRS",
    "1822PNW Short Scenario": "engine.titles.g1822_pnw.rules:Game1822PNWShort",
}

#: Titles on the kernel alone (no 18xx.games counterpart: the title name is ours).
KERNEL_TITLES: dict[str, str] = {
    "Auction HOW": "engine.titles.auction_how.game:AuctionHOW",
    "Irish Gauge": "engine.titles.irish_gauge.game:IrishGaugeGame",
}

#: Every title.
TITLES: dict[str, str] = {**TITLES_18XX, **KERNEL_TITLES}

#: Titles being built: ``load_title`` opens them (replay, trace-diff, their own tests), but they are not listed as
#: supported (New Game, ``python -m engine titles``, the fixture replays) until every real game of theirs is exact.
IN_PROGRESS_TITLES: dict[str, str] = {}

#: The folder of the reference engine's public fixtures holding a title's real games, where it is not the
#: title without its spaces ("Steam Over Holland" -> "SteamOverHolland").
FIXTURE_FOLDERS: dict[str, str] = {
    "18Chesapeake: Off the Rails": "18ChesapeakeOfftheRails",
    "Uncle Lachlan's 18 Christmas Eve": "18ChristmasEve",
    "18JP-T": "18JPT",
    "1846 2p Variant": "18462pVariant",
    "18 Los Angeles 2": "18LosAngeles2",
    "18 Los Angeles": "18LosAngeles1",
    "1852: Missouri": "1852Missouri",
    "1877: Venezuela": "1877Venezuela",
    **{f"18ZOO - Map {m}": f"18ZOOMap{m}" for m in "ABCDEF"},
}


def supported_titles() -> list[str]:
    """Every title, 18xx titles first."""
    return list(TITLES)


def titles_18xx() -> list[str]:
    return list(TITLES_18XX)


def kernel_titles() -> list[str]:
    return list(KERNEL_TITLES)


def fixture_folder(title: str) -> str:
    """The fixture folder name of ``title`` (the reference engine's ``public/fixtures/<folder>``)."""
    return FIXTURE_FOLDERS.get(title, title.replace(" ", ""))


def is_kernel_title(title: str) -> bool:
    """A title on the kernel alone (no map of tiles, market, shares or trains)?"""
    return title in KERNEL_TITLES


def load_title(title: str) -> type[KernelGame]:
    """The game class of ``title``; ``InvalidAction`` for a title we do not support.

    18xx titles give an ``engine.game.Game`` subclass, kernel titles a ``KernelTitleGame`` subclass."""
    target = TITLES.get(title) or IN_PROGRESS_TITLES.get(title)
    if target is None:
        close = difflib.get_close_matches(title, list(TITLES), n=3, cutoff=0.6)
        hint = f"did you mean {' or '.join(map(repr, close))}? " if close else ""
        raise InvalidAction(f"the title {title!r} is not supported ({hint}{len(TITLES)} titles are: "
                            "`python -m engine titles` lists them)")
    module_name, _, cls_name = target.partition(":")
    module = importlib.import_module(module_name)
    cls: type[KernelGame] = getattr(module, cls_name)
    return cls


def title_spec(title: str) -> Any:
    """The title's data (``TitleSpec`` or ``KernelTitleSpec``): title, player_range, optional_rules, mutex_rules."""
    cls: Any = load_title(title)
    return cls.TITLE
