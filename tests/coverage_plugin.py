"""Measured rule coverage: the rules each test's verdicts cited, recorded during the run.

Every verdict is made by `Verdict.make`; while the tests run it is wrapped so that the ids a
verdict cites are added to the running test's set (the engine itself is unchanged). Each process
(every xdist worker, or the one process without xdist) writes its part at its end,
build/rule-coverage/<worker>.jsonl, one test a line. The process that started the run (xdist's
controller, whose session ends after its workers') merges the parts into build/rule-coverage.json,
which `python -m tools coverage` reads, and, when the run was the whole suite and it passed, runs
the coverage check on it and fails the run on a problem (`make test` is such a run).
"""

from __future__ import annotations

import json
import os

import pytest

from engine.core.verdict import Verdict
from tools.coverage import RECORDING

PARTS = os.path.join(os.path.dirname(RECORDING), "rule-coverage")


class Recorder:
    def __init__(self, parts: str):
        self.parts = parts
        self.current: set | None = None  # the running test's cited rule tuples
        self.cited: dict[str, set] = {}  # test id -> rule ids
        self._make = Verdict.__dict__["make"]

    def install(self):
        make, recorder = self._make.__func__, self

        def recorded(cls, *args, **kwargs):
            verdict = make(cls, *args, **kwargs)
            if recorder.current is not None:
                recorder.current.add(verdict.rules)
            return verdict

        Verdict.make = classmethod(recorded)

    def uninstall(self):
        Verdict.make = self._make

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_protocol(self, item):
        self.current = set()
        yield
        ids = {rule for rules in self.current for rule in rules}
        self.current = None
        if ids:
            self.cited.setdefault(item.nodeid, set()).update(ids)

    def write_part(self, name: str):
        os.makedirs(self.parts, exist_ok=True)
        with open(os.path.join(self.parts, f"{name}.jsonl"), "w", encoding="utf-8") as f:
            for test, ids in sorted(self.cited.items()):
                f.write(json.dumps({"test": test, "rules": sorted(ids)}) + "\n")


def merge(parts: str) -> dict:
    """The parts of one run as one recording: {"tests": how many cited a rule, "rules": {id: [tests]}}."""
    rules: dict[str, set] = {}
    tests = set()
    for name in sorted(os.listdir(parts)):
        if name.endswith(".jsonl"):
            with open(os.path.join(parts, name), encoding="utf-8") as f:
                for line in f:
                    entry = json.loads(line)
                    tests.add(entry["test"])
                    for rule in entry["rules"]:
                        rules.setdefault(rule, set()).add(entry["test"])
    return {"tests": len(tests), "rules": {rule: sorted(t) for rule, t in sorted(rules.items())}}


def whole_suite(config) -> bool:
    """The run chose no subset, and ran it: no paths, no -k, -m, --deselect, --lf or --collect-only."""
    opt = config.option
    return (
        config.args_source == pytest.Config.ArgsSource.TESTPATHS
        and not opt.keyword
        and not opt.markexpr
        and not getattr(opt, "deselect", None)
        and not getattr(opt, "lf", False)
        and not opt.collectonly
    )


def check(recording: dict) -> list[str]:
    from engine import game_ids
    from tools.coverage import ROOT, report

    return [p for game_id in game_ids() for p in report(ROOT, game_id, recording)["problems"]]


def pytest_configure(config):
    worker = getattr(config, "workerinput", None)
    if worker is None and os.path.isdir(PARTS):  # a new run: the last run's parts go
        for name in os.listdir(PARTS):
            os.remove(os.path.join(PARTS, name))
    recorder = Recorder(PARTS)
    recorder.install()
    config.pluginmanager.register(recorder, "kikoto-rule-coverage")


@pytest.hookimpl(trylast=True)
def pytest_sessionfinish(session, exitstatus):
    config = session.config
    recorder = config.pluginmanager.get_plugin("kikoto-rule-coverage")
    worker = getattr(config, "workerinput", None)
    recorder.uninstall()
    recorder.write_part(worker["workerid"] if worker else "main")
    if worker is not None:
        return
    recording = {**merge(PARTS), "run": " ".join(config.invocation_params.args), "whole": whole_suite(config)}
    with open(RECORDING, "w", encoding="utf-8") as f:
        json.dump(recording, f, indent=0)
    if not (whole_suite(config) and session.exitstatus == 0):
        return
    problems = check(recording)
    terminal = config.pluginmanager.get_plugin("terminalreporter")
    for problem in problems:
        terminal.write_line(f"rule coverage: {problem}", red=True)
    if problems:
        terminal.write_line(
            f"rule coverage: {len(problems)} problems in {RECORDING} (the table: python -m tools coverage)", red=True
        )
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
