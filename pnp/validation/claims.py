"""What a file says it is: a PDF whole to its end-of-file marker, made by
pnp (its keywords, pnp.naming), for a kit, language, paper, player count,
backs mode and variant pnp makes. Each claim is checked against what pnp
makes before anything is built from it; a claim pnp cannot make is a
ValidationError (one line), never a lookup by an outside name."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pnp.errors import PnpError, ValidationError
from pnp.modes import KitOption
from pnp.naming import ALL_PLAYERS, read_keywords

if TYPE_CHECKING:
    from pnp.kits import Kit
    from pnp.options import Options
    from pnp.validation.report import Report
    from pnp.validation.syntax import Syntax



def check_end(data: bytes) -> None:
    """Readers look for the end-of-file marker in the last 1024 bytes: a
    file without one is cut off, and one with more than that after it
    must be repaired before it can be read. Whitespace after it is fine."""
    if b"%%EOF" in data[-1024:]:
        return
    at = data.rfind(b"%%EOF")
    if at < 0:
        raise ValidationError("is truncated: the PDF has no end-of-file marker (%%EOF)")
    after = len(data) - at - len(b"%%EOF")
    raise ValidationError(f"is damaged: {after} bytes follow its end-of-file marker (%%EOF at byte {at}); readers look "
                          f"for it in the last 1024 bytes only and would have to repair the file")



def claims_of(keywords: str) -> dict[str, str]:
    kw = read_keywords(keywords)
    if "pnp" not in kw or "kit" not in kw:
        raise ValidationError("is a PDF that pnp did not make (no pnp keywords)")
    return kw



def read_syntax_or_refuse(data: bytes) -> Syntax:
    from pnp.validation.syntax import Invalid, read_syntax

    try:
        return read_syntax(data)
    except Invalid as e:
        raise ValidationError(str(e)) from None



def claimed_options(kw: dict[str, str], kit: Kit, spec: Any, report: Report) -> tuple[Options, int]:
    """The options a kit PDF's keywords claim (each checked against what pnp
    makes), and its claimed page count; the claims go in the report."""
    from pnp.i18n import languages
    from pnp.modes import Backs
    from pnp.naming import KitClaim
    from pnp.options import Options
    from pnp.paper import PAPERS

    lang, paper_id = kw.get("lang", "?"), kw.get("paper", "?")
    if paper_id not in PAPERS:
        raise ValidationError(f"names an unknown paper {paper_id!r}; pnp prints on {', '.join(PAPERS)}")
    if lang not in languages():  # a name from the list, never a path to look a file up by
        raise ValidationError(f"names an unknown language {lang[:40]!r}; pnp prints {', '.join(languages())}")
    try:
        kit.catalog(lang)
    except PnpError:
        raise ValidationError(f"names an unknown language {lang!r}") from None
    counts = kit.player_counts(spec)
    span = f"{min(counts)}-{max(counts)}" if len(counts) > 1 else str(counts[0])
    claim = kw.get("players", ALL_PLAYERS)
    if claim != ALL_PLAYERS and not (claim.isdigit() and int(claim) in counts):
        raise ValidationError(f"claims to be for {claim!r} players, but {kit.id} is for {span} players")
    players = None if claim == ALL_PLAYERS else int(claim)
    backs, variant = KitClaim.parse_modes(kw, kit.id, KitOption.BACKS in kit.options)
    pages_claim = KitClaim.parse_pages(kw)
    offset = KitClaim.parse_offset(kw)
    options = Options(lang, PAPERS[paper_id], players if KitOption.PLAYERS in kit.options else None,
                      backs if KitOption.BACKS in kit.options else Backs.DUPLEX_LONG, offset, variant=variant)
    report.info = {"kit": kit.id, "lang": lang, "paper": paper_id, "players": claim, "backs": backs, "variant": variant}
    return options, pages_claim
