"""Where the data folders live: templates/ and fonts/ at the top of the
repository (a checkout or an editable install), or inside the package as
_templates/ and _fonts/ when pnp was installed from a wheel."""

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent
if (_PACKAGE.parent / "templates").is_dir():
    TEMPLATES, FONTS = _PACKAGE.parent / "templates", _PACKAGE.parent / "fonts"
else:
    TEMPLATES, FONTS = _PACKAGE / "_templates", _PACKAGE / "_fonts"
