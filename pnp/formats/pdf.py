"""pdf: `<stem>.pdf`, the print file, validated after writing (a file that
fails is renamed `<stem>.invalid.pdf` and nothing more is made of the job)."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from pnp.errors import OutputError
from pnp.formats import Job, OutputFormat, Written
from pnp.modes import Format
from pnp.naming import invalid_name

if TYPE_CHECKING:
    from pnp.validate import Report


def write(job: Job) -> Written:
    pdf = job.pdf()
    job.write(f"{job.stem}.pdf", pdf)
    invalid = job.out / invalid_name(job.stem)
    reports: tuple[Report, ...] = ()
    if job.validate:
        from pnp.validate import validate_written

        report = validate_written(job.files[-1], pdf, job.pages)
        reports = (report,)
        if not report.ok:
            # never leave a file that fails its checks under the name a script would print
            try:
                os.replace(job.files[-1], invalid)
            except OSError as e:
                raise OutputError(f"cannot rename {job.files[-1]} to {invalid.name}: {e.strerror or e}") from None
            job.files[-1] = report.file = invalid
            return Written(reports=reports, stop=True)
    try:
        invalid.unlink(missing_ok=True)  # an earlier run's failure, now rendered right
    except OSError as e:
        raise OutputError(f"cannot remove {invalid}: {e.strerror or e}") from None
    return Written(reports=reports)


FORMAT: OutputFormat = OutputFormat(Format.PDF, "the print file", write)
