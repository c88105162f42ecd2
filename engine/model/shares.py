"""Share certificates, bundles of them, and the bundle generator used by the stock round.

Arithmetic follows the reference exactly: a number of shares is ``percent / share_percent`` as a
float, and a price is ``ceil(price_per_share * number_of_shares)``.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from engine.errors import InvalidAction

if TYPE_CHECKING:
    from engine.model.entities import Corporation, Entity, Player, ShareHolder


class Share:
    """One certificate: ``percent`` of ``corporation``, index 0 being the president's.

    ``owner`` is the holder (a player, the corporation / IPO owner, the market pool, the bank...).
    """

    __slots__ = (
        "buyable",
        "cert_size",
        "corporation",
        "counts_for_limit",
        "double_cert",
        "index",
        "last_cert",
        "owner",
        "percent",
        "preferred",
        "president",
    )

    def __init__(
        self,
        corporation: Corporation,
        owner: ShareHolder | None = None,
        president: bool = False,
        percent: int = 10,
        index: int = 0,
        cert_size: int = 1,
    ) -> None:
        self.corporation = corporation
        self.owner: ShareHolder = owner if owner is not None else corporation
        self.president = president
        self.percent = percent
        self.index = index
        self.cert_size = cert_size
        #: False when the certificate is reserved (e.g. for a trade-in) and cannot be bought.
        self.buyable = True
        #: False when the certificate does not count against the certificate limit.
        self.counts_for_limit = True
        #: preferred shares do not count for the holding limit.
        self.preferred = False
        self.last_cert = False
        self.double_cert = False

    @property
    def id(self) -> str:
        return f"{self.corporation.id}_{self.index}"

    @property
    def player(self) -> Player | None:
        return self.owner.player

    @property
    def num_shares(self) -> int:
        """Number of shares this is worth, rounded up (a 20% certificate is 2)."""
        return math.ceil(self.exact_num_shares)

    @property
    def exact_num_shares(self) -> float:
        """``percent / share_percent`` as a float (the reference's ``num_shares(ceil: false)``)."""
        return self.percent / self.corporation.share_percent

    @property
    def price_per_share(self) -> int:
        """Par price while the IPO owner holds it, else the market price (``min_price`` if none)."""
        corporation = self.corporation
        share_price = corporation.par_price if self.owner is corporation.ipo_owner else corporation.share_price
        # A price of 0 (1846's close cell) is a price: only a missing one falls back to ``min_price``.
        if share_price is not None and share_price.price is not None:
            return share_price.price * corporation.price_multiplier
        return corporation.min_price or 0

    @property
    def price(self) -> int:
        return math.ceil(self.price_per_share * self.exact_num_shares)

    @property
    def common_percent(self) -> int:
        return 0 if self.preferred else self.percent

    def to_bundle(self, percent: int | None = None) -> ShareBundle:
        return ShareBundle([self], percent)

    def transfer(self, new_owner: ShareHolder) -> None:
        """Move this certificate to ``new_owner``, updating the corporation's holder totals."""
        corporation = self.corporation
        old = self.owner
        old.delete_share(self)
        corporation.share_holders[old] = corporation.share_holders.get(old, 0) - self.percent
        self.owner = new_owner
        corporation.share_holders[new_owner] = corporation.share_holders.get(new_owner, 0) + self.percent
        new_owner.shares_by_corporation[corporation].append(self)

    def __repr__(self) -> str:
        return f"<Share: {self.id} {self.percent}%>"


class ShareBundle:
    """One or more certificates of one corporation from one owner, sold or bought together.

    ``percent`` may be less than the certificates' sum: a *partial* bundle, where the president's
    certificate counts only as the part actually changing hands.  ``share_price`` overrides the
    per-share price when set (issue/redeem, actions carrying a price).
    """

    __slots__ = ("percent", "share_price", "shares")

    def __init__(self, shares: Share | Iterable[Share], percent: int | None = None) -> None:
        certificates = [shares] if isinstance(shares, Share) else list(shares)
        if not certificates:
            raise InvalidAction("A share bundle must contain at least one share")
        first = certificates[0]
        if any(s.corporation is not first.corporation for s in certificates):
            raise InvalidAction("All shares must be from the same corporation")
        if any(s.owner is not first.owner for s in certificates):
            raise InvalidAction("All shares must be owned by the same owner")
        self.shares: list[Share] = certificates
        self.percent: int = percent if percent is not None else sum(s.percent for s in certificates)
        self.share_price: int | None = None

    @classmethod
    def checked_already(cls, shares: list[Share], percent: int) -> ShareBundle:
        """A bundle of certificates known to be one corporation's and one owner's (not checked again)."""
        bundle = cls.__new__(cls)
        bundle.shares = shares
        bundle.percent = percent
        bundle.share_price = None
        return bundle

    @property
    def corporation(self) -> Corporation:
        return self.shares[0].corporation

    @property
    def owner(self) -> ShareHolder:
        return self.shares[0].owner

    @property
    def president(self) -> Entity | None:
        """The corporation's current president (owner), not the bundle's."""
        return self.corporation.owner

    @property
    def presidents_share(self) -> Share | None:
        return next((s for s in self.shares if s.president), None)

    @property
    def partial(self) -> bool:
        return self.percent != sum(s.percent for s in self.shares)

    @property
    def preferred(self) -> bool:
        return any(s.preferred for s in self.shares)

    @property
    def buyable(self) -> bool:
        return all(s.buyable for s in self.shares)

    @property
    def common_percent(self) -> int:
        return sum(s.percent for s in self.shares if not s.preferred)

    @property
    def num_shares(self) -> int:
        """Number of shares this is worth, rounded up (a 20% certificate is 2)."""
        return math.ceil(self.exact_num_shares)

    @property
    def exact_num_shares(self) -> float:
        """``percent / share_percent`` as a float (the reference's ``num_shares(ceil: false)``)."""
        return self.percent / self.corporation.share_percent

    @property
    def price_per_share(self) -> int:
        if self.share_price is not None:
            return self.share_price
        return self.shares[0].price_per_share

    @property
    def price(self) -> int:
        return math.ceil(self.price_per_share * self.exact_num_shares)

    def can_dump(self, entity: ShareHolder) -> bool:
        """A bundle with the president's certificate may leave ``entity`` only if someone else
        (player or corporation) holds at least that certificate's percent."""
        presidents_share = self.presidents_share
        if presidents_share is None:
            return True
        holders = self.corporation.player_share_holders(corporate=True)
        others = [p for h, p in holders.items() if h is not entity]
        return (max(others) if others else 0) >= presidents_share.percent

    def to_bundle(self) -> ShareBundle:
        return self

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ShareBundle):
            return NotImplemented
        return (
            len(self.shares) == len(other.shares)
            and all(a is b for a, b in zip(self.shares, other.shares))
            and self.percent == other.percent
            and self.share_price == other.share_price
        )

    def __hash__(self) -> int:
        return hash((tuple(id(s) for s in self.shares), self.percent))

    def __repr__(self) -> str:
        ids = ",".join(s.id for s in self.shares)
        return f"<ShareBundle {ids} {self.percent}%>"


