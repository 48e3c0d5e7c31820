"""Black Fleet's widgets: board.py (the sea grid with its ships and cargo; RENDERER), pieces.py (the ships and cubes it draws), panel.py (the
player table and the hands), words.py (colours and words shared by board, panel and editor), edit.py
(the position editor, joining draft.py, ask.py and forms.py), figures.py (the `bf-map` picture of the
board at setup). Its own file: pieces.py, split from board.py so that the
board's layout and the drawing of a ship or a cube each stay short."""
