"""Mare Balticum's widgets: board.py (the hex map and the panel; RENDERER) and edit.py (the position
editor, which asks and draws its forms itself), figures.py (the `mb-figure` pictures of the rules page:
the refill). Its own file: scoring.py, the end-of-game scoring
widget (kind `scoring`), a calculator the other games do not have."""