def partial_bundles_for_presidents_share(
    corporation: Corporation, shares: Sequence[Share], percent: int
) -> list[ShareBundle]:
    """Variants of a bundle holding the president's certificate that count it one share less each
    (a 20% certificate gives one variant, a 30% one gives two)."""
    normal = corporation.share_percent
    difference = corporation.presidents_percent - normal
    count = difference // normal
    return [ShareBundle(shares, percent - normal * n) for n in range(1, count + 1)]


def all_bundles_for_corporation(
    share_holder: ShareHolder, corporation: Corporation, shares: Sequence[Share] | None = None
) -> list[ShareBundle]:
    """Every bundle ``share_holder`` could part with: all prefixes of its certificates sorted
    ordinary first, then by percent (stable), plus the partial president variants; sorted by
    percent.  Empty unless the corporation is ipoed."""
    if not corporation.ipoed:
        return []
    own = shares is None  # the holder's own certificates of the corporation: no need to check each bundle
    if shares is None:
        shares = share_holder.shares_of(corporation)
    if not shares:
        return []
    ordered = sorted(shares, key=lambda s: (1 if s.president else 0, s.percent))
    bundles: list[ShareBundle] = []
    prefix: list[Share] = []
    percent = 0
    for share in ordered:
        prefix.append(share)
        percent += share.percent
        bundles.append(ShareBundle.checked_already(list(prefix), percent) if own else ShareBundle(list(prefix), percent))
    if ordered[-1].president:
        bundles.extend(partial_bundles_for_presidents_share(corporation, prefix, percent))
    return sorted(bundles, key=lambda b: b.percent)


def bundles_for_corporation(
    share_holder: ShareHolder, corporation: Corporation, shares: Sequence[Share] | None = None
) -> list[ShareBundle]:
    """The reference's ``Game::Base#bundles_for_corporation`` (titles may filter it further)."""
    return all_bundles_for_corporation(share_holder, corporation, shares)
