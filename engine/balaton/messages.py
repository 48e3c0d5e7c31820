"""Balaton's verdict and error messages, in every site language."""

from ..core.messages import CORE, Catalog

CATALOG = Catalog({
    # -- legal verdicts -------------------------------------------------------------
    "roll-ok": {"hu": "Dobhatsz két kockával.", "en": "You may roll two dice."},
    "reroll-ok": {
        "hu": "Újradobhatsz {price} Ft-ért (ebben a lépésben ez a(z) {count}. újradobás).",
        "en": "You may reroll for {price} Ft (reroll {count} in this step).",
    },
    "move-ok": {"hu": "Léphetsz {steps} mezőt {direction}.", "en": "You may move {steps} fields {direction}."},
    "bump-ok": {
        "hu": "A szürke mezőn álló bábut ({seat}. játékos) áthelyezheted ide: {to}.",
        "en": "You may move the pawn on this gray field (player {seat}) to {to}.",
    },
    "port-ok": {"hu": "Kikötőt vehetsz itt: {place}, {price} Ft-ért.", "en": "You may buy a port in {place} for {price} Ft."},
    "ship-ok": {"hu": "Hajót vehetsz a(z) {lake} tavi mezőre {price} Ft-ért.", "en": "You may buy a ship on lake field {lake} for {price} Ft."},
    "income-ok": {
        "hu": "Bevétel: {amount} Ft a legjövedelmezőbb útvonalon ({route}).",
        "en": "Income: {amount} Ft on the most profitable route ({route}).",
    },
    "subsidy-ok": {"hu": "Elfogyott a pénzed: {amount} Ft támogatás jár.", "en": "You are out of money: you get a {amount} Ft subsidy."},
    "ferry-ok": {"hu": "Átkelhetsz komppal ide: {place} ({price}).", "en": "You may take the ferry to {place} ({price})."},
    "fly-ok": {"hu": "Repülőjeggyel átrepülhetsz ide: {place}.", "en": "With the plane ticket you may fly to {place}."},
    "end-ok": {"hu": "Befejezheted a lépésedet.", "en": "You may end your step."},
    # -- illegal verdicts -----------------------------------------------------------
    "wrong-phase": {
        "hu": "Ez most nem lehetséges; most ezek közül választhatsz: {allowed}.",
        "en": "That is not possible now; now you may: {allowed}.",
    },
    "reroll-limit": {
        "hu": "Egy lépésben legfeljebb kétszer lehet újradobni egymás után.",
        "en": "You may reroll at most twice in a row in one step.",
    },
    "reroll-money": {
        "hu": "Az újradobás {price} Ft-ba kerül, de csak {money} Ft-od van.",
        "en": "A reroll costs {price} Ft but you have only {money} Ft.",
    },
    "steps-not-rolled": {
        "hu": "{steps} mezőt nem léphetsz: a dobás alapján csak {allowed} lehet.",
        "en": "You cannot move {steps} fields: this roll allows only {allowed}.",
    },
    "no-card": {"hu": "Nincs több {card} kártyád.", "en": "You have no {card} card left."},
    "one-card": {
        "hu": "Egy lépésben csak egy kártya használható, és ebben a lépésben már felhasználtad ezt: {card}.",
        "en": "Only one card per step, and you already used this one in this step: {card}.",
    },
    "bump-not-gray": {
        "hu": "Más bábut csak szürke mezőre érve lehet áthelyezni.",
        "en": "You may move another pawn only when you land on a gray field.",
    },
    "bump-no-pawn": {
        "hu": "A(z) {seat}. játékos bábuja nem ezen a mezőn áll.",
        "en": "Player {seat}'s pawn is not on this field.",
    },
    "bump-same-field": {"hu": "A bábu már ezen a mezőn áll: {to}.", "en": "That pawn already stands on {to}."},
    "bump-done": {"hu": "Ebben a lépésben már áthelyeztél egy bábut.", "en": "You already moved a pawn in this step."},
    "not-settlement": {"hu": "Ez a mező nem település.", "en": "This field is not a settlement."},
    "port-owned": {
        "hu": "Egy településen legfeljebb egy kikötőd lehet, és itt ({place}) már van.",
        "en": "You may own at most one port per settlement, and you already own one in {place}.",
    },
    "port-money": {
        "hu": "A kikötő ára itt {price} Ft, de csak {money} Ft-od van.",
        "en": "A port here costs {price} Ft but you have only {money} Ft.",
    },
    "one-purchase": {
        "hu": "Egy lépésben legfeljebb egy kikötő vagy egy hajó vehető.",
        "en": "At most one port or one ship per step.",
    },
    "income-no-buy": {
        "hu": "Ebben a lépésben már bevételt kaptál, így nem vásárolhatsz.",
        "en": "You collected income in this step, so you cannot buy.",
    },
    "buy-no-income": {
        "hu": "Ebben a lépésben már vásároltál, így nem kaphatsz bevételt.",
        "en": "You bought in this step, so you cannot collect income.",
    },
    "subsidy-no-buy": {
        "hu": "Ebben a lépésben támogatást kaptál; e szerint az olvasat szerint utána nem vásárolhatsz.",
        "en": "You took a subsidy in this step; under this reading you cannot buy after it.",
    },
    "buy-no-subsidy": {
        "hu": "Ebben a lépésben már vásároltál; e szerint az olvasat szerint nem kaphatsz támogatást.",
        "en": "You bought in this step; under this reading you cannot take a subsidy.",
    },
    "no-port-here": {"hu": "Nincs kikötőd itt: {place}.", "en": "You own no port in {place}."},
    "no-lake": {"hu": "{place} mellett nincs balatoni mező.", "en": "There is no lake field next to {place}."},
    "no-route": {
        "hu": "A(z) {lake} mezőről egyetlen hajózási útvonal sem vezet másik saját kikötődhöz.",
        "en": "No shipping route leads from lake field {lake} to another port of yours.",
    },
    "lake-closed": {
        "hu": "A(z) {lake} mező lezárult: egy játékosnak már három hajója van ott.",
        "en": "Lake field {lake} is closed: one player already has three ships there.",
    },
    "ship-money": {
        "hu": "A hajó ára itt {price} Ft, de csak {money} Ft-od van.",
        "en": "A ship here costs {price} Ft but you have only {money} Ft.",
    },
    "plus-needs-ship": {
        "hu": "A plusz egy hajó kártyához már kell legalább egy hajód a(z) {lake} mezőn.",
        "en": "The plus-one ship card needs at least one ship of yours on lake field {lake} already.",
    },
    "no-ship-adjacent": {
        "hu": "Bevételhez hajód is kell a kikötő melletti {lake} mezőn.",
        "en": "Income needs a ship of yours on lake field {lake} next to the port.",
    },
    "income-done": {"hu": "Ebben a lépésben már kaptál bevételt.", "en": "You already collected income in this step."},
    "subsidy-or-income": {
        "hu": "Ugyanazon az érkezésen a támogatás és a bevétel közül csak az egyik kapható meg.",
        "en": "On one landing you get either the subsidy or the income, not both.",
    },
    "subsidy-small": {
        "hu": "Támogatás csak 2 vagy 3 mezős településen jár; {place} {size} mezős.",
        "en": "The subsidy is paid only in a 2- or 3-field settlement; {place} has {size}.",
    },
    "subsidy-not-broke": {
        "hu": "Támogatás csak elfogyott pénz esetén jár ({rule}); neked {money} Ft-od van.",
        "en": "The subsidy is only for a player out of money ({rule}); you have {money} Ft.",
    },
    "subsidy-done": {"hu": "Ebben a lépésben már kaptál támogatást.", "en": "You already took a subsidy in this step."},
    "no-ferry-here": {
        "hu": "Komp csak pontos belépéssel, a nyíl irányában indul: {ferries}.",
        "en": "The ferry runs only after an exact landing, in the arrow's direction: {ferries}.",
    },
    "ferry-money": {
        "hu": "A komp {price} Ft-ba kerül, de csak {money} Ft-od van.",
        "en": "The ferry costs {price} Ft but you have only {money} Ft.",
    },
    "no-plane-here": {
        "hu": "A repülőjegy csak pontos belépéssel használható itt: {places}.",
        "en": "The plane ticket works only after an exact landing in {places}.",
    },
    "crossed-already": {"hu": "Ebben a lépésben már átkeltél.", "en": "You already crossed in this step."},
    "cross-first": {
        "hu": "Átkelni csak az érkezés után azonnal lehet, mielőtt bármi mást tennél.",
        "en": "A crossing must come straight after the landing, before anything else.",
    },
    "crossing-ends-step": {
        "hu": "E szerint az olvasat szerint az átkelés befejezi a lépést; már csak befejezheted.",
        "en": "Under this reading the crossing ends the step; you may only end it now.",
    },
}, parent=CORE)

CARD_NAMES = {
    "back": {"hu": "vissza", "en": "back"},
    "plane": {"hu": "repülőjegy", "en": "plane ticket"},
    "ferry": {"hu": "kompjegy", "en": "ferry ticket"},
    "ship": {"hu": "plusz egy hajó", "en": "plus-one ship"},
}
