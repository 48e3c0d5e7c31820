"""Every engine and widget message exists in every site language, with the same placeholders."""

import importlib
import pkgutil

import pytest

import engine
from engine.core.messages import CORE, LANGS, placeholders
from widgets.render.ui import UI


def catalogs():
    yield "core", CORE
    yield "widgets", UI
    for info in pkgutil.iter_modules(engine.__path__):
        if info.ispkg and info.name != "core":
            try:
                module = importlib.import_module(f"engine.{info.name}.messages")
            except ModuleNotFoundError:
                continue
            yield info.name, module.CATALOG


@pytest.mark.parametrize("name,catalog", list(catalogs()), ids=lambda x: x if isinstance(x, str) else "")
def test_every_message_in_every_language(name, catalog):
    for code, texts in catalog.entries.items():
        missing = [lang for lang in LANGS if not texts.get(lang, "").strip()]
        assert not missing, f"{name}: message {code!r} is missing in {missing}"
        shapes = {lang: placeholders(texts[lang]) for lang in LANGS}
        assert len({frozenset(s) for s in shapes.values()}) == 1, f"{name}: {code!r} placeholders differ: {shapes}"


def test_localized_parameters():
    assert CORE.text("field-missing", "hu", field="x") == "„x”: hiányzó mező."
    assert CORE.both("not-your-turn", player=1, current=2)["en"] == "It is not player 1's turn but player 2's."
