"""Mississippi Queen's verdict messages, in every site language."""

from ..core.messages import CORE, Catalog

CATALOG = Catalog({
    # legal
    "move-ok": {
        "hu": "Szabályos lépés: sebesség {speed}, {steps} lépéspont, {turns} fordulat, {coal} szénpont.",
        "en": "Legal move: speed {speed}, {steps} movement points, {turns} turns, {coal} coal.",
    },
    "finish-ok": {
        "hu": "Szabályos lépés: a gőzös kiköt a mólónál ({coal} szénpont).",
        "en": "Legal move: the steamer lands at the pier ({coal} coal).",
    },
    "push-lands-ok": {
        "hu": "Szabályos lépés: a leszorított {other} gőzös a kikötőhelyre kerül, és ezzel célba ér.",
        "en": "Legal move: the pushed {other} steamer is put on a landing field and so reaches the finish.",
    },
    "heading-ok": {"hu": "Szabályos: a gőzös orra {dir} felé néz.", "en": "Legal: the steamer now heads {dir}."},
    "retire-ok": {
        "hu": "A gőzösnek nincs szabályos lépése (vagy csak több szénnel volna), ezért kiesik.",
        "en": "The steamer has no legal move (or only with more coal than it has), so it is out of the race.",
    },
    # phase
    "not-move-phase": {
        "hu": "Most nem lépés következik, hanem {phase}.",
        "en": "This is not the time for a move but for {phase}.",
    },
    "not-heading-phase": {
        "hu": "Most nem irányválasztás következik, hanem {phase}.",
        "en": "This is not the time to choose a heading but for {phase}.",
    },
    "retire-not-stranded": {
        "hu": "A gőzösnek van szabályos lépése, így nem esik ki.",
        "en": "The steamer still has a legal move, so it is not out.",
    },
    # speed and coal
    "speed-range": {
        "hu": "A sebesség 1 és 6 között lehet, {speed} nem.",
        "en": "Speed must be from 1 to 6, not {speed}.",
    },
    "not-enough-coal": {
        "hu": "Ehhez {need} szénpont kell (sebesség {speed_coal}, fordulatok {turn_coal}, fékezés {brake_coal}), de csak {have} van.",
        "en": "This needs {need} coal (speed {speed_coal}, turns {turn_coal}, braking {brake_coal}) but only {have} is left.",
    },
    # movement
    "too-many-steps": {
        "hu": "A {speed} sebességű gőzösnek nincs több lépéspontja ehhez a lépéshez (a(z) {index}. elem).",
        "en": "A steamer at speed {speed} has no movement point left for this step (item {index}).",
    },
    "too-few-steps": {
        "hu": "Mind a {speed} lépéspontot fel kell használni, de a terv csak {used} pontot használ.",
        "en": "All {speed} movement points must be used, but the plan uses only {used}.",
    },
    "off-river": {
        "hu": "A(z) {index}. elem lépése a folyón kívülre vinné a gőzöst ({field}).",
        "en": "Item {index} would take the steamer off the river ({field}).",
    },
    "island": {
        "hu": "A(z) {index}. elem lépése szigetre vinné a gőzöst ({field}).",
        "en": "Item {index} would take the steamer onto an island ({field}).",
    },
    "moves-after-finish": {
        "hu": "A gőzös a(z) {index}. elem előtt már kikötött; utána nem jöhet több lépés vagy fordulat.",
        "en": "The steamer has already landed before item {index}; nothing may follow.",
    },
    "brake-not-allowed": {
        "hu": "Lépés utáni fékezés csak az utasszállító-játékban, a mólóhoz érkezéskor lehetséges.",
        "en": "Braking after the move is only possible in the passenger game, when landing at the pier.",
    },
    # pushing
    "push-no-points": {
        "hu": "A(z) {index}. elem gőzöst érne utol, de nem marad lépéspont a leszorításhoz.",
        "en": "Item {index} catches up with a steamer but no movement point is left to push it.",
    },
    "push-target-missing": {
        "hu": "A(z) {index}. elem a(z) {other} gőzöst szorítja le, de nincs megadva, hová (push lista).",
        "en": "Item {index} pushes the {other} steamer but the plan does not say where to (push list).",
    },
    "push-extra": {
        "hu": "A push lista több célmezőt ad meg ({given}), mint ahány leszorítás történik ({used}).",
        "en": "The push list gives more targets ({given}) than there are pushes ({used}).",
    },
    "push-impossible": {
        "hu": "A(z) {other} gőzöst nem lehet leszorítani: nincs mellette szabad, megengedett mező.",
        "en": "The {other} steamer cannot be pushed: no free, permitted field is next to it.",
    },
    "push-target-not-adjacent": {
        "hu": "A(z) {field} mező nem szomszédos a(z) {other} gőzös mezőjével.",
        "en": "Field {field} is not next to the {other} steamer's field.",
    },
    "push-target-off-river": {
        "hu": "A(z) {field} mező nincs a folyón.",
        "en": "Field {field} is not on the river.",
    },
    "push-target-island": {
        "hu": "Szigetre ({field}) nem lehet gőzöst szorítani.",
        "en": "A steamer may not be pushed onto an island ({field}).",
    },
    "push-target-occupied": {
        "hu": "A(z) {field} mezőn már gőzös áll.",
        "en": "Field {field} is already taken by a steamer.",
    },
    "push-target-on-path": {
        "hu": "A(z) {field} mezőre nem lehet szorítani: a leszorító gőzös ebben a körben onnan jött vagy oda lép.",
        "en": "The steamer may not be pushed to {field}: the pusher comes from there or enters it this turn.",
    },
    # readable words
    "phase-setup": {"hu": "a kezdő irányok beállítása", "en": "setting the starting headings"},
    "phase-move": {"hu": "egy gőzös lépése", "en": "a steamer's move"},
    "phase-heading": {"hu": "a leszorított gőzös irányának beállítása", "en": "the pushed steamer's new heading"},
}, parent=CORE)

COLOURS = (
    {"hu": "piros", "en": "red"},
    {"hu": "bézs", "en": "beige"},
    {"hu": "szürke", "en": "grey"},
    {"hu": "zöld", "en": "green"},
    {"hu": "barna", "en": "brown"},
)

DIR_WORDS = (
    {"hu": "kelet", "en": "east"},
    {"hu": "északkelet", "en": "north-east"},
    {"hu": "északnyugat", "en": "north-west"},
    {"hu": "nyugat", "en": "west"},
    {"hu": "délnyugat", "en": "south-west"},
    {"hu": "délkelet", "en": "south-east"},
)
