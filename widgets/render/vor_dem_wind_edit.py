"""Vor dem Wind in the position editor (widgets/render/editor.py): the table's zones, what a tap
means, the counters, and the moves a tapped zone offers.

The "board" is the table: the three decks, the goods supply, the bank, the ships in port, the
revealed action cards, and for each player a hand of goods, a purse, a warehouse, the card or
money in front of them, special cards and loaded ships. Field ids: "deck:buy", "supply", "bank",
"port", "ship:N05", "revealed", "card:B12", and "<zone>:<seat>" (hand, purse, warehouse, slot,
specials, ships, seat).

Setting up is editing the position's JSON as the engine writes it, keeping the totals the editor
can: a good comes out of the supply, a gulden card out of the bank, a ship out of its pile, an
action card out of its deck, and each goes back when removed. Whether the result is a possible
position is the engine's to say.
"""

from __future__ import annotations

from engine.core.messages import N_

from engine.vor_dem_wind import money
from engine.vor_dem_wind.components import CARDS, DECKS, GOODS, PORT, SHIP_SIZES, SHIPS, card_name, good_mark
from engine.vor_dem_wind.components import name as word

from .editor import Editing, button, choice, number, options_row, players_choice
from .html import esc
from .ui import UI
from .vor_dem_wind import DECK_FILL, GOODS_FILL, PLAYER_COLOURS, SHIP_FILL, card_words, ship_words, table_html

CARD_KINDS = ("buy", "store", "load-income", "free-buy", "keep-fresh", "buy-store", "swap", "market", "reserved")
SEAT_ZONES = ("seat", "hand", "purse", "warehouse", "slot", "specials", "ships")
PHASES = ("setup", "reveal", "trade", "execute", "spoil", "over")
# the part of a seat an engine message's path names -> the zone that shows it
SEAT_PART_ZONE = {"goods": "hand", "purse": "purse", "warehouse": "warehouse", "fresh": "warehouse", "slot": "slot",
                  "specials": "specials", "new_specials": "specials", "ships": "ships", "reserved_used": "seat"}


def _obj(x) -> dict:
    return x if isinstance(x, dict) else {}


def _arr(x) -> list:
    return x if isinstance(x, list) else []


def seats(draft) -> int:
    return len(_arr(draft.get("seats")))


def split(fid):
    """"hand:1" -> ("hand", 1); "ship:N05" -> ("ship", "N05"); "port" -> ("port", None)."""
    zone, _, rest = fid.partition(":")
    return zone, (int(rest) if rest.isdigit() else (rest or None))


def field_name(fid: str, lang: str) -> str:
    zone, arg = split(fid)
    if zone == "deck" and arg in DECKS:
        return UI.text("vw-ed-deck", lang, deck=word(arg, lang))
    if zone == "ship" and arg in SHIPS:
        return ship_words(arg, lang)
    if zone == "card" and arg in CARDS:
        return card_words(arg, lang)
    if zone in SEAT_ZONES and isinstance(arg, int):
        who = UI.text("seat", lang, n=arg + 1)
        return who if zone == "seat" else f'{who}: {UI.text(ZONE_KEYS[zone], lang)}'
    if zone in ZONE_KEYS:
        return UI.text(ZONE_KEYS[zone], lang)
    return fid


ZONE_KEYS = {"hand": "vw-ed-hand", "purse": "vw-ed-purse", "warehouse": "vw-warehouse", "slot": "vw-ed-slot",
             "specials": "vw-hand-specials", "ships": "vw-ed-ships", "supply": "vw-ed-supply", "bank": "vw-bank",
             "port": "vw-ed-port", "revealed": "vw-ed-revealed-short"}


# -- moving cards, ships, goods and gulden while keeping their totals --------------------------------

def _take_card(d, kind):
    """A card of this kind out of its deck (the draw pile first, then the discards), or None."""
    deck = next((CARDS[c]["deck"] for c in CARDS if CARDS[c]["kind"] == kind), None)
    piles = _obj(_obj(d.get("decks")).get(deck))
    for part in ("draw", "discard"):
        pile = _arr(piles.get(part))
        for i, c in enumerate(pile):
            if CARDS.get(c, {}).get("kind") == kind:
                return pile.pop(i)
    return None


def _card_home(d, cid):
    if cid in CARDS:
        d["decks"][CARDS[cid]["deck"]]["discard"].append(cid)


