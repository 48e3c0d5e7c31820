"""Vor dem Wind's position editor: asking. The moves a tapped zone offers, and the words for an
action's fields. A mixin of VorDemWindEditing (edit.py).
"""

from __future__ import annotations

from engine.vor_dem_wind import money
from engine.vor_dem_wind.components import CARDS, DECKS, GOODS, SHIPS, goods_text, name as word
from engine.vor_dem_wind.position import lenient

from ..ui import UI
from .draft import split
from .table import card_words, ship_words

# -- the moves a zone offers -------------------------------------------------------------------------


def _offer_amounts(purse) -> list:
    have = money.value(purse)
    return sorted({0, 1, have, have + 1})


def _card_moves(state, p, cid) -> list:
    """The moves a card of the player's offers when carried out (legal or not: the engine says)."""
    d = state.to_json()
    seat = d["seats"][p]
    kind = CARDS[cid]["kind"]
    hand = [g for g in GOODS for _ in range(seat["goods"][g])]
    out = []
    if kind == "buy":
        out.append({"type": "buy", "card": cid})
    elif kind == "store":
        c = CARDS[cid]
        out += [{"type": "store", "card": cid, "goods": [g]} for g in GOODS if seat["goods"][g]]
        if len(hand) > 1:
            out.append({"type": "store", "card": cid, "goods": hand[: c["count"] + 1]})
        out.append({"type": "decline", "card": cid})
    elif kind == "load-income":
        out += [{"type": "load", "card": cid, "ships": [s]} for s in d["port"]]
        out.append({"type": "income", "card": cid})
    elif kind == "swap":
        for src in ["hand"] + [i for i in range(d["players"]) if i != p]:
            pile = seat["goods"] if src == "hand" else d["seats"][src]["warehouse"]
            for give in GOODS:
                for take in GOODS:
                    if give != take and seat["warehouse"][give] and pile[take]:
                        out.append({"type": "swap", "card": cid, "steps": [{"give": give, "with": src, "take": take}]})
        out = out[:12]
    elif kind in ("free-buy", "buy-store"):
        want = CARDS[cid]["count"]
        for g in GOODS:
            out.append({"type": kind, "card": cid, "goods": [g] * want})
    elif kind in ("keep-fresh", "market"):
        out.append({"type": kind, "card": cid})
    if kind not in ("buy", "store", "load-income"):
        out.append({"type": "keep", "card": cid})
    return out


def _with_player(actions, p):
    return [{**a, "player": p} for a in actions]


