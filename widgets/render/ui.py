"""Interface words of the widgets, in every site language: the gettext domain `ui`, in
engine/locale/<lang>/LC_MESSAGES/ui.po (compiled to .mo beside it). It sits in the engine's
locale tree, not under widgets/, so translators have one place for every message and the
wheel carries every .mo in one folder. The engine's own messages are in the engine's
catalogs (engine/core/messages.py)."""

from engine.core.messages import N_, Catalog

UI = Catalog("ui", parent=None)

# Keys that the code picks at run time, or from a list of keys, rather than naming them in
# a `UI.text("key", …)` call: listed here so `python -m widgets.i18n extract` finds them.
RUNTIME_KEYS = (
    # widgets/build: the live-engine notices, the coverage table, the translation status page
    N_("loading"),
    N_("ready"),
    N_("failed"),
    N_("crashed"),
    N_("timeout"),
    N_("retry"),
    N_("unsupported"),
    N_("internal"),
    N_("cov-rule"),
    N_("cov-status"),
    N_("cov-code"),
    N_("cov-tests"),
    N_("cov-cases"),
    N_("lang-hu"),
    N_("lang-en"),
    N_("tr-current"),
    N_("tr-missing"),
    N_("tr-outdated"),
    N_("tr-orphaned"),
    # widgets/render/case.py
    N_("case-matches"),
    N_("case-differs"),
)