def _take_ship(d, size):
    for pile in (_arr(_obj(d.get("ship_decks")).get(size)), _arr(d.get("ship_discard"))):
        for i, s in enumerate(pile):
            if SHIPS.get(s, {}).get("size") == size:
                return pile.pop(i)
    return None


def _ship_home(d, sid):
    if sid in SHIPS:
        d["ship_decks"][SHIPS[sid]["size"]].append(sid)


def _card_places(d):
    """Every list (or slot) that may hold an action card: (container, key)."""
    for deck in DECKS:
        for part in ("draw", "discard"):
            yield d["decks"][deck][part]
    yield d["revealed"]
    for s in d["seats"]:
        yield s["specials"]
        yield s["fresh"]


def _ship_places(d):
    yield from (d["ship_decks"][z] for z in SHIP_SIZES)
    yield d["ship_discard"]
    yield d["port"]
    for s in d["seats"]:
        yield s["ships"]


def _pull_card(d, cid):
    """Takes an action card from wherever it lies (the first place found)."""
    for s in d["seats"]:
        slot = s.get("slot")
        if isinstance(slot, dict) and slot.get("card") == cid:
            s["slot"] = None
            if cid in s.get("new_specials", []):
                s["new_specials"].remove(cid)
            return True
    for pile in _card_places(d):
        if cid in pile:
            pile.remove(cid)
            for s in d["seats"]:
                if cid in s.get("new_specials", []) and cid not in s["specials"]:
                    s["new_specials"].remove(cid)
            return True
    return False


def _pull_ship(d, sid):
    for pile in _ship_places(d):
        if sid in pile:
            pile.remove(sid)
            return True
    return False


def _swap_value(d, places, path, old, new, home):
    """`new` was just set at `path`: it leaves the place it lay in, and `old` takes that place when
    it is of the same pile (a card's deck, a ship's size), else goes back to its own pile (`home`)."""
    target = d
    for key in path[:-1]:
        target = target[key]
    same = (CARDS.get(old, {}).get("deck") == CARDS.get(new, {}).get("deck") if old in CARDS
            else SHIPS.get(old, {}).get("size") == SHIPS.get(new, {}).get("size"))
    for pile in places:
        for i, x in enumerate(pile):
            if x == new and not (pile is target and i == path[-1]):
                if same:
                    pile[i] = old
                else:
                    pile.pop(i)
                    home(d, old)
                return


def _clear_slot(d, seat):
    """A slot emptied: its card back to its deck's discards, its money back to the player's purse."""
    s = d["seats"][seat]
    slot = s.get("slot")
    if isinstance(slot, dict):
        if slot.get("card") in CARDS:
            _card_home(d, slot["card"])
        if isinstance(slot.get("money"), dict):
            money.add(s["purse"], slot["money"])
    s["slot"] = None


def _tidy(d):
    """What belongs to a phase, kept in step with the phase and turn chosen (VW-4.1 … VW-4.4)."""
    phase = d.get("phase")
    n = len(d["seats"])
    if phase != "trade":
        d["auction"] = None
    if phase != "spoil":
        d["spoil_queue"] = []
    elif not d["spoil_queue"]:
        d["spoil_queue"] = [(d["start"] + k) % n for k in range(n)]
        d["turn"] = d["spoil_queue"][0]
    if phase not in ("reveal", "trade"):
        for c in list(d["revealed"]):
            _card_home(d, c)
        d["revealed"] = []
    for i, s in enumerate(d["seats"]):
        if phase not in ("trade", "execute"):
            _clear_slot(d, i)
            s["reserved_used"] = False
        if phase != "execute":
            s["new_specials"] = []
        elif isinstance(s.get("slot"), dict) and s["slot"].get("face") == "up":
            s["slot"]["face"] = "down"  # trading is over (VW-4.2)
        if phase == "execute" and isinstance(s.get("slot"), dict) and "money" in s["slot"]:
            _clear_slot(d, i)  # the money won went into the hand
    if phase == "execute":
        ex = d.get("exec") if isinstance(d.get("exec"), dict) else {"hand_plays": 0, "sale": None}
        turn = d["turn"] if isinstance(d["turn"], int) and 0 <= d["turn"] < n else 0
        slot = d["seats"][turn].get("slot")
        ex["card_done"] = not (isinstance(slot, dict) and "card" in slot)
        d["exec"] = ex
    else:
        if isinstance(d.get("exec"), dict) and d["exec"].get("sale") in CARDS:
            _card_home(d, d["exec"]["sale"])
        d["exec"] = None
    if phase in ("reveal", "setup"):
        d["turn"] = d["start"] if phase == "reveal" else d["turn"]


