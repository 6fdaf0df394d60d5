"""Pixies images: the table (:mod:`.table`), the score pad and final standings (:mod:`.scores`), card faces and
grids (:mod:`.cards`), the symbol key (:mod:`.key`), alt texts (:mod:`.alt`) and ``/game describe`` (:mod:`.describe`).

Re-exports the names callers import from ``rendering.pixies``.
"""

from rendering.pixies.alt import final_alt, round_scores_alt, table_alt
from rendering.pixies.scores import render_final, render_round_scores
from rendering.pixies.table import render_table, warm_faces

__all__ = ["render_table", "render_round_scores", "render_final", "table_alt", "round_scores_alt", "final_alt",
           "warm_faces"]
