"""The kinds of computer player and the bound of a shark's budget, written once.

A leaf: the command line (``cli_types``), a save file's parser (``notation.syntax``) and the
bots themselves (``bots.BOTS``, ``bots.shark.MAX_BUDGET``) all read these, and none of the
first two need import the bots to do so.
"""

from __future__ import annotations

#: Every kind ``bots.make_bot`` builds, as ``--bot-kind`` and a save file's ``bots:`` line
#: name them.
BOT_KINDS = ("dealer", "random", "shark")

#: A shark's playouts per decision: 20,000 take about a minute a decision, more is a slip of
#: the finger (the command line, a save file's ``bot-budget:`` line and the bot all check it).
MAX_BOT_BUDGET = 20_000