def path_value(data, path):
    for key in path:
        data = data[key]
    return data


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
            out.append({"type": "store", "card": cid, "goods": hand[:c["count"] + 1]})
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


class VorDemWindEditing(Editing):

    def field_name(self, fid, lang):
        """For a problem's place: the editor names the player from the problem's path already, so a
        player's zone is named without them (the inspector's heading names both)."""
        zone, arg = split(fid)
        if zone in SEAT_ZONES and zone != "seat" and isinstance(arg, int):
            return UI.text(ZONE_KEYS[zone], lang)
        return field_name(fid, lang)

    def fields_of(self, error_field, draft):
        """The zone an engine message's path names: state.seats[1].warehouse -> "warehouse:1"."""
        parts = [p for p in error_field.replace("]", "").replace("[", ".").split(".") if p][1:]
        if not parts:
            return set()
        head = parts[0]
        if head == "seats" and len(parts) > 1 and parts[1].isdigit():
            part = parts[2] if len(parts) > 2 else "seat"
            return {f"{SEAT_PART_ZONE.get(part, 'seat')}:{parts[1]}"}
        if head == "decks" and len(parts) > 1 and parts[1] in DECKS:
            return {"deck:" + parts[1]}
        if head in ("supply", "bank", "port", "revealed"):
            if len(parts) > 1 and parts[1].isdigit():
                items = _arr(draft.get(head))
                i = int(parts[1])
                if i < len(items) and isinstance(items[i], str):
                    return {("ship:" if head == "port" else "card:") + items[i]}
            return {head}
        if head in ("ship_decks", "ship_discard"):
            return {"port"}
        if head in ("turn", "start") and draft.get(head) in range(seats(draft)):
            return {f"seat:{draft[head]}"}
        return set()

    def board(self, draft, lang, *, lit, marks, tappable):
        return table_html(draft, lang, marks={**marks, **{f: "problem" for f in lit}}, tappable=tappable)

    def marks(self, draft, tool, asked) -> dict:
        out = {}
        if isinstance(tool, dict) and isinstance(tool.get("at"), str):
            out[tool["at"]] = "selected"
        if isinstance(asked, dict):
            if asked.get("card") in CARDS:
                for fid in self._card_fields(draft, asked["card"]):
                    out.setdefault(fid, "target")
            for s in _arr(asked.get("ships")):
                out.setdefault(f"ship:{s}", "target")
            if asked.get("deck") in DECKS:
                out.setdefault("deck:" + asked["deck"], "target")
        return out

    @staticmethod
    def _card_fields(draft, cid):
        if cid in _arr(draft.get("revealed")):
            return ["card:" + cid]
        out = []
        for i, s in enumerate(_arr(draft.get("seats"))):
            s = _obj(s)
            if _obj(s.get("slot")).get("card") == cid:
                out.append(f"slot:{i}")
            if cid in _arr(s.get("specials")):
                out.append(f"specials:{i}")
        return out

    # -- setting up ----------------------------------------------------------------------------

    def palette(self, draft, tool, lang) -> str:
        items = []

        def add(t, label, swatch=""):
            items.append(button(swatch + esc(label), {"op": "tool", "tool": t}, pressed=tool == t))

        for g in GOODS:
            add({"good": g}, word(g, lang), f'<span aria-hidden="true" style="background:{GOODS_FILL[g]};color:#212121;'
                                             f'border:1px solid #424242;border-radius:3px;padding:0 3px;font-weight:700">'
                                             f'{esc(good_mark(g, lang))}</span>')
        for k in money.KEYS:
            add({"coin": k}, UI.text("vw-ed-coin", lang, n=k))
        for size in ("large", "small"):
            add({"ship": size}, word(size, lang),
                f'<span class="kikoto-swatch" style="background:{SHIP_FILL[size]};border:1px solid #455a64"></span>')
        for kind in CARD_KINDS:
            deck = next(CARDS[c]["deck"] for c in CARDS if CARDS[c]["kind"] == kind)
            add({"card": kind}, word(kind, lang),
                f'<span class="kikoto-swatch" style="background:{DECK_FILL[deck]};border:1px solid #616161"></span>')
        add({"erase": True}, UI.text("ed-erase", lang), "✕ ")
        return (f'<div class="kikoto-ed-palette" role="group" aria-label="{esc(UI.text("ed-palette", lang))}">'
                + "".join(items) + "</div>")

    def edit_tap(self, draft, tool, fid):
        zone, arg = split(fid)
        t = tool if isinstance(tool, dict) else {}
        seat = draft["seats"][arg] if zone in SEAT_ZONES and isinstance(arg, int) and arg < seats(draft) else None
        if "move" in t:
            return self._move(draft, t, zone, arg, seat)
        if t.get("good") in GOODS and seat is not None and zone in ("hand", "warehouse"):
            g = t["good"]
            seat["goods" if zone == "hand" else "warehouse"][g] += 1
            if draft["supply"][g] > 0:
                draft["supply"][g] -= 1
            return draft, tool
        if t.get("coin") in money.KEYS and seat is not None and zone in ("purse", "slot"):
            k = t["coin"]
            if zone == "purse":
                seat["purse"][k] += 1
            else:
                if not (isinstance(seat.get("slot"), dict) and "money" in seat["slot"]):
                    _clear_slot(draft, arg)
                    seat["slot"] = {"money": money.empty()}
                seat["slot"]["money"][k] += 1
            if draft["bank"][k] > 0:
                draft["bank"][k] -= 1
            return draft, tool
        if t.get("ship") in SHIP_SIZES and (zone in ("port", "ship") or (seat is not None and zone == "ships")):
            sid = _take_ship(draft, t["ship"])
            if sid:
                (seat["ships"] if zone == "ships" else draft["port"]).append(sid)
            return draft, tool
        if t.get("card") in CARD_KINDS and (zone in ("revealed", "card") or (seat is not None and zone in ("slot", "specials"))):
            cid = _take_card(draft, t["card"])
            if cid:
                self._place_card(draft, cid, zone, arg)
            return draft, tool
        if t.get("erase"):
            self._erase(draft, zone, arg, seat)
            return draft, tool
        # no tool: the zone is selected, and the inspector below shows what is in it
        return draft, (None if t.get("at") == fid else {"at": fid})

    def _place_card(self, draft, cid, zone, arg):
        if zone in ("revealed", "card"):
            draft["revealed"].append(cid)
        elif zone == "slot":
            _clear_slot(draft, arg)
            face = "down" if draft.get("phase") == "execute" else "up"
            draft["seats"][arg]["slot"] = {"card": cid, "face": face}
        elif zone == "specials":
            draft["seats"][arg]["specials"].append(cid)
        elif zone == "deck":
            _card_home(draft, cid)

    def _move(self, draft, t, zone, arg, seat):
        """The second tap of a move: the card or ship picked in the inspector goes to this zone."""
        what, item = t["move"], t.get("id")
        if what == "card" and (zone in ("revealed", "card", "deck") or (seat is not None and zone in ("slot", "specials"))):
            if _pull_card(draft, item):
                self._place_card(draft, item, zone, arg)
            return draft, None
        if what == "ship" and (zone in ("port", "ship") or (seat is not None and zone == "ships")):
            if _pull_ship(draft, item):
                (seat["ships"] if zone == "ships" else draft["port"]).append(item)
            return draft, None
        return draft, t

    def _erase(self, draft, zone, arg, seat):
        if zone in ("hand", "warehouse") and seat is not None:
            pile = seat["goods" if zone == "hand" else "warehouse"]
            g = next((g for g in reversed(GOODS) if pile[g] > 0), None)
            if g:
                pile[g] -= 1
                draft["supply"][g] += 1
        elif zone == "purse" and seat is not None:
            k = next((k for k in money.KEYS if seat["purse"][k] > 0), None)
            if k:
                seat["purse"][k] -= 1
                draft["bank"][k] += 1
        elif zone == "slot" and seat is not None:
            slot = seat.get("slot")
            if isinstance(slot, dict) and isinstance(slot.get("money"), dict):
                money.add(draft["bank"], slot["money"])
                seat["slot"] = None
            else:
                _clear_slot(draft, arg)
        elif zone == "specials" and seat is not None and seat["specials"]:
            cid = seat["specials"][-1]
            _pull_card(draft, cid)
            _card_home(draft, cid)
        elif zone == "ships" and seat is not None and seat["ships"]:
            _ship_home(draft, seat["ships"].pop())
        elif zone == "port" and draft["port"]:
            _ship_home(draft, draft["port"].pop())
        elif zone == "ship" and _pull_ship(draft, arg):
            _ship_home(draft, arg)
        elif zone == "revealed" and draft["revealed"]:
            _card_home(draft, draft["revealed"].pop())
        elif zone == "card" and _pull_card(draft, arg):
            _card_home(draft, arg)

    def command(self, draft, tool, cmd):
        """The inspector's buttons: remove a card or a ship, or pick one up to move it."""
        do = cmd.get("do")
        if do == "move":
            return draft, {"move": cmd["what"], "id": cmd["id"], "at": cmd["field"]}
        if do == "remove-card" and _pull_card(draft, cmd["id"]):
            _card_home(draft, cmd["id"])
        elif do == "remove-ship" and _pull_ship(draft, cmd["id"]):
            _ship_home(draft, cmd["id"])
        elif do == "clear-slot":
            self._erase(draft, "slot", cmd["seat"], draft["seats"][cmd["seat"]])
        return draft, tool

    # -- the inspector ---------------------------------------------------------------------------

    def _card_row(self, draft, path, cid, fid, lang, invalid, tool):
        """One card: change it to another of its deck (still in the deck), move it, remove it."""
        if cid not in CARDS:
            return f"<li>{esc(str(cid))}</li>"
        deck = CARDS[cid]["deck"]
        options, seen = [(cid, card_name(cid, lang))], {card_name(cid, lang)}
        for part in ("draw", "discard"):
            for c in _arr(_obj(_obj(draft.get("decks")).get(deck)).get(part)):
                name = card_name(c, lang) if c in CARDS else c
                if name not in seen:
                    seen.add(name)
                    options.append((c, name))
        moving = isinstance(tool, dict) and tool.get("id") == cid
        return ("<li>" + choice(path, cid, f"{cid}:", options, invalid)
                + button(esc(UI.text("ed-move", lang)), {"op": "game", "do": "move", "what": "card", "id": cid, "field": fid},
                         pressed=moving)
                + button("✕", {"op": "game", "do": "remove-card", "id": cid}, title=UI.text("ed-remove", lang)) + "</li>")

    def _ship_row(self, draft, path, sid, fid, lang, invalid, tool):
        if sid not in SHIPS:
            return f"<li>{esc(str(sid))}</li>"
        size = SHIPS[sid]["size"]
        options, seen = [(sid, self._ship_option(sid, lang))], {self._ship_option(sid, lang)}
        for s in _arr(_obj(draft.get("ship_decks")).get(size)) + _arr(draft.get("ship_discard")):
            if SHIPS.get(s, {}).get("size") == size and self._ship_option(s, lang) not in seen:
                seen.add(self._ship_option(s, lang))
                options.append((s, self._ship_option(s, lang)))
        moving = isinstance(tool, dict) and tool.get("id") == sid
        return ("<li>" + choice(path, sid, f"{sid}:", options, invalid)
                + button(esc(UI.text("ed-move", lang)), {"op": "game", "do": "move", "what": "ship", "id": sid, "field": fid},
                         pressed=moving)
                + button("✕", {"op": "game", "do": "remove-ship", "id": sid}, title=UI.text("ed-remove", lang)) + "</li>")

    @staticmethod
    def _ship_option(sid, lang):
        s = SHIPS[sid]
        demand = ", ".join(f"{s['demand'][g]} {word(g, lang)}" for g in GOODS if s["demand"][g])
        return f"{s['vp']} {UI.text('vw-vp', lang)}: {demand}"

    def inspector(self, draft, tool, lang, invalid) -> str:
        fid = tool.get("at") if isinstance(tool, dict) else None
        if not isinstance(fid, str):
            return ""
        try:
            body = self._inspect(draft, tool, fid, lang, invalid)
        except (KeyError, TypeError, ValueError, AttributeError, IndexError):
            body = ""  # a malformed draft: the engine's message says what is wrong
        hint = (f'<p class="kikoto-ed-hint">{esc(UI.text("vw-ed-move-hint", lang))}</p>'
                if "move" in tool else "")
        return (f'<section class="kikoto-ed-inspector" aria-label="{esc(field_name(fid, lang))}">'
                f'<h4>{esc(field_name(fid, lang))}</h4>{hint}{body}</section>')

    def _inspect(self, draft, tool, fid, lang, invalid):
        zone, arg = split(fid)
        rows = []
        if zone in ("card", "revealed"):
            for i, c in enumerate(draft["revealed"]):
                if zone == "revealed" or c == arg:
                    rows.append(self._card_row(draft, ["revealed", i], c, fid, lang, invalid, tool))
        elif zone in ("ship", "port"):
            for i, s in enumerate(draft["port"]):
                if zone == "port" or s == arg:
                    rows.append(self._ship_row(draft, ["port", i], s, fid, lang, invalid, tool))
        elif zone == "ships":
            for i, s in enumerate(draft["seats"][arg]["ships"]):
                rows.append(self._ship_row(draft, ["seats", arg, "ships", i], s, fid, lang, invalid, tool))
        elif zone == "specials":
            for i, c in enumerate(draft["seats"][arg]["specials"]):
                rows.append(self._card_row(draft, ["seats", arg, "specials", i], c, fid, lang, invalid, tool))
        elif zone == "slot":
            slot = draft["seats"][arg]["slot"]
            if isinstance(slot, dict) and "card" in slot:
                rows.append(self._card_row(draft, ["seats", arg, "slot", "card"], slot["card"], fid, lang, invalid, tool))
                faces = [("up", UI.text("vw-face-up", lang)), ("down", UI.text("vw-face-down", lang))]
                rows.append("<li>" + choice(["seats", arg, "slot", "face"], slot.get("face"), UI.text("vw-ed-face", lang),
                                            faces, invalid) + "</li>")
            elif isinstance(slot, dict) and isinstance(slot.get("money"), dict):
                rows.append("<li>" + "".join(number(["seats", arg, "slot", "money", k], slot["money"].get(k),
                                                    UI.text("vw-ed-coin", lang, n=k), invalid=invalid)
                                             for k in money.KEYS)
                            + button("✕", {"op": "game", "do": "clear-slot", "seat": arg}, title=UI.text("ed-remove", lang))
                            + "</li>")
        elif zone in ("hand", "warehouse"):
            part = "goods" if zone == "hand" else "warehouse"
            rows.append("<li>" + "".join(number(["seats", arg, part, g], draft["seats"][arg][part].get(g), word(g, lang),
                                                invalid=invalid) for g in GOODS) + "</li>")
            if zone == "warehouse":
                for c in draft["seats"][arg]["fresh"]:
                    rows.append(f"<li>❄ {esc(card_words(c, lang))} "
                                + button("✕", {"op": "game", "do": "remove-card", "id": c}, title=UI.text("ed-remove", lang))
                                + "</li>")
        elif zone == "purse":
            rows.append("<li>" + "".join(number(["seats", arg, "purse", k], draft["seats"][arg]["purse"].get(k),
                                                UI.text("vw-ed-coin", lang, n=k), invalid=invalid) for k in money.KEYS) + "</li>")
        elif zone in ("supply", "bank"):
            keys = GOODS if zone == "supply" else money.KEYS
            rows.append("<li>" + "".join(number([zone, k], draft[zone].get(k), word(k, lang) if zone == "supply"
                                                else UI.text("vw-ed-coin", lang, n=k), invalid=invalid) for k in keys) + "</li>")
        elif zone == "seat":
            rows.append("<li>" + choice(["seats", arg, "reserved_used"], draft["seats"][arg].get("reserved_used"),
                                        UI.text("vw-ed-reserved-used", lang),
                                        [(False, UI.text("off", lang)), (True, UI.text("on", lang))], invalid) + "</li>")
        elif zone == "deck":
            dk = draft["decks"][arg]
            rows.append(f'<li>{esc(UI.text("vw-deck", lang, deck=word(arg, lang), draw=len(dk["draw"]), discard=len(dk["discard"])))}</li>')
        if not rows:
            rows.append(f'<li>{esc(UI.text("ed-empty", lang))}</li>')
        return f'<ul>{"".join(rows)}</ul>'

    # -- counters ------------------------------------------------------------------------------

    def counters(self, draft, lang, invalid, game) -> str:
        n = seats(draft)
        who = [(s, UI.text("seat", lang, n=s + 1)) for s in range(n)]
        parts = ['<section class="kikoto-ed-counters">', f'<h4>{esc(UI.text("ed-game", lang))}</h4><div class="kikoto-ed-row">']
        parts.append(players_choice(n, game, lang))
        parts.append(choice(["phase"], draft.get("phase"), UI.text("ed-phase", lang),
                            [(p, UI.text("vw-phase-" + p, lang)) for p in PHASES], invalid))
        parts.append(choice(["turn"], draft.get("turn"), UI.text("ed-turn", lang), who, invalid))
        parts.append(number(["round"], draft.get("round"), UI.text("vw-ed-round", lang), low=1, invalid=invalid))
        parts.append(number(["stage"], draft.get("stage"), UI.text("vw-ed-stage", lang), low=1, invalid=invalid))
        parts.append(choice(["start"], draft.get("start"), UI.text("vw-ed-start", lang), who, invalid))
        ex = draft.get("exec")
        if isinstance(ex, dict):
            parts.append(choice(["exec", "card_done"], ex.get("card_done"), UI.text("vw-ed-card-done", lang),
                                [(False, UI.text("off", lang)), (True, UI.text("on", lang))], invalid))
            parts.append(number(["exec", "hand_plays"], ex.get("hand_plays"), UI.text("vw-ed-hand-plays", lang),
                                invalid=invalid))
        parts.append("</div>")
        parts.append(options_row(draft, game, lang, invalid))
        # one group per player: goods in hand, warehouse, purse (groups wrap on a phone)
        for seat, p in enumerate(_arr(draft.get("seats"))):
            if not isinstance(p, dict):
                continue
            swatch = f'<span class="kikoto-swatch" style="background:{PLAYER_COLOURS[seat % len(PLAYER_COLOURS)]}"></span>'
            cells = []
            for part, key in (("goods", "vw-ed-hand"), ("warehouse", "vw-warehouse")):
                counts = _obj(p.get(part))
                cells.append(f'<span class="kikoto-ed-sub">{esc(UI.text(key, lang))}:</span>')
                cells += [number(["seats", seat, part, g], counts.get(g, 0), word(g, lang), invalid=invalid) for g in GOODS]
            purse = _obj(p.get("purse"))
            cells.append(f'<span class="kikoto-ed-sub">{esc(UI.text("vw-ed-purse", lang))}:</span>')
            cells += [number(["seats", seat, "purse", k], purse.get(k, 0), UI.text("vw-ed-coin", lang, n=k), invalid=invalid)
                      for k in money.KEYS]
            parts.append(f'<fieldset class="kikoto-ed-seat"><legend>{swatch}{esc(UI.text("seat", lang, n=seat + 1))}</legend>'
                         f'{"".join(cells)}</fieldset>')
        for key, title, names in (("supply", "vw-ed-supply", [(g, word(g, lang)) for g in GOODS]),
                                  ("bank", "vw-bank", [(k, UI.text("vw-ed-coin", lang, n=k)) for k in money.KEYS])):
            counts = _obj(draft.get(key))
            parts.append(f'<h4>{esc(UI.text(title, lang))}</h4><div class="kikoto-ed-row">'
                         + "".join(number([key, k], counts.get(k, 0), words, invalid=invalid) for k, words in names)
                         + "</div>")
        parts.append("</section>")
        return "".join(parts)

    def resize(self, draft, players: int):
        """A table of `players`: seats kept or added; a seat removed gives back what it held, an added
        seat gets the starting purse (VW-3.0) from the bank."""
        old = draft["seats"]
        for i in range(len(old) - 1, players - 1, -1):
            s = old[i]
            _clear_slot(draft, i)
            for part in ("goods", "warehouse"):
                for g in GOODS:
                    draft["supply"][g] += s[part][g]
            money.add(draft["bank"], s["purse"])
            for c in s["specials"] + s["fresh"]:
                _card_home(draft, c)
            for sid in s["ships"]:
                _ship_home(draft, sid)
        seats_ = old[:players]
        while len(seats_) < players:
            purse = dict(money.START_PURSE)
            money.sub(draft["bank"], purse)
            seats_.append({"purse": purse, "goods": {g: 0 for g in GOODS}, "specials": [], "new_specials": [],
                           "warehouse": {g: 0 for g in GOODS}, "fresh": [], "ships": [], "slot": None,
                           "reserved_used": False})
        draft["seats"], draft["players"] = seats_, players
        # no more ships in port than arrive for this many players (VW-4.4.2)
        for size, most in zip(("large", "small"), PORT[players]):
            while sum(1 for s in draft["port"] if SHIPS.get(s, {}).get("size") == size) > most:
                sid = next(s for s in reversed(draft["port"]) if SHIPS.get(s, {}).get("size") == size)
                draft["port"].remove(sid)
                _ship_home(draft, sid)
        if isinstance(draft.get("round"), int):
            draft["start"] = (draft["round"] - 1) % players
        if not isinstance(draft.get("turn"), int) or draft["turn"] >= players:
            draft["turn"] = draft["start"]
        draft["auction"] = None
        _tidy(draft)
        return draft

    def after_set(self, draft, path, old):
        """Keeps totals: goods from the supply, gulden cards from the bank, a card or ship changed for one
        from its pile; and the phase's parts in step with the phase (and the start player with the round)."""
        try:
            new = path_value(draft, path)
            if len(path) == 4 and path[0] == "seats" and path[2] in ("goods", "warehouse", "purse"):
                self._keep_total(draft, "bank" if path[2] == "purse" else "supply", path[3], new, old)
            elif len(path) == 5 and path[2:4] == ["slot", "money"]:
                self._keep_total(draft, "bank", path[4], new, old)
            elif path[-1] == "card" or path[:1] == ["revealed"] or (len(path) == 4 and path[2] == "specials"):
                if new != old and new in CARDS and old in CARDS:
                    _swap_value(draft, list(_card_places(draft)), path, old, new, _card_home)
            elif path[:1] == ["port"] or (len(path) == 4 and path[2] == "ships"):
                if new != old and new in SHIPS and old in SHIPS:
                    _swap_value(draft, list(_ship_places(draft)), path, old, new, _ship_home)
            elif path in (["phase"], ["turn"]):
                _tidy(draft)
            elif path == ["round"] and isinstance(new, int) and new >= 1:
                draft["start"] = (new - 1) % seats(draft)
                if isinstance(draft.get("stage"), int) and draft["stage"] > new:
                    draft["stage"] = new
                _tidy(draft)
        except (KeyError, TypeError, ValueError, AttributeError, IndexError, ZeroDivisionError):
            pass  # a malformed draft is the engine's to name
        return draft

    @staticmethod
    def _keep_total(draft, pool, key, new, old):
        store = draft.get(pool)
        if isinstance(new, int) and isinstance(old, int) and isinstance(store, dict) and isinstance(store.get(key), int):
            if store[key] - (new - old) >= 0:
                store[key] -= new - old

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
        if zone == "slot":
            try:
                return draft["seats"][arg]["slot"].get("card")
            except (KeyError, TypeError, IndexError, AttributeError):
                return None
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
        return [(state.describe(x, lang), x) for x in _with_player(out, p)]

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
                            out.append(([{"give": give, "with": src, "take": take}],
                                        f"{word(give, lang)} → {word(take, lang)} ({where})"))
            return out
        if "enum" in prop:
            return [(v, str(v)) for v in prop["enum"]]
        return None


