"""The `pnp` command's entry point. Stop signals are remembered from the
first moment (pnp.interrupts.install_early), before the CLI and its
libraries are imported; the CLI raises a remembered one as soon as it can
stop cleanly, so a Ctrl-C or SIGTERM at any moment of a run ends it with
one line and 128 + N, never a traceback or a silent death."""

from __future__ import annotations


def main() -> None:
    from pnp import interrupts

    interrupts.install_early()
    from pnp.cli import main as cli

    cli()
