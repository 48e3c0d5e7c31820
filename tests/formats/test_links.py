"""Share links: every link the site ever wrote opens in the editor or the sandbox (tests/formats/
corpus/links, collected by tools/collect_link_corpus.py before links carried a format), and every
case's "Change the position" link, as case.py renders it, opens the Ask page on the case's position
and question and shows the case's verdict, in both languages, through the code the Ask page runs."""

from __future__ import annotations

import base64
import glob
import html
import json
import os
import re
import zlib

import pytest

from engine import load_game
from engine.core import content
from engine.core.cases import build_state, run_case
from engine.core.errors import InputError
from engine.core.formats import LINK_FORMAT, read_link
from engine.core.messages import LANGS
from widgets.render import case as case_widget, editor, play

HERE = os.path.dirname(__file__)
ROOT = os.path.dirname(os.path.dirname(HERE))
with open(os.path.join(HERE, "corpus", "links", "links.json"), encoding="utf-8") as f:
    LINKS = json.load(f)
CASES = sorted(glob.glob(os.path.join(ROOT, "docs", "*", "cases", "*.json")))


def old_payload(text: str) -> dict:
    """What a link of the first format holds (base64url of UTF-8 JSON), decoded here on its own."""
    return json.loads(base64.urlsafe_b64decode(text + "=" * (-len(text) % 4)))


def migrated(entry: dict) -> dict:
    """The link's payload as the current formats have it: as decoded on its own, for a game whose
    format has not changed since; through the game's migrations for one whose has."""
    payload = read_link(entry["text"], entry["game"])
    if load_game(entry["game"]).format == 1:
        old = old_payload(entry["text"])
        assert {k: payload[k] for k in old} == old
    return payload


def page_spec(game: str, page: str) -> dict:
    """The Ask page's or the sandbox's own spec: its start position is not the link's."""
    with open(os.path.join(ROOT, "docs", game, "examples", page + ".json"), encoding="utf-8") as f:
        return json.load(f)


def load(path: str) -> dict:
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def content_problems(game: str, draft: dict):
    from engine import load_game

    return load_game(game).problems(draft)


def start_of(case: dict) -> dict:
    """The position a case starts from, as the editor holds it."""
    return build_state(
        {k: case[k] for k in ("game", "format", "game_format", "options", "state", "setup", "moves") if k in case}
    )[1].to_json()


def update_of(answer_html: str) -> dict:
    return json.loads(html.unescape(re.search(r'data-update="([^"]*)"', answer_html).group(1)))


def ask(game: str, text: str, lang: str = "en") -> tuple[str, dict]:
    """The Ask page opened on a link: the page's spec with the text after "#ask=" (kikoto.js)."""
    return editor.answer({**page_spec(game, "ask"), "link": text}, {"lang": lang})


def shown_verdict(answer_html: str) -> dict:
    """The verdict the Ask answer shows: legal, reason, and the rules it links to."""
    answer = answer_html[answer_html.index('class="kikoto-ed-answer"') :]
    found = re.search(r'data-legal="(true|false)" data-reason="([^"]*)"', answer)
    block = answer[: answer.index("</div>")]
    return {
        "legal": found.group(1) == "true",
        "reason": html.unescape(found.group(2)),
        "rules": [html.unescape(r) for r in re.findall(r'class="kikoto-rule"[^>]*>([^<]+)<', block)],
    }


