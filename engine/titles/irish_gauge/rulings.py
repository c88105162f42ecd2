"""The rules page of Irish Gauge: the rules as the program plays them, and OUR RULINGS where the rules summary
leaves a question open (each ruling is tested in tests/engine/test_irish_gauge*.py)."""

from __future__ import annotations

from typing import Final

RULES: Final = (
    ("Setup", "Each player starts with £20. One track of each railway stands in its starting city: CBSC in "
              "Cork, WLW in Limerick, BCD in Belfast, GSW and MGW in Dublin. A cube drawn from a bag of 4 white, "
              "4 pink and 4 black goes to each of the eight cities (Galway, Limerick, Cork, Derry, Kilkenny, "
              "Waterford, Belfast, Dublin); the other 4 join the 18 set aside: a supply of 22 cubes."),
    ("Initial auctions", "The lowest share of CBSC, WLW, BCD, GSW and MGW is auctioned in that order. The "
                         "opening bidder may pass; a pass is final; if everybody passes the opening bidder takes "
                         "the share for free. The winner opens the next auction. Then the holder of the CBSC "
                         "share takes the first turn and turns go round the table."),
    ("Auction a share", "Pick a railway and open an auction for its lowest unsold share at its face value or "
                        "more. The others bid in seat order, each raising or passing (a pass is final); the last "
                        "one in pays the bank and takes the share."),
    ("Place track", "Pick a railway you hold a share of: 3 build points (BP). An empty easy, town or city hex "
                    "costs 1, an empty difficult hex 2, an easy, town or city hex with another railway's track "
                    "1.5; a difficult hex another railway holds is closed. Every new track touches the railway's "
                    "network. 19 tracks per railway. Unspent BP are lost. Linking Belfast, Dublin and Galway pays "
                    "£12 once per railway, split between the shares players hold."),
    ("Special interest", "Pick a town with track of a railway you hold a share of and a cube colour still in "
                         "the supply: the cube goes on the town, which becomes a city of that colour."),
    ("Dividends", "Draw 3 cubes from the supply (all that are left if fewer). A railway pays when its network "
                  "has two cities of a drawn colour, or one and a town: £4 per such city and £2 per town, split "
                  "between the shares players hold, each share's part rounded up. Drawn cubes leave the game."),
    ("End", "The game ends after the turn in which the supply empties. Score: cash + the face value of your "
            "shares; tied players share the win."),
)

RULINGS: Final = (
    ("Bids and cash", "A bid may not exceed your cash; you can open an auction only for a share whose face "
                      "value you can pay. A bidder who cannot afford the minimum bid can only pass (each bidder passes "
                      "explicitly, in turn)."),
    ("Raises", "Any raise of at least £1 is allowed."),
    ("Regular auctions", "The player who opens an auction must bid (at least the face value); only the opening "
                         "bidder of an initial auction may pass."),
    ("Initial auction, all pass but one", "When everybody before you passed in an initial auction, you still "
                                          "choose: bid, or pass and leave the share to the opening bidder "
                                          "for free."),
    ("Sold-out railways", "A railway with no unsold share cannot be auctioned."),
    ("Track limit", "A railway with 19 tracks cannot build; no build goes over the limit."),
    ("Crowded hexes", "An easy, town or city hex costs 1.5 BP however many other railways are there; a railway "
                      "never builds twice in one hex."),
    ("Order of building", "Each new track must touch the network as it stands, tracks built earlier in the same "
                          "action included. The action ends when you say so, when no BP is left or when no hex "
                          "can be paid for."),
    ("Link bonus", "£12 divides evenly between 1 to 4 held shares; it is paid the moment the third major city "
                   "joins the network."),
    ("Towns and special interests", "Every town on a network adds £2 when the railway pays. A town with a "
                                    "special interest is a city of its cube's colour: it pays £4 when its "
                                    "colour is drawn and no longer counts as a town."),
    ("Special interest colour", "The player chooses any colour still in the supply (not drawn at random)."),
    ("Last cube", "A dividend call that takes the last cube still pays; then the game ends."),
    ("Ties", "Every tied player wins."),
    ("Seats", "Seats are drawn at random from the game's seed; seat 1 opens the CBSC auction. Seat order "
              "\"As entered\" in the New Game dialog keeps the players as listed (the option seats_as_listed)."),
    ("Shares nobody holds", "Only shares held by players count in a split; a railway nobody holds pays nobody."),
)


def rules_text() -> str:
    """The rules page as plain text (tests read it; the desktop shows the HTML form)."""
    lines = ["Irish Gauge (Tom Russell): the rules as played here", ""]
    for title, text in RULES:
        lines += [f"{title}: {text}", ""]
    lines += ["Our rulings (where the rules leave a question open)", ""]
    for title, text in RULINGS:
        lines += [f"- {title}: {text}"]
    return "\n".join(lines) + "\n"


def rules_html() -> str:
    """The rules page as simple HTML (headings, paragraphs, a list) for the desktop's rules pane."""
    from html import escape

    parts = ["<h2>Irish Gauge</h2><p>Tom Russell; Winsome 2014, Capstone 2019. 3-5 players.</p>"]
    for title, text in RULES:
        parts.append(f"<h3>{escape(title)}</h3><p>{escape(text)}</p>")
    parts.append("<h3>Our rulings</h3><p>Where the rules leave a question open, the program plays it so:</p><ul>")
    parts += [f"<li><b>{escape(title)}</b>: {escape(text)}</li>" for title, text in RULINGS]
    parts.append("</ul>")
    return "".join(parts)
