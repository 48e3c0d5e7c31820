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
    N_("loading"), N_("ready"), N_("failed"), N_("crashed"), N_("timeout"), N_("retry"), N_("restored"),
    N_("cov-rule"), N_("cov-status"), N_("cov-code"), N_("cov-tests"), N_("cov-cases"),
    N_("lang-hu"), N_("lang-en"),
    N_("tr-current"), N_("tr-missing"), N_("tr-outdated"), N_("tr-orphaned"),
    # widgets/render/case.py
    N_("case-matches"), N_("case-differs"),
    # widgets/render/scoring.py: table heads
    N_("kind"), N_("count"), N_("value"), N_("points"), N_("rule"),
    # widgets/render/mare_balticum.py: table heads
    N_("mb-player"), N_("mb-supply"), N_("mb-hold"), N_("mb-warehouse"), N_("mb-market"),
    # widgets/render/black_fleet.py: table heads, fate effects, card symbols
    N_("bf-player"), N_("bf-coins"), N_("bf-merchant"), N_("bf-pirate"), N_("bf-developments"), N_("bf-victory"),
    N_("bf-hand"),
    N_("bf-fate-extra-move"), N_("bf-fate-extra-action"), N_("bf-fate-second-warship"), N_("bf-fate-haven"),
    N_("bf-symbol-draw1"), N_("bf-symbol-draw2"), N_("bf-symbol-discard1"),
    # widgets/render/vor_dem_wind.py: table heads, phases
    N_("vw-player"), N_("vw-vp-long"), N_("vw-hand"), N_("vw-warehouse"), N_("vw-special-col"), N_("vw-round-col"),
    N_("vw-phase-setup"), N_("vw-phase-reveal"), N_("vw-phase-trade"), N_("vw-phase-execute"),
    N_("vw-phase-spoil"), N_("vw-phase-over"),
    # widgets/render/balaton.py: table heads
    N_("ba-player"), N_("ba-money"), N_("ba-where"), N_("ba-ports"), N_("ba-ships"), N_("ba-cards"),
    # widgets/render/mississippi_queen.py: table heads, station roofs
    N_("mq-player"), N_("mq-speed"), N_("mq-coal"), N_("mq-heading"), N_("mq-passengers"), N_("mq-status"),
    N_("mq-roof-red"), N_("mq-roof-brown"),
    # widgets/render/mare_balticum_edit.py: phases, actions and their fields, counters
    N_("mb-phase-setup"), N_("mb-phase-actions"), N_("mb-phase-company"), N_("mb-phase-over"),
    N_("mb-act-start"), N_("mb-act-sail"), N_("mb-act-fish"), N_("mb-act-unload"), N_("mb-act-discard"),
    N_("mb-act-contract"), N_("mb-act-end-turn"), N_("mb-act-company"), N_("mb-act-tax"),
    N_("mb-arg-player"), N_("mb-arg-port"), N_("mb-arg-from"), N_("mb-arg-to"), N_("mb-arg-field"), N_("mb-arg-kind"),
    N_("mb-arg-fish"), N_("mb-arg-demand"), N_("mb-arg-card"), N_("mb-arg-value"), N_("mb-arg-species"), N_("mb-arg-pay"),
    N_("mb-ed-actions-taken"), N_("mb-ed-round"), N_("mb-ed-time-track"),
)