EDITING = VorDemWindEditing()


# Interface words this module builds at run time (an action type, a field name…), listed for the extractor.
RUNTIME_KEYS = (
    N_("vw-ed-port"), N_("vw-ed-revealed-short"), N_("vw-act-start-goods"), N_("vw-act-reveal"),
    N_("vw-act-take"), N_("vw-act-offer"), N_("vw-act-pass"), N_("vw-act-reserve"),
    N_("vw-act-accept"), N_("vw-act-pay-off"), N_("vw-act-buy"), N_("vw-act-store"),
    N_("vw-act-decline"), N_("vw-act-load"), N_("vw-act-income"), N_("vw-act-free-buy"),
    N_("vw-act-keep-fresh"), N_("vw-act-buy-store"), N_("vw-act-swap"), N_("vw-act-market"),
    N_("vw-act-sell"), N_("vw-act-end-sale"), N_("vw-act-keep"), N_("vw-act-end-turn"),
    N_("vw-act-spoil"), N_("vw-arg-player"), N_("vw-arg-card"), N_("vw-arg-amount"),
    N_("vw-arg-deck"), N_("vw-arg-offerer"), N_("vw-arg-goods"), N_("vw-arg-ships"),
    N_("vw-arg-steps"), N_("vw-arg-from"), N_("vw-arg-good"), N_("vw-arg-discard"),
    N_("vw-arg-save"), N_("vw-arg-rescue"),
)
