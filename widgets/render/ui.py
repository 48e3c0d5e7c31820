"""Interface words of the widgets, in every site language (the engine's own messages
live in the engine's catalogs)."""

from engine.core import Catalog

UI = Catalog({
    "loading": {"hu": "Az élő motor töltődik (Pyodide)…", "en": "Loading the live engine (Pyodide)…"},
    "ready": {"hu": "Élő: a böngészőben futó motor válaszol.", "en": "Live: the engine running in your browser answers."},
    "failed": {
        "hu": "Az élő motor nem tudott elindulni ({detail}). A fenti eredmény az előre kiszámolt, statikus válasz.",
        "en": "The live engine could not start ({detail}). The result above is the pre-computed static answer.",
    },
    "error": {"hu": "Hiba", "en": "Error"},
    "kind": {"hu": "Zseton", "en": "Token"},
    "count": {"hu": "Darab", "en": "Count"},
    "value": {"hu": "Érték", "en": "Value"},
    "points": {"hu": "Pont", "en": "Points"},
    "rule": {"hu": "Szabály", "en": "Rule"},
    "total": {"hu": "Összesen", "en": "Total"},
    "companies": {"hu": "Vállalat zsetonok (piac)", "en": "Company tokens (market)"},
    "warehouse": {"hu": "Raktár", "en": "Warehouse"},
    "contract": {"hu": "Szerződés (egy készlet)", "en": "Contract (one set)"},
    "contract-sets": {"hu": "Szerződés: {sets} teljes készlet", "en": "Contract: {sets} full set(s)"},
    "static-note": {"hu": "Statikus eredmény", "en": "Static result"},
}, parent=None)