class EditAsking:
    # -- asking --------------------------------------------------------------------------------

    def ask_tap(self, draft, tool, fid):
        """A deck asks at once whether a card may be revealed from it. Another zone is selected, and
        the moves it offers are listed; with a card selected, a ship in port asks "may I load it?"."""
        zone, arg = split(fid)
        if zone == "deck" and arg in DECKS:
            return None, {"type": "reveal", "player": draft.get("turn"), "deck": arg}
        if isinstance(tool, dict) and tool.get("at") == fid:
            return None, None
        card = self._selected_card(draft, tool)
        if zone == "ship" and card:
            return tool, {"type": "load", "player": draft.get("turn"), "card": card, "ships": [arg]}
        return {"at": fid}, None

    @staticmethod
    def _selected_card(draft, tool):
        """The card a selected zone holds: a revealed card, or the card in front of a player."""
        at = tool.get("at") if isinstance(tool, dict) else None
        if not isinstance(at, str):
            return None
        zone, arg = split(at)
        if zone == "card":
            return arg
        seats = lenient(draft)["seats"] if zone == "slot" else []
        if isinstance(arg, int) and arg < len(seats):
            return (seats[arg]["slot"] or {}).get("card")
        return None

    def offers(self, state, tool, lang) -> list:
        """The moves a selected zone offers, legal or not, each asked as the player to move."""
        fid = tool.get("at") if isinstance(tool, dict) else None
        if not isinstance(fid, str):
            return []
        d = state.to_json()
        p = state.current_player
        zone, arg = split(fid)
        me = d["seats"][p]
        out = []
        a = d["auction"]
        if zone == "card" and arg in CARDS:
            out += [{"type": "take", "card": arg}, {"type": "reserve", "card": arg}]
        elif zone == "revealed":
            out += [{"type": "take", "card": c} for c in d["revealed"]]
        elif zone == "slot" and isinstance(arg, int) and arg < d["players"]:
            slot = d["seats"][arg]["slot"] or {}
            card = slot.get("card")
            if card and (arg != p or d["phase"] == "trade"):
                out += [{"type": "offer", "card": card, "amount": n} for n in _offer_amounts(me["purse"])]
                out.append({"type": "reserve", "card": card})
            if card and arg == p:
                out += _card_moves(state, p, card)
        elif zone == "specials" and isinstance(arg, int) and arg < d["players"]:
            for c in d["seats"][arg]["specials"]:
                out += _card_moves(state, p, c)
        elif zone == "ship" and arg in SHIPS:
            card = (me["slot"] or {}).get("card")
            if card:
                out.append({"type": "load", "card": card, "ships": [arg]})
        elif zone in ("hand", "warehouse") and isinstance(arg, int):
            src = "hand" if zone == "hand" else "warehouse"
            if d["phase"] == "setup" and zone == "hand":
                out += [{"type": "start-goods", "goods": [g, h]} for i, g in enumerate(GOODS) for h in GOODS[i:]]
            elif d["phase"] == "spoil" and zone == "warehouse":
                out += state.legal_actions()[:8]
            else:
                out += [{"type": "sell", "from": src, "good": g} for g in GOODS]
        elif zone == "seat" and isinstance(arg, int):
            if a is not None:
                out += [{"type": kind, "offerer": arg} for kind in ("accept", "pay-off")]
            if arg == p:
                out += [{"type": t} for t in ("pass", "end-turn", "end-sale")]
        elif zone == "supply" and d["phase"] == "setup":
            out += [{"type": "start-goods", "goods": [g, h]} for i, g in enumerate(GOODS) for h in GOODS[i:]]
        return [(_said(state, x, lang), x) for x in _with_player(out, p)]

    def action_title(self, kind: str, lang: str) -> str:
        return UI.text("vw-act-" + kind, lang)

    def field_title(self, name: str, lang: str) -> str:
        return UI.text("vw-arg-" + name, lang)

    def field_values(self, state, name, prop, lang):
        d = state.to_json()
        if name == "card":
            cards = list(d["revealed"])
            for s in d["seats"]:
                cards += ([s["slot"]["card"]] if s["slot"] and "card" in s["slot"] else []) + s["specials"]
            return [(c, card_words(c, lang)) for c in cards]
        if name == "deck":
            return [(k, word(k, lang)) for k in DECKS]
        if name == "offerer":
            return [(i, UI.text("seat", lang, n=i + 1)) for i in range(d["players"])]
        if name == "ships":
            return [([s], ship_words(s, lang)) for s in d["port"]]
        if name == "from":
            return [("hand", UI.text("vw-ed-hand", lang)), ("warehouse", UI.text("vw-warehouse", lang))]
        if name == "good":
            return [(g, word(g, lang)) for g in GOODS]
        if name in ("goods", "discard", "save", "rescue"):
            combos = [[]] + [[g] for g in GOODS] + [[g, h] for i, g in enumerate(GOODS) for h in GOODS[i:]]
            return [(c, ", ".join(word(g, lang) for g in c) or UI.text("vw-none", lang)) for c in combos]
        if name == "steps":
            p = state.current_player
            out = []
            for src in ["hand"] + [i for i in range(d["players"]) if i != p]:
                where = UI.text("vw-ed-hand", lang) if src == "hand" else UI.text("seat", lang, n=src + 1)
                for give in GOODS:
                    for take in GOODS:
                        if give != take:
                            out.append(
                                (
                                    [{"give": give, "with": src, "take": take}],
                                    f"{word(give, lang)} → {word(take, lang)} ({where})",
                                )
                            )
            return out
        if "enum" in prop:
            return [(v, str(v)) for v in prop["enum"]]
        return None


def _said(state, action, lang) -> str:
    """An offer in words: the engine's, and for a ship loaded its demand too, so two ships of the same
    points are told apart as the players tell them, by their goods (the ids stay inside)."""
    ships = [SHIPS[s] for s in action.get("ships", ()) if s in SHIPS]
    demand = "; ".join(goods_text(s["demand"], lang) for s in ships)
    return state.describe(action, lang) + (f" ({demand})" if demand else "")
