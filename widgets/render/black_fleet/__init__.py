"""Black Fleet's widgets: board.py (the sea grid with its ships and cargo; RENDERER), pieces.py (the ships and cubes it draws), panel.py (the
player table and the hands), words.py (colours and words shared by board, panel and editor), edit.py
(the position editor, joining draft.py, ask.py and forms.py), figures.py (the `bf-map` picture of the
board at setup). No file of its own."""