# Case links whose position a later, deliberate rule fix made impossible (test_corpus.FIXES): the
# link still opens, on its own position, and the editor names the problem instead of answering.
REFUSED_NOW = {
    "bf-victory-needs-all-developments": "bought-too-many",
    "ba-scale-ten-reroll": "pos-coin-scale",
    "vw-end-before-spoil": "ships-arrived",
    "vw-spoil-before-end": "ships-arrived",
    "vw-reserved-any-offer": "cards-drawn",
    "vw-reserved-own-turn": "cards-drawn",
    "mq-no-river-beyond": "steamer-on-unexplored",
    "mq-no-sailing-onto-islands": "steamer-on-unexplored",
    # round 1, and the steamer on turn with its wheels turned before it moved: the cases are set later now
    **dict.fromkeys(
        (
            "01-mq-coal-2-to-4-stated",
            "02-mq-coal-2-to-4-example",
            "03-mq-coal-6-to-3",
            "mq-all-points-used",
            "mq-brake-after-move",
            "mq-came-from-previous-field",
            "mq-came-from-whole-path",
            "mq-free-turn-without-coal",
            "mq-push-back-where-it-came-from",
            "mq-push-example",
            "mq-pushed-onto-pier-finishes",
            "mq-pushed-onto-pier-stays",
            "mq-speed-seven",
            "mq-three-turns-two-coal",
            "mq-wheels-after-move",
            "mq-wheels-before-move",
        ),
        "not-moved-wheel",
    ),
}


@pytest.mark.parametrize("entry", [e for e in LINKS if e["kind"] == "case"], ids=lambda e: e["case"])
def test_a_collected_case_link_opens_on_its_own_position(entry):
    payload = migrated(entry)
    if entry["case"] in REFUSED_NOW:
        answer_html, update = editor.answer({**page_spec(entry["game"], "ask"), "link": entry["text"]}, {"lang": "en"})
        without = lambda d: {k: v for k, v in d.items() if k != "options"}  # noqa: E731
        assert without(update["draft"]) == without(payload["start"]["state"]) and update["mode"] == "edit"
        assert "kikoto-ed-problem" in answer_html
        assert {p.code for p in content_problems(entry["game"], update["draft"])} >= {REFUSED_NOW[entry["case"]]}
        return
    # as the old script left the page (the link's fields over its spec), and as the page sends it now
    for spec in ({**page_spec(entry["game"], "ask"), **payload}, {**page_spec(entry["game"], "ask"), "link": entry["text"]}):
        answer_html, update = editor.answer(spec, {"lang": "en"})
        assert update["draft"] == start_of({"game": entry["game"], **payload["start"]})
        assert (update["mode"], update["asked"]["type"]) == ("ask", payload["asked"]["type"])
        assert 'data-valid="true"' in answer_html and "kikoto-ed-problem" not in answer_html


@pytest.mark.parametrize("entry", [e for e in LINKS if e["kind"] == "ask"], ids=lambda e: e["game"])
def test_a_collected_ask_link_opens_with_its_draft_question_and_move(entry):
    payload = migrated(entry)
    answer_html, update = ask(entry["game"], entry["text"])
    assert update["draft"] == payload["draft"]
    assert (update["asked"], update["mode"], update["question"]) == (payload["asked"], "ask", payload["question"])
    assert 'data-valid="true"' in answer_html and 'class="kikoto-ed-answer"' in answer_html
    assert html.escape(payload["question"]) in answer_html
    # and the link the answer carries for the address bar opens on the same
    again = ask(entry["game"], update["link"])[1]
    assert (again["draft"], again["asked"], again["question"]) == (update["draft"], update["asked"], update["question"])
    assert update["link"].startswith(f"{LINK_FORMAT}.")


def link_payload(text: str) -> dict:
    """What a link holds as it was written (any format), without the migrations."""
    if text[:2] in ("3.", "4."):
        body = text[2:]
        return json.loads(zlib.decompress(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)), -15))
    return old_payload(text)


def listed(game: str, payload: dict) -> list:
    """The game a sandbox's link before format 4 listed (`payload` migrated: read_link), every move
    played as it was (the random seats' too), each with its verdict: (the position after it, legal,
    reason, rules)."""
    spec = play.effective({"game": game, **{k: payload[k] for k in ("input", "state") if k in payload}})
    state = play.start_state(spec)[1]
    rows = []
    for move in payload.get("played", payload.get("moves", [])):
        verdict = state.check(move)
        state = state.apply(move)
        rows.append((state.to_json(), verdict.legal, verdict.reason, verdict.rules))
    return rows


