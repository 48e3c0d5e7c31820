"""The end-of-game scoring widget (Mare Balticum, MB-11 and MB-13)."""

from __future__ import annotations

from engine.core import InputError, need
from engine.core.messages import N_
from engine.mare_balticum.components import NAMES, SPECIES, TOKEN_KINDS
from engine.mare_balticum.scoring import counts, score, validate_companies

from ..html import esc, rule_link, rule_links
from ..ui import UI


def read_input(spec: dict):
    need(spec, "game", "string", allowed=("mare-balticum",))
    data = need(spec, "input", "object")
    companies = validate_companies(need(data, "companies", "object", "input"), "input.companies")
    warehouse = counts(need(data, "warehouse", "object", "input"), "input.warehouse", TOKEN_KINDS, required=False)
    contract = None
    if data.get("contract") is not None:
        contract = counts(data["contract"], "input.contract", TOKEN_KINDS, required=False)
        size = sum(contract.values())
        if size != 4:
            from engine.mare_balticum.messages import CATALOG

            raise InputError("contract-size", "input.contract", catalog=CATALOG, size=size)
    return companies, warehouse, contract


def compute(spec: dict) -> dict:
    companies, warehouse, contract = read_input(spec)
    return score(companies, warehouse, contract)


def output(spec: dict, ctx: dict) -> str:
    lang = ctx["lang"]
    result = compute(spec)
    head = "".join(f"<th>{esc(UI.text(k, lang))}</th>" for k in ("kind", "count", "value", "points", "rule"))
    rows = []
    if result["contract"]:
        c = result["contract"]
        label = UI.text("contract-sets", lang, sets=c["sets"])
        rows.append(
            f'<tr class="kikoto-contract"><td>{esc(label)}</td><td>{sum(c["tokens"].values())}</td>'
            f"<td>7</td><td>{c['points']}</td><td>{rule_link(c['rule'], ctx)}</td></tr>"
        )
    for line in result["lines"]:
        rows.append(
            f"<tr><td>{esc(NAMES[line['kind']][lang])}</td><td>{line['count']}</td>"
            f"<td>{line['value']}</td><td>{line['points']}</td><td>{rule_link(line['rule'], ctx)}</td></tr>"
        )
    total = (
        f'<tr class="kikoto-total"><th scope="row">{esc(UI.text("total", lang))}</th><td></td><td></td>'
        f'<td data-total="{result["total"]}"><strong>{result["total"]}</strong></td>'
        f"<td>{rule_links(['MB-11.1'], ctx)}</td></tr>"
    )
    # The table has no class of its own, so the theme styles it like every other table.
    return f'<div class="kikoto-score"><table><thead><tr>{head}</tr></thead><tbody>{"".join(rows)}{total}</tbody></table></div>'


def _number(name: str, value, label: str, low: int, high: int) -> str:
    return (
        f'<label>{esc(label)} <input type="number" name="{esc(name)}" value="{esc(value)}" '
        f'min="{low}" max="{high}" inputmode="numeric"></label>'
    )


def form(spec: dict, ctx: dict) -> str:
    lang = ctx["lang"]
    data = spec.get("input", {})
    companies = data.get("companies", {})
    warehouse = data.get("warehouse", {})
    parts = [f"<fieldset><legend>{esc(UI.text('companies', lang))}</legend>"]
    for kind_ in SPECIES:
        options = "".join(f'<option value="{v}"{" selected" if companies.get(kind_) == v else ""}>{v}</option>' for v in range(4))
        parts.append(
            f'<label>{esc(NAMES[kind_][lang])} <select name="companies.{kind_}" data-type="int">{options}</select></label>'
        )
    parts.append(f"</fieldset><fieldset><legend>{esc(UI.text('warehouse', lang))}</legend>")
    for kind_ in TOKEN_KINDS:
        parts.append(_number(f"warehouse.{kind_}", warehouse.get(kind_, 0), NAMES[kind_][lang], 0, 99))
    parts.append("</fieldset>")
    if data.get("contract") is not None:
        parts.append(f"<fieldset><legend>{esc(UI.text('contract', lang))}</legend>")
        for kind_ in TOKEN_KINDS:
            parts.append(_number(f"contract.{kind_}", data["contract"].get(kind_, 0), NAMES[kind_][lang], 0, 4))
        parts.append("</fieldset>")
    return "".join(parts)


# Keys picked at run time (from a list), listed for `python -m widgets.i18n extract`.
RUNTIME_KEYS = (N_("kind"), N_("count"), N_("value"), N_("points"), N_("rule"))
