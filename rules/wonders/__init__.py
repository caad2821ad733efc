"""7 Wonders (first edition, 3 to 7 players) with the Armada expansion as an option: the engine
(``game.WondersGame``) and its data."""

from rules.wonders.game import WondersGame

GAME = WondersGame()
