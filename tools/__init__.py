"""The project's tooling: checks that read the whole tree (docs/, tests/, engine/), so they stay
out of the engine, which runs in the browser and knows nothing of the repository around it.

- `tools.coverage`: rule coverage from the last test run's recording (`python -m tools coverage
  [--check] [--game ID]`), and each game's shipped rule index (`python -m tools rules-index`).
"""
