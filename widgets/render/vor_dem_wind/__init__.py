"""Vor dem Wind's widgets: board.py (the public table and the hands; RENDERER), edit.py (the position
editor, joining draft.py, ask.py and forms.py). Its own file: table.py, the editor's board, since this
game's editor sets up a table of cards with every hand open rather than the drawn board: each zone is a
button that a tap names."""