@pytest.mark.parametrize(
    "entry",
    [e for e in LINKS if e["kind"] == "play"],
    ids=lambda e: e["game"] + "-" + "-".join(link_payload(e["text"])) + "-" + e["text"][:2],
)
def test_a_collected_sandbox_link_opens_on_its_moves_or_position(entry):
    old = read_link(entry["text"], entry["game"])
    spec = {**page_spec(entry["game"], "sandbox"), "link": entry["text"]}
    out = play.output(spec, {"lang": "en"})
    update = update_of(out)
    assert {k: update[k] for k in ("input", "state") if k in update} == {k: old[k] for k in ("input", "state") if k in old}
    # the same game, move by move, with the same verdicts, as the link listed it
    line = play.play(play.effective(play.opened(spec)))
    # a link of format 4 lists the reader's moves only: its entry records the whole game it opened on
    # when written, which the random player must choose again
    whole = {**old, "played": entry["played"]} if "played" in entry else old
    assert [(m[2].apply(m[0]).to_json(), m[1].legal, m[1].reason, m[1].rules) for m in line.played] == listed(
        entry["game"], whole
    )
    if "state" in old:
        assert line.state.to_json() == start_of({"game": entry["game"], "state": old["state"]})
    # the page keeps the reader's moves only (the seats the random player did not play)
    auto = set(play.effective(update if "input" in update else {}).get("auto", []))
    own = [m for m, _, before in line.played if before.current_player not in auto]
    assert json.loads(html.unescape(re.search(r'data-played="([^"]*)"', out).group(1))) == own
    assert "played" not in update  # the random player chooses their moves as it did then
    # and the link the answer writes opens on the same game, and carries the reader's moves only
    assert update["link"].startswith(f"{LINK_FORMAT}.") and read_link(update["link"], entry["game"])["moves"] == own
    again = {**page_spec(entry["game"], "sandbox"), "link": update["link"]}
    assert play.run(play.effective(play.opened(again)))[2].to_json() == line.state.to_json()


def test_an_earlier_link_whose_random_moves_are_not_chosen_again_replays_them_as_listed():
    """A link before format 4 whose random seats' moves the random player would not choose now (a
    game's moves changed since): the page keeps them ("played") and replays them as they are; the
    reader's moves follow, undo goes back into them, and the link it writes keeps them."""
    entry = next(e for e in LINKS if e["kind"] == "play" and e["text"].startswith("3.") and e["game"] == "balaton")
    old = read_link(entry["text"], entry["game"])
    auto = {int(k) for k, on in old["input"]["auto"].items() if on}
    moves = list(old["played"])
    # one random seat's move swapped for another legal one, as a changed engine might have chosen
    state = play.start_state(play.effective({"game": entry["game"], "input": old["input"]}))[1]
    for k, move in enumerate(moves):
        others = [a for a in state.legal_actions() if a != move]
        if k and state.current_player in auto and others:
            other = others[0]
            break
        state = state.apply(move)
    text = base64.urlsafe_b64encode(json.dumps({"input": old["input"], "moves": [*moves[:k], other]}).encode()).decode()
    spec = {**page_spec(entry["game"], "sandbox"), "link": text.rstrip("=")}
    out = play.output(spec, {"lang": "en"})
    update = update_of(out)
    assert update["played"] == [*moves[:k], other] and 'data-played="[]"' in out
    line = play.play(play.effective({**page_spec(entry["game"], "sandbox"), **update, "moves": []}))
    assert [m for m, _, _ in line.played[: k + 1]] == [*moves[:k], other]
    assert read_link(update["link"], entry["game"])["played"] == update["played"]
    back = int(re.search(r'data-undo-played="(\d+)"', out).group(1))
    assert back < k + 1 and line.played[back][2].current_player not in auto


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("path", CASES, ids=lambda p: os.path.basename(p)[:-5])
def test_change_the_position_opens_the_case_asking_with_its_verdict(path, lang):
    case = load(path)
    spec = {"widget": "case", "case": content.localized(case, content.CASE, lang), "game": case["game"]}
    out = case_widget.output(spec, {"lang": lang, "ask_url": "../ask/"})
    href = html.unescape(re.search(r'<a class="md-button" data-ask-link href="([^"]*)"', out).group(1))
    assert href.startswith(f"../ask/#ask={LINK_FORMAT}.")
    answer_html, update = ask(case["game"], href.split("#ask=", 1)[1], lang)
    assert update["draft"] == start_of(case) and update["mode"] == "ask"
    verdict = run_case(case)["verdict"]
    assert shown_verdict(answer_html) == {k: verdict[k] for k in ("legal", "reason", "rules")}
    question = spec["case"]["question"]
    assert update["question"] == question and f'value="{html.escape(question)}"' in answer_html


