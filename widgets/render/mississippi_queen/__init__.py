"""The game's widgets (see widgets/render/__init__.py for the shared file names)."""
