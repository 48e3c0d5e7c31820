"""A phone's link and CPU for every target of the browser: the page, its engine worker and the
service worker alike.

Chromium's own throttling does not reach them all: network conditions set on a page's DevTools
session leave its workers' and the service worker's fetches alone, and Emulation.setCPUThrottlingRate
answers "Operation is only supported for pages, not workers" on a worker's session. So:

- the link is made by the server (`Link`): every response waits one round trip before its headers,
  and its body shares one downlink, in slices, first come first served, at the profile's rate. What
  any target fetches goes through it, and the server counts the bytes it sent;
- the CPU is slowed for the browser's renderer processes as a whole (`CpuThrottle`): each is
  stopped (SIGSTOP) for (rate - 1) of every `rate` slices of time and let run (SIGCONT) for one,
  which is how Chromium slows a page's main thread, here for every thread the page, its workers
  and the service worker run on. The browser and network processes run at full speed.

`python -m bench.throttle PID RATE` is the CPU throttle's own process (started by `CpuThrottle`):
a separate process, so that the benchmark's own Python does not skew its timing.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time

SLICE_S = 0.005  # one running slice; a stop lasts (rate - 1) slices
RESCAN_S = 0.1  # new renderer processes (a new page, the service worker) are found this often


class Link:
    """One downlink shared by every response, and a round trip before each one's headers."""

    CHUNK = 8192

    def __init__(self, latency_ms: float, down_bytes_per_s: float):
        self.latency = latency_ms / 1000
        self.rate = down_bytes_per_s
        self.lock = threading.Lock()
        self.free_at = 0.0  # when the link has carried every slice handed to it so far
        self.sent = 0  # bytes sent, headers included (reset by the caller between visits)

    def wait_round_trip(self) -> None:
        time.sleep(self.latency)

    def send(self, wfile, data: bytes) -> None:
        for i in range(0, len(data), self.CHUNK):
            chunk = data[i : i + self.CHUNK]
            with self.lock:
                now = time.monotonic()
                self.free_at = max(now, self.free_at) + len(chunk) / self.rate
                due = self.free_at
            delay = due - time.monotonic()
            if delay > 0:
                time.sleep(delay)
            wfile.write(chunk)
            self.count(len(chunk))

    def count(self, n: int) -> None:
        with self.lock:
            self.sent += n


def renderers(root: int) -> list[int]:
    """The renderer processes among `root`'s descendants."""
    children: dict[int, list[int]] = {}
    kinds: dict[int, bool] = {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat") as f:
                parent = int(f.read().rsplit(")", 1)[1].split()[1])
            with open(f"/proc/{name}/cmdline", "rb") as f:
                kinds[int(name)] = b"--type=renderer" in f.read()
        except (OSError, IndexError, ValueError):
            continue
        children.setdefault(parent, []).append(int(name))
    found, todo = [], [root]
    while todo:
        for child in children.get(todo.pop(), []):
            todo.append(child)
            if kinds.get(child):
                found.append(child)
    return found


def signal_all(pids: list[int], sig: int) -> None:
    for pid in pids:
        try:
            os.kill(pid, sig)
        except ProcessLookupError:
            pass


def duty_cycle(root: int, rate: float) -> None:
    """Runs until terminated: the renderers under `root` run one slice in every `rate`."""
    pids: list[int] = []
    scanned = 0.0

    def resume(*_):
        signal_all(renderers(root), signal.SIGCONT)  # never leave a renderer stopped
        sys.exit(0)

    signal.signal(signal.SIGTERM, resume)
    # Timed against the clock, not by the slices asked for: on a loaded machine a sleep overshoots, and
    # a longer run is paid back by a longer stop, so that the renderers run 1/rate of the time.
    start, ran = time.monotonic(), 0.0
    print("throttling", flush=True)  # CpuThrottle waits for this line
    while True:
        if time.monotonic() - scanned > RESCAN_S:
            if not os.path.exists(f"/proc/{root}"):
                resume()  # the benchmark is gone
            pids, scanned = renderers(root), time.monotonic()
        began = time.monotonic()
        signal_all(pids, signal.SIGCONT)
        time.sleep(SLICE_S)
        signal_all(pids, signal.SIGSTOP)
        ran += time.monotonic() - began
        time.sleep(max(0.0, start + ran * rate - time.monotonic()))


class CpuThrottle:
    """`with CpuThrottle(rate):` slows every renderer process started by this Python process's
    browsers (its descendants) `rate` times; rate 1 does nothing."""

    def __init__(self, rate: float, root: int | None = None):
        self.rate, self.root, self.proc = rate, root or os.getpid(), None

    def __enter__(self):
        if self.rate > 1:
            here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "bench.throttle", str(self.root), str(self.rate)],
                cwd=here,
                stdout=subprocess.PIPE,
                text=True,
            )
            self.proc.stdout.readline()  # started: what follows runs throttled
        return self

    def __exit__(self, *exc):
        if self.proc:
            self.proc.terminate()
            self.proc.wait(10)
            signal_all(renderers(self.root), signal.SIGCONT)
            self.proc = None


if __name__ == "__main__":
    duty_cycle(int(sys.argv[1]), float(sys.argv[2]))
