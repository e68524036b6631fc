"""Library errors. The CLI turns them into one-line messages and exit codes;
the library itself never exits."""


class PnpError(Exception):
    """Base of every error pnp reports to a user."""


class UsageError(PnpError):
    """Bad input from the user (unknown kit, language, paper, option value)."""


class CatalogError(PnpError):
    """A text catalog is missing, malformed, or lacks a key."""


class SpecError(PnpError):
    """Game facts that are missing or contradict themselves."""


class FontError(PnpError):
    """A font file is missing, unreadable or damaged."""


class OutputError(PnpError):
    """A file cannot be written (full disk, no permission, closed stdout)."""


class LayoutError(PnpError):
    """A page cannot be laid out: text overflows, ink in the margin..."""


class WorkerLost(PnpError):
    """A worker process died under a job (out of memory, or a signal sent to it alone)."""


class ValidationError(PnpError):
    """A file cannot be validated at all (not a PDF, not made by pnp)."""


def shown(path: object) -> str:
    """A file name for a message: as it is when every character prints,
    else quoted with its control characters escaped ('a\\nb'), so that a
    name holding a line break cannot forge a line of pnp's output (such as
    "... all hold")."""
    text = str(path)
    return text if text.isprintable() else repr(text)
