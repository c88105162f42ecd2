"""The regional scenarios' phases (1822MRS, 1822NRS, 1822CA): 1822's, with the cheaper L-train upgrade in phase 2."""

from __future__ import annotations

import dataclasses

from engine.titles.g1822.data import PHASES as _PHASES_1822
from engine.titles.spec import PhaseSpec


def _scenario_phase(phase: PhaseSpec) -> PhaseSpec:
    if phase.name != "2":
        return phase
    return dataclasses.replace(phase, status=(*phase.status, "l_upgrade"))


PHASES: tuple[PhaseSpec, ...] = tuple(_scenario_phase(p) for p in _PHASES_1822)
