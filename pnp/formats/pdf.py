"""pdf: `<stem>.pdf`, the print file, validated after writing (a file that
fails is renamed `<stem>.invalid.pdf` and nothing more is made of the job)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pnp.atomic import remove, rename
from pnp.formats import Job, OutputFormat, Written
from pnp.modes import Format
from pnp.naming import invalid_name

if TYPE_CHECKING:
    from pnp.validation.report import Report


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
            rename(job.files[-1], invalid)
            job.files[-1] = report.file = invalid
            return Written(reports=reports, stop=True)
    remove(invalid)  # an earlier run's failure, now rendered right
    return Written(reports=reports)


FORMAT: OutputFormat = OutputFormat(Format.PDF, "the print file", write)
