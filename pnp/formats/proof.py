"""proof: `<stem>-sheet<NN>-proof.png` per physical sheet at the job's dpi:
the front with its back seen through the paper, as held to the light."""

from __future__ import annotations

from pnp.formats import Job, OutputFormat, Written
from pnp.modes import Backs, Format, KitOption
from pnp.naming import proof_name


def write(job: Job) -> Written:
    from pnp.render.png import png_bytes
    from pnp.render.proof import proofs

    mode = job.options.backs if KitOption.BACKS in job.kit.options else Backs.NONE
    for n, image in enumerate(proofs(job.pdf(), mode, job.dpi), 1):
        job.write(proof_name(job.stem, n), png_bytes(image, job.dpi))
        image.close()
    return Written()


FORMAT: OutputFormat = OutputFormat(Format.PROOF, "each sheet with its back seen through, as held to the light", write)