@pytest.mark.parametrize("path", CASES, ids=lambda p: os.path.basename(p)[:-5])
def test_change_the_position_carries_the_reading_the_reader_chose(path):
    """The case's readings are chosen in the page; "Change the position" then opens the Ask page under
    them: the verdict there is the case's under the other choice of its first reading."""
    case = load(path)
    game = load_game(case["game"])
    reading = next((o for o in game.options.values() if o.kind == "reading"), None)
    if reading is None:
        pytest.skip(f"{case['game']} has no reading")
    now = case.get("options", {}).get(reading.name, reading.default)
    other = next(c for c in reading.choices if c != now)
    chosen = {**case.get("options", {}), reading.name: other}
    spec = {"widget": "case", "case": case, "game": case["game"], "input": {"options": chosen}}
    try:
        verdict = run_case({**case, "options": chosen})["verdict"]
    except InputError:  # its moves are not all legal under the other choice: the island says so, no link
        with pytest.raises(InputError):
            case_widget.output(spec, {"lang": "en", "ask_url": "../ask/"})
        return
    out = case_widget.output(spec, {"lang": "en", "ask_url": "../ask/"})
    href = html.unescape(re.search(r'data-ask-link href="([^"]*)"', out).group(1))
    answer_html, update = ask(case["game"], href.split("#ask=", 1)[1], "en")
    assert update["draft"]["options"][reading.name] == other
    # the Ask page may name more rules, and another first (the one closest to what was changed)
    shown = shown_verdict(answer_html)
    assert shown["legal"] == verdict["legal"] and set(verdict["rules"]) <= set(shown["rules"])


def test_after_a_link_the_page_keeps_its_answers_and_reset_goes_to_its_own_start():
    entry = next(e for e in LINKS if e["kind"] == "case" and e["game"] == "mare-balticum")
    page = page_spec(entry["game"], "ask")
    first = ask(entry["game"], entry["text"])[1]
    # the page as kikoto.js keeps it: the answer's update assigned over its spec
    spec = {**page, "link": entry["text"], **first}
    assert spec["link"] == first["link"] != entry["text"]
    _, again = editor.answer({**spec, "cmd": {"op": "mode", "mode": "edit"}}, {"lang": "en"})
    assert again["draft"] == first["draft"] and again["mode"] == "edit"
    _, reset = editor.answer({**spec, "cmd": {"op": "reset", "sure": True}}, {"lang": "en"})
    assert reset["draft"] == editor.answer(page, {"lang": "en"})[1]["draft"] != first["draft"]


def test_a_link_of_another_game_is_refused_by_name():
    """A current link names its game (a first-format one did not: it is taken as the page's)."""
    entry = next(e for e in LINKS if e["kind"] == "ask" and e["game"] != "balaton")
    text = ask(entry["game"], entry["text"])[1]["link"]
    with pytest.raises(InputError) as err:
        ask("balaton", text)
    assert err.value.field == "link.game" and entry["game"] in err.value.message["en"]
