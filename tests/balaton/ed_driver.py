import json, re, html as H, sys
from widgets.render import render_output
spec = json.load(open(sys.argv[1]))
ctx = {"lang": sys.argv[2] if len(sys.argv) > 2 else "en", "rules_url": "../rules/", "ui": {}, "ask_url": "../ask/", "sandbox_url": "../sandbox/"}
state = dict(spec)
def run(cmd):
    global state
    state = {**state, "cmd": cmd}
    h = render_output(state, ctx)
    m = re.search(r'data-update="([^"]*)"', h)
    if not m:
        print("ERROR", h[:600]); return h
    state.update(json.loads(H.unescape(m.group(1)))); state.pop("cmd")
    prob = re.search(r'kikoto-ed-problem[^>]*data-field="([^"]*)".*?<p>(.*?)</p></div>', h)
    verd = re.search(r'kikoto-ed-answer.*?kikoto-action">(.*?)</p>.*?data-legal="(\w+)".*?admonition-title">(.*?)</p><p>(.*?)</p>', h)
    print(json.dumps(cmd), "\n   problem:", prob and prob.groups(), "\n   verdict:", verd and [re.sub("<[^>]+>", "", g) for g in verd.groups()])
    return h

# The scenario of tests/balaton/editor_scenario.py, step by step (run from the worktree:
# python tests/balaton/ed_driver.py docs/balaton/examples/ask.json [lang]).
run({"op": "tool", "tool": {"pawn": 0}})
run({"op": "tap", "field": "f13"})
run({"op": "tool", "tool": {"ship": 0}})
run({"op": "tap", "field": "g-east"})
h = run({"op": "set", "path": ["money", 0], "value": 0})
run({"op": "mode", "mode": "ask"})
h = run({"op": "tap", "field": "f13"})
print("   offers:", re.findall(r'kikoto-ed-offers.*?</ul>', h)[0][:0] or [re.sub("<[^>]+>", "", x) for x in re.findall(r'<li><button[^>]*>(.*?)</button>', h)])
run({"op": "tap", "field": "boglar"})
run({"op": "tap", "field": "siofok-3"})
h = run({"op": "ask", "action": {"type": "reroll", "player": 0}})
# the impossible position (a ship of player 1 by Keszthely, where player 1 has no port)
state = dict(json.load(open(sys.argv[1])))
run({"op": "tool", "tool": {"ship": 0}})
run({"op": "tap", "field": "l-keszthely"})
print("   kept:", state["draft"]["ships"].get("l-keszthely"))
