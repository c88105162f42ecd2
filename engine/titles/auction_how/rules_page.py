"""The Auction HOW rules page (simple HTML for the desktop's rules panel): the rules as we play them, the
rulings where the seed leaves a question open, and the variants left out."""

from __future__ import annotations

RULES_HTML = """
<h2>Auction HOW</h2>
<p>Charles Bahl's open auction for handing out the empires of Avalon Hill's <i>History of the World</i> at the
start of each epoch. Tracklayer runs the auctions and keeps the victory points; the epochs themselves are played
on the board.</p>

<h3>Each epoch</h3>
<ol>
<li><b>Order roll (3.1).</b> Every player rolls two dice. Players tied for the lowest total roll again
(only they) until one is lowest. The low roller bids first; play passes to the left (the next seat).
In epoch I the low roller also plays Sumeria, free, besides the empire they win.</li>
<li><b>The bid board (3.1).</b> The epoch's empires, the first four on the top row, the rest below.</li>
<li><b>A turn (3.2).</b> Make one bid, or pass.</li>
<li><b>Bids (3.3-3.5).</b> A bid is on any one empire, at least one more than its current high bid; zero is
the least bid on an empire nobody has bid on. You may bid again on an empire you bid on before.</li>
<li><b>Control (3.6-3.8).</b> The high bidder of an empire controls it. Nobody ever controls two empires. If you
control nothing at the start of your turn you must bid (and so take control of an empire); if you control one
you must pass.</li>
<li><b>End (3.9).</b> The auction ends when every player in turn passes with no bid in between. Each player
takes the empire they control and pays the bid in victory points (4.1); totals may go negative (4.2).</li>
</ol>
<p>The last player left always gets an empire for free: bid with that in mind.</p>

<h3>Options</h3>
<ul>
<li><b>The Fates:</b> only as many empires as there are players are dealt, at random, to the bid board.</li>
<li><b>Back to the Minors:</b> the epoch's minor empire is placed at random with one major empire; a bid is for
both.</li>
<li><b>Blood, Sweat and 5000 Years:</b> before the game each epoch's empires are shuffled and dealt into seven
stacks of one empire per epoch; the stack without an epoch I empire (epoch I has six) is out. The six stacks
are auctioned once, with the rules above; each player plays their stack's empires all game.</li>
<li><b>Time limit per bid (3.10):</b> 30, 60 or 120 seconds.</li>
<li><b>Keep score:</b> after each epoch's auction each player records the victory points they scored on the
board in that epoch.</li>
</ul>

<h3>Our rulings (where the rules leave a question open)</h3>
<ul>
<li>The order roll uses two six-sided dice; only the players tied for lowest roll again.</li>
<li>"Passes to the left" means to the next seat in the order the players were seated.</li>
<li>When a bid's time runs out, a player who controls an empire passes; a player who controls none makes the
least possible bid: zero on the first empire on the board that nobody has bid on (there always is one, since
fewer players than empires hold a bid). The move is recorded like any other.</li>
<li>Bids have no upper limit: victory points may go negative (4.2).</li>
<li>In "Back to the Minors" the minor goes with the winner of its major at the major's price.</li>
<li>"Blood, Sweat and 5000 Years" has one order roll; its low roller also plays Sumeria. It cannot be combined
with The Fates or Back to the Minors (both deal per epoch).</li>
<li>The result is each player's victory points: minus the bids paid, plus the scores recorded with "Keep score".
Without "Keep score" it only shows what the empires cost.</li>
<li>Epoch VI's Incas and Aztecs share one card: one item on the bid board (strength 2 + 2).</li>
</ul>

<h3>Left out</h3>
<ul>
<li><b>The Pit</b> and <b>Extreme Free-For-All</b>: these variants have no auction at all: players trade cards
freely and simultaneously, with no turns, until a time limit. Tracklayer plays turn-based auctions and records
every move; open simultaneous haggling between players is not something it can referee, so these two are not
offered.</li>
</ul>
<p>Empire strengths for epochs I-V agree in two sources; VI-VII come from one source.</p>
"""
