"""Mississippi Queen's widgets: board.py (the river and the steamers; RENDERER), layout.py (the hex
geometry and the fields' names), words.py (a move in words, the sandbox's grouped moves), edit.py (the
position editor, joining draft.py and ask.py), figures.py (the `mq-figure` pictures of the rules
page). No file of its own."""
