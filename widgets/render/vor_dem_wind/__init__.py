"""Vor dem Wind's widgets: board.py (the public table; RENDERER), cards.py (the drawing parts: a card, a ship, goods), panel.py (the players and a seat's own hand), edit.py (the position
editor, joining draft.py, ask.py and forms.py), figures.py (the `vw-figure` pictures of the rules page:
the decks and the round). Its own file: table.py, the editor's board, since this
game's editor sets up a table of cards with every hand open rather than the drawn board: each zone is a
button that a tap names."""
