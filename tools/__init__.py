"""The project's tooling: checks that read the whole tree (docs/, tests/, engine/), so they stay
out of the engine, which runs in the browser and knows nothing of the repository around it.

- `tools.coverage`: rule traceability (`python -m tools coverage [--check] [--game ID]`).
"""
