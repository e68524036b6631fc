"""The validator's verdict: a `Check` is one thing compared (what was
expected, what was found), a `Report` a file's checks or the one line that
says why it could not be checked; and how they are shown (the table, the
summary line, the JSON)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pnp.errors import shown


@dataclass(frozen=True)
class Check:
    component: str
    expected: str
    found: str
    ok: bool



@dataclass
class Report:
    file: Path
    info: dict[str, str] = field(default_factory=dict)
    checks: list[Check] = field(default_factory=list)
    error: str | None = None
    peak_bytes: int = 0  # of the process that checked the file
    seconds: float = 0.0

    @property
    def ok(self) -> bool:
        return self.error is None and all(c.ok for c in self.checks)

    def problems(self) -> list[str]:
        if self.error is not None:
            return [f"{shown(self.file)}: {self.error}"]
        return [f"{shown(self.file)}: {c.component}: expected {c.expected}, found {c.found}" for c in self.checks if not c.ok]

    def to_json(self) -> dict[str, Any]:
        return {
            "file": str(self.file),
            "ok": self.ok,
            "error": self.error,
            **{k: v for k, v in self.info.items()},
            "checks": [c.__dict__ for c in self.checks],
        }



def compact(checks: list[Check]) -> list[Check]:
    """For the table: many rows of one kind (Ludo's 96 cards) fold into one
    row per group (the key less its last '-' part)."""
    if len(checks) <= 40:
        return checks
    groups: dict[str, list[Check]] = {}
    order: list[str] = []
    for i, c in enumerate(checks):
        g = c.component.rsplit("-", 1)[0] if c.component.count("-") >= 2 and ":" in c.component else f"{i}\0{c.component}"
        if g not in groups:
            order.append(g)
            groups[g] = []
        groups[g].append(c)
    out = []
    for g in order:
        cs = groups[g]
        if len(cs) == 1 or "\0" in g:
            out.extend(cs)
            continue
        try:
            exp = sum(int(c.expected) for c in cs)
            got = sum(int(c.found) for c in cs)
        except ValueError:
            out.extend(cs)
            continue
        out.append(Check(f"{g} ({len(cs)} kinds)", str(exp), str(got), all(c.ok for c in cs)))
    return out



def report_table(r: Report) -> str:
    if r.error is not None:
        return f"{shown(r.file)}: {r.error}"
    info = ", ".join(f"{k} {v}" for k, v in r.info.items())
    rows = [(c.component, c.expected, c.found, "ok" if c.ok else "FAIL") for c in compact(r.checks)]
    w = [max(len(x[i]) for x in [*rows, ("component", "expected", "found", "ok")]) for i in range(4)]
    w[0] = min(w[0], 60)
    lines = [f"{shown(r.file)} ({info})", "  " + "  ".join(h.ljust(w[i]) for i, h in enumerate(("component", "expected", "found", "ok")))]
    for row in rows:
        lines.append("  " + "  ".join(cell[: w[i]].ljust(w[i]) for i, cell in enumerate(row)))
    return "\n".join(lines)



def summary_line(reports: list[Report]) -> str:
    bad = [r for r in reports if not r.ok]
    checks = sum(len(r.checks) for r in reports)
    verdict = "all hold" if not bad else f"{len(bad)} file(s) FAILED"
    return f"validated {len(reports)} file(s), {checks} checks: {verdict}"
