"""Balaton's widgets: board.py (the track round the lake and the panel; RENDERER), edit.py (the
position editor), draft.py (reading a draft and naming its fields), layout.py (where the board's parts
go, wide for the page and tall for the editor on a phone), figures.py (the `ba-figure` pictures of the
rules page: the arrow field). No file of its own."""
