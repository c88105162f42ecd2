"""The six maps of 18ZOO (Paolo Russo), as facts: the map of each (hexes by colour, terrain names), the
families (corporations) that play on it and their home hexes, the starting money, the R areas a "Hole" joins
(``HoleSpec``) and the two optional centres ("Base 2", "Base 3").  Shared facts are in ``data.py``."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

TILE_Y = 'label=Y;city=revenue:yellow_30|green_40|brown_50,slots:1'
LABEL_O = 'label=O;icon=image:river,sticky:1'
TILE_O = f"town=revenue:10;{LABEL_O}"
TILE_M = 'upgrade=cost:1,terrain:hill'
TILE_MM = 'upgrade=cost:2,terrain:mountain'


#: (tile code, hex ids) pairs
Lays = tuple[tuple[str, tuple[str, ...]], ...]


@dataclass(frozen=True)
class HoleSpec:
    """What a "Hole" joining two R areas lays: ``tiles`` the red track around the map edge (code, hex ids), and per
    pair of R areas (their ids sorted, joined by "-") the hexes of that edge track used and the extra crossings the
    pair needs (code, hex ids)."""

    tiles: Lays
    pairs: Mapping[str, tuple[tuple[str, ...], Lays]]


@dataclass(frozen=True)
class MapSpec:
    """One 18ZOO map."""

    letter: str
    corporations: tuple[str, ...]
    homes: Mapping[str, str]
    starting_cash: Mapping[int, int]
    hexes: Mapping[str, Mapping[str, tuple[str, ...]]]
    location_names: Mapping[str, str]
    hole: HoleSpec
    #: the optional centres: hex -> (code, colour); their terrain names
    base_2: Mapping[str, tuple[str, str]] = field(default_factory=dict)
    base_3: Mapping[str, tuple[str, str]] = field(default_factory=dict)
    location_names_base_2: Mapping[str, str] = field(default_factory=dict)
    location_names_base_3: Mapping[str, str] = field(default_factory=dict)


MAP_A = MapSpec(
    letter='A',
    corporations=('GI', 'PB', 'PE', 'LI', 'TI'),
    homes={'GI': 'K9', 'PB': 'N10', 'PE': 'K17', 'LI': 'E15', 'TI': 'H14'},
    starting_cash={2: 40, 3: 28, 4: 27, 5: 22},
    hexes={
        'gray': {
            '': (
                'C9', 'D8', 'K5', 'M7', 'M13'
            ),
            '~hole-ring': (
                'N6', 'O7', 'P8', 'P10', 'O11', 'O13', 'O15', 'O17', 'O19', 'B8', 'C7', 'D6', 'H22', 'I21', 'L20',
                'D18', 'E5', 'J20', 'M19', 'A9', 'A11', 'B16', 'A13', 'B18', 'F22', 'B14', 'F6', 'F20', 'C19', 'G23',
                'K21', 'N20', 'E19'
            ),
            'path=a:0,b:1': ('N8',),
            'path=a:0,b:3': ('G9',),
            'path=a:0,b:4': ('I3',),
            'path=a:0,b:5': ('B10',),
            'path=a:1,b:3': ('L6',),
            'path=a:2,b:3': ('H20',),
            'path=a:2,b:4': ('K19',),
            'path=a:3,b:5': ('B12',),
            'path=a:1,b:4;path=a:3,b:5': ('H16',),
            'path=a:0,b:4;path=a:1,b:4': ('M15',),
            'path=a:0,b:4;path=a:4,b:5': ('K7',),
            'offboard=revenue:0,hide:1;path=a:0,b:_0': ('E7',),
            'offboard=revenue:0,hide:1;path=a:1,b:_0': ('M3', 'O9'),
            'offboard=revenue:0,hide:1;path=a:2,b:_0': ('J6', 'L10'),
            'offboard=revenue:0,hide:1;path=a:3,b:_0': ('G21',),
            'offboard=revenue:0,hide:1;path=a:5,b:_0;path=a:2,b:4': ('M9',),
            'offboard=revenue:0,hide:1;path=a:1,b:_0;path=a:2,b:5': ('L8',),
            'offboard=revenue:0,hide:1;path=a:1,b:_0;path=a:0,b:4': ('I13',),
        },
        'red': {
            'offboard=revenue:yellow_30|brown_60;path=a:2,b:_0;label=R': ('M5', 'N18'),
            'offboard=revenue:yellow_30|brown_60;path=a:4,b:_0;label=R': ('F8',),
            'offboard=revenue:yellow_30|brown_60;path=a:3,b:_0;path=a:4,b:_0;label=R': ('C17',),
            'offboard=revenue:yellow_30|brown_60;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;label=R': ('I19',),
        },
        'white': {
            '': (
                'J4', 'I5', 'G7', 'I7', 'H8', 'J8', 'D10', 'J10', 'G11', 'K11', 'M11', 'F12', 'H12', 'J12', 'L12',
                'E13', 'G13', 'K13', 'D14', 'F14', 'C15', 'G15', 'D16', 'F16', 'J16', 'L16', 'I17', 'M17', 'J18'
            ),
            'city=revenue:0,slots:1': ('K9', 'N10', 'K17', 'E15', 'H14'),
            TILE_O: ('C11', 'C13', 'F18', 'H10', 'I9', 'I11', 'J2', 'L14', 'N12', 'N14'),
            TILE_M: ('D12', 'I15', 'J14', 'E17'),
            TILE_MM: ('E11', 'F10', 'G17', 'H18', 'K3', 'L18', 'N16'),
            TILE_Y: ('E9', 'G19', 'K15', 'L4'),
        },
    },
    location_names={'E11': 'MM', 'F10': 'MM', 'G17': 'MM', 'H18': 'MM', 'K3': 'MM', 'L18': 'MM', 'N16': 'MM', 'D12': 'M', 'I15': 'M', 'J14': 'M', 'E17': 'M'},
    hole=HoleSpec(
        tiles=(
            ('path=a:0,b:2,lanes:2', ('B14', 'F6', 'F20', 'P8')),
            ('path=a:0,b:3,lanes:2', ('A11', 'B16', 'O13', 'O15', 'O17')),
            ('path=a:0,b:4,lanes:2', ('A9', 'O11')),
            ('path=a:1,b:3,lanes:2', ('O19', 'P10')),
            ('path=a:1,b:4,lanes:2', ('B8', 'C7', 'D6', 'H22', 'I21', 'L20')),
            ('path=a:1,b:5,lanes:2', ('D18', 'E5', 'J20', 'M19')),
            ('path=a:2,b:4,lanes:2', ('C19', 'G23', 'K21', 'N20')),
            ('path=a:2,b:5,lanes:2', ('E19', 'N6', 'O7')),
            ('path=a:3,b:5,lanes:2', ('A13', 'B18', 'F22')),
            ('offboard=revenue:yellow_30|brown_60;path=a:3,b:_0;path=a:4,b:_0;label=R;path=a:3,b:0,b_lane:2.0;path=a:3,b:0,b_lane:2.1;path=a:4,b:0,b_lane:2.0;path=a:4,b:0,b_lane:2.1', ('C17',)),
            ('offboard=revenue:yellow_30|brown_60;path=a:4,b:_0;label=R;path=a:3,b:4,a_lane:2.0;path=a:3,b:4,a_lane:2.1', ('F8',)),
            ('offboard=revenue:yellow_30|brown_60;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;label=R;path=a:2,b:0,b_lane:2.0;path=a:2,b:0,b_lane:2.1;path=a:3,b:0,b_lane:2.0;path=a:3,b:0,b_lane:2.1;path=a:4,b:0,b_lane:2.0;path=a:4,b:0,b_lane:2.1;', ('I19',)),
            ('offboard=revenue:yellow_30|brown_60;path=a:2,b:_0;label=R;path=a:5,b:2,a_lane:2.0;path=a:5,b:2,a_lane:2.1', ('M5',)),
            ('offboard=revenue:yellow_30|brown_60;path=a:2,b:_0;label=R;path=a:0,b:2,a_lane:2.0;path=a:0,b:2,a_lane:2.1', ('N18',)),
        ),
        pairs={
            'C17-F8': (
                ('C17', 'B18', 'B16', 'B14', 'A13', 'A11', 'A9', 'B8', 'C7', 'D6', 'E5', 'F6', 'F8'),
                (('path=a:2,b:3,lanes:2', ('C19',)), ),
            ),
            'C17-I19': (
                ('C17', 'D18', 'E19', 'F20', 'F22', 'G23', 'H22', 'I19'),
                (('path=a:4,b:3,lanes:2', ('C19',)), ('path=a:1,b:3,lanes:2', ('I21',)), ),
            ),
            'C17-M5': (
                (
                    'M5', 'N6', 'O7', 'P8', 'P10', 'O11', 'O13', 'O15', 'O17', 'O19', 'N20', 'M19', 'L20', 'K21',
                    'J20', 'I21', 'H22', 'G23', 'F22', 'F20', 'E19', 'D18', 'C17'
                ),
                (('path=a:4,b:3,lanes:2', ('C19',)), ),
            ),
            'C17-N18': (
                (
                    'N18', 'M19', 'L20', 'K21', 'J20', 'I21', 'H22', 'G23', 'F22', 'F20', 'E19', 'D18', 'C17'
                ),
                (('path=a:4,b:3,lanes:2', ('C19',)), ('path=a:2,b:3,lanes:2', ('N20',)), ),
            ),
            'F8-I19': (
                (
                    'I19', 'H22', 'G23', 'F22', 'F20', 'E19', 'D18', 'C19', 'B18', 'B16', 'B14', 'A13', 'A11', 'A9',
                    'B8', 'C7', 'D6', 'E5', 'F6', 'F8'
                ),
                (('path=a:1,b:3,lanes:2', ('I21',)), ),
            ),
            'F8-M5': (
                (
                    'M5', 'N6', 'O7', 'P8', 'P10', 'O11', 'O13', 'O15', 'O17', 'O19', 'N20', 'M19', 'L20', 'K21',
                    'J20', 'I21', 'H22', 'G23', 'F22', 'F20', 'E19', 'D18', 'C19', 'B18', 'B16', 'B14', 'A13', 'A11',
                    'A9', 'B8', 'C7', 'D6', 'E5', 'F6', 'F8'
                ),
                (),
            ),
            'F8-N18': (
                (
                    'N18', 'M19', 'L20', 'K21', 'J20', 'I21', 'H22', 'G23', 'F22', 'F20', 'E19', 'D18', 'C19', 'B18',
                    'B16', 'B14', 'A13', 'A11', 'A9', 'B8', 'C7', 'D6', 'E5', 'F6', 'F8'
                ),
                (('path=a:2,b:3,lanes:2', ('N20',)), ),
            ),
            'I19-M5': (
                (
                    'M5', 'N6', 'O7', 'P8', 'P10', 'O11', 'O13', 'O15', 'O17', 'O19', 'N20', 'M19', 'L20', 'K21',
                    'J20', 'I19'
                ),
                (('path=a:3,b:4,lanes:2', ('I21',)), ),
            ),
            'I19-N18': (
                ('N18', 'M19', 'L20', 'K21', 'J20', 'I19'),
                (('path=a:3,b:4,lanes:2', ('I21',)), ('path=a:2,b:3,lanes:2', ('N20',)), ),
            ),
            'M5-N18': (
                ('M5', 'N6', 'O7', 'P8', 'P10', 'O11', 'O13', 'O15', 'O17', 'O19', 'N18'),
                (('path=a:3,b:4,lanes:2', ('N20',)), ),
            ),
        },
    ),
    base_2={
        'G7': (TILE_O, 'white'),
        'G9': (TILE_M, 'white'),
        'G11': ('', 'white'),
        'H8': (TILE_MM, 'white'),
        'H10': ('offboard=revenue:yellow_30|brown_60;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;path=a:5,b:_0;label=R', 'red'),
        'H12': (TILE_M, 'white'),
        'I7': (TILE_O, 'white'),
        'I9': (TILE_M, 'white'),
        'I11': ('', 'white'),
    },
    base_3={
        'G7': ('path=a:0,b:3', 'gray'),
        'G9': (TILE_O, 'white'),
        'G11': (TILE_MM, 'white'),
        'H8': (TILE_MM, 'white'),
        'H10': (TILE_Y, 'white'),
        'H12': (TILE_O, 'white'),
        'I7': ('path=a:2,b:3;path=a:1,b:3', 'gray'),
        'I9': (TILE_O, 'white'),
        'I11': (TILE_MM, 'white'),
    },
    location_names_base_2={'G9': 'M', 'H8': 'MM', 'H12': 'M', 'I9': 'M'},
    location_names_base_3={'G11': 'MM', 'H8': 'MM', 'I11': 'MM'},
)

MAP_B = MapSpec(
    letter='B',
    corporations=('CR', 'GI', 'PB', 'PE', 'BB'),
    homes={'CR': 'H3', 'GI': 'K10', 'PB': 'N11', 'PE': 'K18', 'BB': 'I6'},
    starting_cash={2: 40, 3: 28, 4: 23, 5: 22},
    hexes={
        'gray': {
            '': (
                'G14', 'M14', 'J21', 'K22', 'L21', 'M20', 'N21', 'O20', 'O18', 'O16', 'O14', 'O12', 'P11', 'P9', 'O8',
                'N7', 'M8'
            ),
            'path=a:0,b:1': ('G4', 'I0', 'N9'),
            'path=a:0,b:3': ('G10',),
            'path=a:0,b:5': ('G0',),
            'path=a:1,b:4': ('I14',),
            'path=a:2,b:3': ('H21',),
            'path=a:2,b:4': ('K20',),
            'path=a:4,b:5': ('F5',),
            'path=a:0,b:4;path=a:1,b:4': ('M16',),
            'path=a:1,b:4;path=a:3,b:5': ('H17',),
            'path=a:0,b:4;path=a:4,b:5': ('K8',),
            'junction;path=a:0,b:_0;path=a:2,b:_0;path=a:4,b:_0': ('I4',),
            'offboard=revenue:0,hide:1;path=a:1,b:_0': ('M4', 'O10'),
            'offboard=revenue:0,hide:1;path=a:2,b:_0': ('L11',),
            'offboard=revenue:0,hide:1;path=a:3,b:_0': ('G22',),
            'offboard=revenue:0,hide:1;path=a:1,b:_0;path=a:2,b:5': ('L9',),
            'offboard=revenue:0,hide:1;path=a:5,b:_0;path=a:2,b:4': ('M10',),
        },
        'red': {
            'offboard=revenue:yellow_30|brown_60;path=a:1,b:_0;path=a:2,b:_0;label=R': ('M6',),
            'offboard=revenue:yellow_30|brown_60;path=a:2,b:_0;label=R': ('N19',),
            'offboard=revenue:yellow_30|brown_60;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;label=R': ('I20',),
        },
        'white': {
            '': (
                'F7', 'G8', 'G12', 'G18', 'H5', 'H7', 'H9', 'H13', 'H15', 'I2', 'I8', 'I18', 'J5', 'J7', 'J9', 'J11',
                'J13', 'J17', 'J19', 'K12', 'K14', 'L13', 'L17', 'M12', 'M18'
            ),
            'city=revenue:0,slots:1': ('H3', 'I6', 'K10', 'K18', 'N11'),
            TILE_O: ('G2', 'G16', 'H1', 'H11', 'I10', 'I12', 'J3', 'L15', 'N13', 'N15'),
            TILE_M: ('I16', 'J15', 'K6'),
            TILE_MM: ('H19', 'K4', 'L7', 'L19', 'N17'),
            TILE_Y: ('G6', 'G20', 'K16', 'L5'),
        },
    },
    location_names={'I16': 'M', 'J15': 'M', 'K6': 'M', 'H19': 'MM', 'K4': 'MM', 'L7': 'MM', 'L19': 'MM', 'N17': 'MM'},
    hole=HoleSpec(
        tiles=(
            ('path=a:2,b:5,lanes:2', ('J21', 'O8', 'N7')),
            ('path=a:2,b:4,lanes:2', ('K22', 'N21')),
            ('path=a:1,b:4,lanes:2', ('L21',)),
            ('path=a:1,b:5,lanes:2', ('M20',)),
            ('path=a:1,b:3,lanes:2', ('O20', 'P11')),
            ('path=a:0,b:3,lanes:2', ('O18', 'O16', 'O14')),
            ('path=a:0,b:4,lanes:2', ('O12',)),
            ('path=a:0,b:2,lanes:2', ('P9',)),
            ('offboard=revenue:yellow_30|brown_60;path=a:1,b:_0;path=a:2,b:_0;label=R;path=a:1,b:5,b_lane:2.0;path=a:1,b:5,b_lane:2.1;path=a:2,b:5,b_lane:2.0;path=a:2,b:5,b_lane:2.1', ('M6',)),
            ('offboard=revenue:yellow_30|brown_60;path=a:2,b:_0;label=R;path=a:2,b:0,b_lane:2.0;path=a:2,b:0,b_lane:2.1', ('N19',)),
            ('offboard=revenue:yellow_30|brown_60;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;label=R;path=a:2,b:5,b_lane:2.0;path=a:2,b:5,b_lane:2.1;path=a:3,b:5,b_lane:2.0;path=a:3,b:5,b_lane:2.1;path=a:4,b:5,b_lane:2.0;path=a:4,b:5,b_lane:2.1;', ('I20',)),
        ),
        pairs={
            'I20-M6': (
                (
                    'I20', 'J21', 'K22', 'L21', 'M20', 'N21', 'O20', 'O18', 'O16', 'O14', 'O12', 'P11', 'P9', 'O8',
                    'N7', 'M6'
                ),
                (),
            ),
            'I20-N19': (
                ('I20', 'J21', 'K22', 'L21', 'M20', 'N19'),
                (('path=a:2,b:3,lanes:2', ('N21',)), ),
            ),
            'M6-N19': (
                ('N19', 'O20', 'O18', 'O16', 'O14', 'O12', 'P11', 'P9', 'O8', 'N7', 'M6'),
                (('path=a:3,b:4,lanes:2', ('N21',)), ),
            ),
        },
    ),
    base_2={
        'G8': (TILE_O, 'white'),
        'G10': (TILE_M, 'white'),
        'G12': ('', 'white'),
        'H9': (TILE_MM, 'white'),
        'H11': ('offboard=revenue:yellow_30|brown_60;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;path=a:5,b:_0;label=R', 'red'),
        'H13': (TILE_M, 'white'),
        'I8': (TILE_O, 'white'),
        'I10': (TILE_M, 'white'),
        'I12': ('', 'white'),
    },
    base_3={
        'G8': ('path=a:0,b:3', 'gray'),
        'G10': (TILE_O, 'white'),
        'G12': (TILE_MM, 'white'),
        'H9': (TILE_MM, 'white'),
        'H11': (TILE_Y, 'white'),
        'H13': (TILE_O, 'white'),
        'I8': ('path=a:2,b:3;path=a:1,b:3', 'gray'),
        'I10': (TILE_O, 'white'),
        'I12': (TILE_MM, 'white'),
    },
    location_names_base_2={'G10': 'M', 'H9': 'MM', 'H13': 'M', 'I10': 'M'},
    location_names_base_3={'G12': 'MM', 'H9': 'MM', 'I12': 'MM'},
)

MAP_C = MapSpec(
    letter='C',
    corporations=('CR', 'LI', 'TI', 'BB', 'EL'),
    homes={'CR': 'I3', 'LI': 'F16', 'TI': 'I15', 'BB': 'J6', 'EL': 'E5'},
    starting_cash={2: 40, 3: 28, 4: 23, 5: 22},
    hexes={
        'gray': {
            '': (
                'G3', 'E1', 'D2', 'C3', 'C5', 'D6', 'D8', 'C9', 'B8', 'A9', 'A11', 'B12', 'B14', 'C15', 'C17', 'C19',
                'D20', 'E19', 'F20', 'G21', 'G23'
            ),
            '~hole-ring': (
                'H24', 'I23', 'J22', 'K21', 'K19', 'K17', 'K15', 'K13', 'K11', 'K9', 'L8', 'M9', 'N8'
            ),
            'path=a:0,b:1': ('E3', 'J0'),
            'path=a:1,b:4': ('G7',),
            'path=a:0,b:3': ('H10',),
            'path=a:0,b:5': ('H0',),
            'path=a:2,b:3': ('I21',),
            'path=a:3,b:5': ('C13',),
            'path=a:4,b:5': ('D4',),
            'path=a:1,b:4;path=a:3,b:5': ('I17',),
            'junction;path=a:0,b:_0;path=a:2,b:_0;path=a:4,b:_0': ('J4',),
            'offboard=revenue:0,hide:1;path=a:5,b:_0': ('B10',),
            'offboard=revenue:0,hide:1;path=a:1,b:_0': ('N4',),
            'offboard=revenue:0,hide:1;path=a:3,b:_0': ('H22',),
            'offboard=revenue:0,hide:1;path=a:1,b:_0;path=a:0,b:4': ('J14',),
        },
        'red': {
            'offboard=revenue:yellow_30|brown_60;path=a:1,b:_0;path=a:2,b:_0;label=R': ('N6',),
            'offboard=revenue:yellow_30|brown_60;path=a:0,b:_0;label=R': ('F2',),
            'offboard=revenue:yellow_30|brown_60;path=a:3,b:_0;path=a:4,b:_0;label=R': ('D18',),
            'offboard=revenue:yellow_30|brown_60;path=a:2,b:_0;path=a:3,b:_0;label=R': ('J20',),
        },
        'white': {
            '': (
                'D10', 'D16', 'E11', 'E15', 'E17', 'F4', 'F14', 'G5', 'G13', 'G15', 'G17', 'H4', 'H8', 'H12', 'H14',
                'H16', 'I5', 'I7', 'I9', 'I13', 'J2', 'J8', 'J18', 'K5', 'K7'
            ),
            'city=revenue:0,slots:1': ('E5', 'F16', 'I3', 'I15', 'J6'),
            TILE_O: ('D12', 'D14', 'E9', 'F6', 'G19', 'H2', 'I1', 'I11', 'J10', 'J12', 'K3'),
            TILE_M: ('E13', 'F18', 'G9', 'J16', 'L6'),
            TILE_MM: ('E7', 'F8', 'F12', 'G11', 'H18', 'I19', 'L4', 'M7'),
            TILE_Y: ('C11', 'F10', 'H6', 'H20', 'M5'),
        },
    },
    location_names={'E13': 'M', 'F18': 'M', 'G9': 'M', 'J16': 'M', 'L6': 'M', 'E7': 'MM', 'F8': 'MM', 'F12': 'MM', 'G11': 'MM', 'H18': 'MM', 'I19': 'MM', 'L4': 'MM', 'M7': 'MM'},
    hole=HoleSpec(
        tiles=(
            ('path=a:1,b:5,lanes:2', ('E1', 'B8', 'E19', 'L8')),
            ('path=a:1,b:4,lanes:2', ('D2', 'I23', 'J22')),
            ('path=a:0,b:4,lanes:2', ('C3', 'A9', 'K9')),
            ('path=a:3,b:5,lanes:2', ('C5', 'A11', 'B14', 'C19', 'G23')),
            ('path=a:0,b:2,lanes:2', ('D6', 'B12', 'C15', 'G21')),
            ('path=a:1,b:3,lanes:2', ('D8', 'K21', 'N8')),
            ('path=a:2,b:4,lanes:2', ('C9', 'D20', 'H24', 'M9')),
            ('path=a:0,b:3,lanes:2', ('C17', 'K19', 'K17', 'K15', 'K13', 'K11')),
            ('path=a:2,b:5,lanes:2', ('F20',)),
            ('offboard=revenue:yellow_30|brown_60;path=a:1,b:_0;path=a:2,b:_0;label=R;path=a:1,b:0,b_lane:2.0;path=a:1,b:0,b_lane:2.1;path=a:2,b:0,b_lane:2.0;path=a:2,b:0,b_lane:2.1', ('N6',)),
            ('offboard=revenue:yellow_30|brown_60;path=a:0,b:_0;label=R;path=a:0,b:2,b_lane:2.0;path=a:0,b:2,b_lane:2.1', ('F2',)),
            ('offboard=revenue:yellow_30|brown_60;path=a:3,b:_0;path=a:4,b:_0;label=R;path=a:3,b:0,b_lane:2.0;path=a:3,b:0,b_lane:2.1;path=a:4,b:0,b_lane:2.0;path=a:4,b:0,b_lane:2.1', ('D18',)),
            ('offboard=revenue:yellow_30|brown_60;path=a:2,b:_0;path=a:3,b:_0;label=R;path=a:2,b:0,b_lane:2.0;path=a:2,b:0,b_lane:2.1;path=a:3,b:0,b_lane:2.0;path=a:3,b:0,b_lane:2.1', ('J20',)),
        ),
        pairs={
            'D18-F2': (
                (
                    'F2', 'E1', 'D2', 'C3', 'C5', 'D6', 'D8', 'C9', 'B8', 'A9', 'A11', 'B12', 'B14', 'C15', 'C17',
                    'C19', 'D18'
                ),
                (('path=a:2,b:3,lanes:2', ('D20',)), ),
            ),
            'D18-J20': (
                ('D18', 'E19', 'F20', 'G21', 'G23', 'H24', 'I23', 'J20'),
                (('path=a:3,b:4,lanes:2', ('D20',)), ('path=a:1,b:3,lanes:2', ('J22',)), ),
            ),
            'D18-N6': (
                (
                    'D18', 'E19', 'F20', 'G21', 'G23', 'H24', 'I23', 'J22', 'K21', 'K19', 'K17', 'K15', 'K13', 'K11',
                    'K9', 'L8', 'M9', 'N8', 'N6'
                ),
                (('path=a:3,b:4,lanes:2', ('D20',)), ),
            ),
            'F2-J20': (
                (
                    'F2', 'E1', 'D2', 'C3', 'C5', 'D6', 'D8', 'C9', 'B8', 'A9', 'A11', 'B12', 'B14', 'C15', 'C17',
                    'C19', 'D20', 'E19', 'F20', 'G21', 'G23', 'H24', 'I23', 'J20'
                ),
                (('path=a:1,b:3,lanes:2', ('J22',)), ),
            ),
            'F2-N6': (
                (
                    'F2', 'E1', 'D2', 'C3', 'C5', 'D6', 'D8', 'C9', 'B8', 'A9', 'A11', 'B12', 'B14', 'C15', 'C17',
                    'C19', 'D20', 'E19', 'F20', 'G21', 'G23', 'H24', 'I23', 'J22', 'K21', 'K19', 'K17', 'K15', 'K13',
                    'K11', 'K9', 'L8', 'M9', 'N8', 'N6'
                ),
                (),
            ),
            'J20-N6': (
                ('J20', 'K21', 'K19', 'K17', 'K15', 'K13', 'K11', 'K9', 'L8', 'M9', 'N8', 'N6'),
                (('path=a:3,b:4,lanes:2', ('J22',)), ),
            ),
        },
    ),
    base_2={
        'H8': (TILE_O, 'white'),
        'H10': (TILE_M, 'white'),
        'H12': ('', 'white'),
        'I9': (TILE_MM, 'white'),
        'I11': ('offboard=revenue:yellow_30|brown_60;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;path=a:5,b:_0;label=R', 'red'),
        'I13': (TILE_M, 'white'),
        'J8': (TILE_O, 'white'),
        'J10': (TILE_M, 'white'),
        'J12': ('', 'white'),
    },
    base_3={
        'H8': ('path=a:0,b:3', 'gray'),
        'H10': (TILE_O, 'white'),
        'H12': (TILE_MM, 'white'),
        'I9': (TILE_MM, 'white'),
        'I11': (TILE_Y, 'white'),
        'I13': (TILE_O, 'white'),
        'J8': ('path=a:2,b:3;path=a:1,b:3', 'gray'),
        'J10': (TILE_O, 'white'),
        'J12': (TILE_MM, 'white'),
    },
    location_names_base_2={'H10': 'M', 'I9': 'MM', 'I13': 'M', 'J10': 'M'},
    location_names_base_3={'H12': 'MM', 'I9': 'MM', 'J12': 'MM'},
)

MAP_D = MapSpec(
    letter='D',
    corporations=('CR', 'GI', 'PB', 'PE', 'LI', 'TI', 'BB'),
    homes={'CR': 'H3', 'GI': 'K10', 'PB': 'N11', 'PE': 'K18', 'LI': 'E16', 'TI': 'H15', 'BB': 'I6'},
    starting_cash={2: 48, 3: 32, 4: 27, 5: 22},
    hexes={
        'gray': {
            '': (
                'C10', 'D9', 'E6', 'M14', 'D7', 'C8', 'B9', 'A10', 'A12', 'A14', 'B15', 'B17', 'B19', 'C20', 'D19',
                'E20', 'F21', 'F23'
            ),
            '~hole-ring': (
                'G24', 'H23', 'I22', 'J21', 'K22', 'L21', 'M20', 'N21', 'O20', 'O18', 'O16', 'O14', 'O12', 'P11',
                'P9', 'O8', 'N7', 'M8'
            ),
            'path=a:0,b:1': ('G4', 'I0', 'N9'),
            'path=a:0,b:3': ('G10',),
            'path=a:0,b:5': ('B11', 'G0'),
            'path=a:2,b:3': ('H21',),
            'path=a:2,b:4': ('K20',),
            'path=a:3,b:5': ('B13',),
            'path=a:4,b:5': ('F5',),
            'path=a:0,b:4;path=a:1,b:4': ('M16',),
            'path=a:1,b:4;path=a:3,b:5': ('H17',),
            'path=a:0,b:4;path=a:4,b:5': ('K8',),
            'junction;path=a:0,b:_0;path=a:2,b:_0;path=a:4,b:_0': ('I4',),
            'offboard=revenue:0,hide:1;path=a:1,b:_0': ('M4', 'O10'),
            'offboard=revenue:0,hide:1;path=a:0,b:_0': ('E8',),
            'offboard=revenue:0,hide:1;path=a:2,b:_0': ('L11',),
            'offboard=revenue:0,hide:1;path=a:3,b:_0': ('G22',),
            'offboard=revenue:0,hide:1;path=a:1,b:_0;path=a:2,b:5': ('L9',),
            'offboard=revenue:0,hide:1;path=a:5,b:_0;path=a:2,b:4': ('M10',),
            'offboard=revenue:0,hide:1;path=a:1,b:_0;path=a:0,b:4': ('I14',),
        },
        'red': {
            'offboard=revenue:yellow_30|brown_60;path=a:1,b:_0;path=a:2,b:_0;label=R': ('M6',),
            'offboard=revenue:yellow_30|brown_60;path=a:2,b:_0;label=R': ('N19',),
            'offboard=revenue:yellow_30|brown_60;path=a:4,b:_0;label=R': ('F9',),
            'offboard=revenue:yellow_30|brown_60;path=a:3,b:_0;path=a:4,b:_0;label=R': ('C18',),
            'offboard=revenue:yellow_30|brown_60;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;label=R': ('I20',),
        },
        'white': {
            '': (
                'C16', 'D11', 'D15', 'D17', 'E14', 'F7', 'F13', 'F15', 'F17', 'G8', 'G12', 'G14', 'G16', 'H5', 'H7',
                'H9', 'H13', 'I2', 'I8', 'I18', 'J5', 'J7', 'J9', 'J11', 'J13', 'J17', 'J19', 'K12', 'K14', 'L13',
                'L17', 'M12', 'M18'
            ),
            'city=revenue:0,slots:1': ('E16', 'H3', 'H15', 'I6', 'K10', 'K18', 'N11'),
            TILE_O: ('C12', 'C14', 'F19', 'G2', 'H1', 'H11', 'I10', 'I12', 'J3', 'L15', 'N13', 'N15'),
            TILE_M: ('D13', 'E18', 'I16', 'J15', 'K6'),
            TILE_MM: ('E12', 'F11', 'G18', 'H19', 'K4', 'L7', 'L19', 'N17'),
            TILE_Y: ('E10', 'G6', 'G20', 'K16', 'L5'),
        },
    },
    location_names={'D13': 'M', 'E18': 'M', 'I16': 'M', 'J15': 'M', 'K6': 'M', 'E12': 'MM', 'F11': 'MM', 'G18': 'MM', 'H19': 'MM', 'K4': 'MM', 'L7': 'MM', 'L19': 'MM', 'N17': 'MM'},
    hole=HoleSpec(
        tiles=(
            ('path=a:2,b:5,lanes:2', ('E20', 'O8', 'N7')),
            ('path=a:2,b:4,lanes:2', ('C20', 'G24', 'K22', 'N21')),
            ('path=a:1,b:4,lanes:2', ('C8', 'B9', 'H23', 'I22', 'L21')),
            ('path=a:1,b:5,lanes:2', ('D7', 'D19', 'J21', 'M20')),
            ('path=a:1,b:3,lanes:2', ('O20', 'P11')),
            ('path=a:0,b:2,lanes:2', ('B15', 'F21', 'P9')),
            ('path=a:0,b:3,lanes:2', ('A12', 'B17', 'O18', 'O16', 'O14')),
            ('path=a:0,b:4,lanes:2', ('A10', 'O12')),
            ('path=a:3,b:5,lanes:2', ('A14', 'B19', 'F23')),
            ('offboard=revenue:0,hide:1;path=a:0,b:_0;path=a:2,b:5,lanes:2', ('E8',)),
            ('offboard=revenue:yellow_30|brown_60;path=a:1,b:_0;path=a:2,b:_0;label=R;path=a:1,b:5,b_lane:2.0;path=a:1,b:5,b_lane:2.1;path=a:2,b:5,b_lane:2.0;path=a:2,b:5,b_lane:2.1', ('M6',)),
            ('offboard=revenue:yellow_30|brown_60;path=a:2,b:_0;label=R;path=a:2,b:0,b_lane:2.0;path=a:2,b:0,b_lane:2.1', ('N19',)),
            ('offboard=revenue:yellow_30|brown_60;path=a:4,b:_0;label=R;path=a:4,b:2,b_lane:2.0;path=a:4,b:2,b_lane:2.1', ('F9',)),
            ('offboard=revenue:yellow_30|brown_60;path=a:3,b:_0;path=a:4,b:_0;label=R;path=a:3,b:0,b_lane:2.0;path=a:3,b:0,b_lane:2.1;path=a:4,b:0,b_lane:2.0;path=a:4,b:0,b_lane:2.1', ('C18',)),
            ('offboard=revenue:yellow_30|brown_60;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;label=R;path=a:2,b:0,b_lane:2.0;path=a:2,b:0,b_lane:2.1;path=a:3,b:0,b_lane:2.0;path=a:3,b:0,b_lane:2.1;path=a:4,b:0,b_lane:2.0;path=a:4,b:0,b_lane:2.1', ('I20',)),
        ),
        pairs={
            'C18-F9': (
                ('F9', 'E8', 'D7', 'C8', 'B9', 'A10', 'A12', 'A14', 'B15', 'B17', 'B19', 'C18'),
                (('path=a:2,b:3,lanes:2', ('C20',)), ),
            ),
            'C18-I20': (
                ('C18', 'D19', 'E20', 'F21', 'F23', 'G24', 'H23', 'I20'),
                (('path=a:3,b:4,lanes:2', ('C20',)), ('path=a:1,b:3,lanes:2', ('I22',)), ),
            ),
            'C18-M6': (
                (
                    'C18', 'D19', 'E20', 'F21', 'F23', 'G24', 'H23', 'I22', 'J21', 'K22', 'L21', 'M20', 'N21', 'O20',
                    'O18', 'O16', 'O14', 'O12', 'P11', 'P9', 'O8', 'N7', 'M8', 'M6'
                ),
                (('path=a:3,b:4,lanes:2', ('C20',)), ),
            ),
            'C18-N19': (
                (
                    'C18', 'D19', 'E20', 'F21', 'F23', 'G24', 'H23', 'I22', 'J21', 'K22', 'L21', 'M20', 'N19'
                ),
                (('path=a:3,b:4,lanes:2', ('C20',)), ('path=a:2,b:3,lanes:2', ('N21',)), ),
            ),
            'F9-I20': (
                (
                    'F9', 'E8', 'D7', 'C8', 'B9', 'A10', 'A12', 'A14', 'B15', 'B17', 'B19', 'C20', 'D19', 'E20',
                    'F21', 'F23', 'G24', 'H23', 'I20'
                ),
                (('path=a:1,b:3,lanes:2', ('I22',)), ),
            ),
            'F9-M6': (
                (
                    'F9', 'E8', 'D7', 'C8', 'B9', 'A10', 'A12', 'A14', 'B15', 'B17', 'B19', 'C20', 'D19', 'E20',
                    'F21', 'F23', 'G24', 'H23', 'I22', 'J21', 'K22', 'L21', 'M20', 'N21', 'O20', 'O18', 'O16', 'O14',
                    'O12', 'P11', 'P9', 'O8', 'N7', 'M8', 'M6'
                ),
                (),
            ),
            'F9-N19': (
                (
                    'F9', 'E8', 'D7', 'C8', 'B9', 'A10', 'A12', 'A14', 'B15', 'B17', 'B19', 'C20', 'D19', 'E20',
                    'F21', 'F23', 'G24', 'H23', 'I22', 'J21', 'K22', 'L21', 'M20', 'N19'
                ),
                (('path=a:2,b:3,lanes:2', ('N21',)), ),
            ),
            'I20-M6': (
                (
                    'I20', 'J21', 'K22', 'L21', 'M20', 'N21', 'O20', 'O18', 'O16', 'O14', 'O12', 'P11', 'P9', 'O8',
                    'N7', 'M8', 'M6'
                ),
                (('path=a:3,b:4,lanes:2', ('I22',)), ),
            ),
            'I20-N19': (
                ('I20', 'J21', 'K22', 'L21', 'M20', 'N19'),
                (('path=a:3,b:4,lanes:2', ('I22',)), ('path=a:2,b:3,lanes:2', ('N21',)), ),
            ),
            'M6-N19': (
                ('N19', 'O20', 'O18', 'O16', 'O14', 'O12', 'P11', 'P9', 'O8', 'N7', 'M8', 'M6'),
                (('path=a:3,b:4,lanes:2', ('N21',)), ),
            ),
        },
    ),
    base_2={
        'G8': (TILE_O, 'white'),
        'G10': (TILE_M, 'white'),
        'G12': ('', 'white'),
        'H9': (TILE_MM, 'white'),
        'H11': ('offboard=revenue:yellow_30|brown_60;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;path=a:5,b:_0;label=R', 'red'),
        'H13': (TILE_M, 'white'),
        'I8': (TILE_O, 'white'),
        'I10': (TILE_M, 'white'),
        'I12': ('', 'white'),
    },
    base_3={
        'G8': ('path=a:0,b:3', 'gray'),
        'G10': (TILE_O, 'white'),
        'G12': (TILE_MM, 'white'),
        'H9': (TILE_MM, 'white'),
        'H11': (TILE_Y, 'white'),
        'H13': (TILE_O, 'white'),
        'I8': ('path=a:2,b:3;path=a:1,b:3', 'gray'),
        'I10': (TILE_O, 'white'),
        'I12': (TILE_MM, 'white'),
    },
    location_names_base_2={'G10': 'M', 'H9': 'MM', 'H13': 'M', 'I10': 'M'},
    location_names_base_3={'G12': 'MM', 'H9': 'MM', 'I12': 'MM'},
)

MAP_E = MapSpec(
    letter='E',
    corporations=('CR', 'GI', 'PB', 'PE', 'TI', 'BB', 'EL'),
    homes={'CR': 'H3', 'GI': 'K10', 'PB': 'N11', 'PE': 'K18', 'TI': 'H15', 'BB': 'I6', 'EL': 'D5'},
    starting_cash={2: 48, 3: 32, 4: 27, 5: 22},
    hexes={
        'gray': {
            '': (
                'F3', 'F15', 'M8', 'M14', 'D1', 'C2', 'B3', 'B5', 'C6', 'C8', 'D9', 'E8', 'F9', 'F11', 'F13', 'E14',
                'E16', 'E18', 'E20'
            ),
            '~hole-ring': (
                'F21', 'F23', 'G24', 'H23', 'I22', 'J21', 'K22', 'L21', 'M20', 'N21', 'O20', 'O18', 'O16', 'O14',
                'O12', 'P11', 'P9', 'O8', 'N7'
            ),
            'path=a:0,b:1': ('D3', 'I0', 'N9'),
            'path=a:0,b:3': ('G10',),
            'path=a:0,b:5': ('G0',),
            'path=a:2,b:3': ('H21',),
            'path=a:2,b:4': ('K20',),
            'path=a:0,b:4;path=a:1,b:4': ('M16',),
            'path=a:4,b:5': ('C4',),
            'path=a:1,b:4;path=a:3,b:5': ('H17',),
            'path=a:0,b:4;path=a:4,b:5': ('K8',),
            'junction;path=a:0,b:_0;path=a:2,b:_0;path=a:4,b:_0': ('I4',),
            'offboard=revenue:0,hide:1;path=a:1,b:_0': ('M4', 'O10'),
            'offboard=revenue:0,hide:1;path=a:2,b:_0': ('L11',),
            'offboard=revenue:0,hide:1;path=a:3,b:_0': ('G22',),
            'offboard=revenue:0,hide:1;path=a:4,b:_0': ('F7',),
            'offboard=revenue:0,hide:1;path=a:1,b:_0;path=a:2,b:5': ('L9',),
            'offboard=revenue:0,hide:1;path=a:5,b:_0;path=a:2,b:4': ('M10',),
            'offboard=revenue:0,hide:1;path=a:1,b:_0;path=a:0,b:4': ('I14',),
        },
        'red': {
            'offboard=revenue:yellow_30|brown_60;path=a:1,b:_0;path=a:2,b:_0;label=R': ('M6',),
            'offboard=revenue:yellow_30|brown_60;path=a:2,b:_0;label=R': ('N19',),
            'offboard=revenue:yellow_30|brown_60;path=a:0,b:_0;label=R': ('E2',),
            'offboard=revenue:yellow_30|brown_60;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;label=R': ('I20',),
        },
        'white': {
            '': (
                'E4', 'F5', 'G4', 'G8', 'G12', 'G14', 'G16', 'H5', 'H7', 'H9', 'H13', 'I2', 'I8', 'I18', 'J5', 'J7',
                'J9', 'J11', 'J13', 'J17', 'J19', 'K12', 'K14', 'L13', 'L17', 'M12', 'M18'
            ),
            'city=revenue:0,slots:1': ('D5', 'H3', 'H15', 'I6', 'K10', 'K18', 'N11'),
            TILE_O: ('E6', 'F17', 'F19', 'G2', 'H1', 'H11', 'I10', 'I12', 'J3', 'L15', 'N13', 'N15'),
            TILE_M: ('I16', 'J15', 'K6'),
            TILE_MM: ('D7', 'G18', 'H19', 'K4', 'L7', 'L19', 'N17'),
            TILE_Y: ('G6', 'G20', 'K16', 'L5'),
        },
    },
    location_names={'I16': 'M', 'J15': 'M', 'K6': 'M', 'D7': 'MM', 'G18': 'MM', 'H19': 'MM', 'K4': 'MM', 'L7': 'MM', 'L19': 'MM', 'N17': 'MM'},
    hole=HoleSpec(
        tiles=(
            ('path=a:1,b:5,lanes:2', ('D1', 'E8', 'J21', 'M20')),
            ('path=a:1,b:4,lanes:2', ('C2', 'H23', 'I22', 'L21')),
            ('path=a:1,b:3,lanes:2', ('O20',)),
            ('path=a:0,b:4,lanes:2', ('B3', 'E14', 'O12')),
            ('path=a:3,b:5,lanes:2', ('B5', 'C8', 'E20', 'F23')),
            ('path=a:0,b:2,lanes:2', ('C6', 'F9', 'F21', 'P9')),
            ('path=a:1,b:3,lanes:2', ('F13', 'P11')),
            ('path=a:2,b:4,lanes:2', ('D9', 'G24', 'K22', 'N21')),
            ('path=a:0,b:3,lanes:2', ('F11', 'E16', 'E18', 'O18', 'O16', 'O14')),
            ('path=a:2,b:5,lanes:2', ('O8', 'N7')),
            ('offboard=revenue:yellow_30|brown_60;path=a:1,b:_0;path=a:2,b:_0;label=R;path=a:1,b:5,b_lane:2.0;path=a:1,b:5,b_lane:2.1;path=a:2,b:5,b_lane:2.0;path=a:2,b:5,b_lane:2.1', ('M6',)),
            ('offboard=revenue:yellow_30|brown_60;path=a:2,b:_0;label=R;path=a:2,b:0,b_lane:2.0;path=a:2,b:0,b_lane:2.1', ('N19',)),
            ('offboard=revenue:yellow_30|brown_60;path=a:0,b:_0;label=R;path=a:0,b:2,b_lane:2.0;path=a:0,b:2,b_lane:2.1', ('E2',)),
            ('offboard=revenue:yellow_30|brown_60;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;label=R;path=a:2,b:0,b_lane:2.0;path=a:2,b:0,b_lane:2.1;path=a:3,b:0,b_lane:2.0;path=a:3,b:0,b_lane:2.1;path=a:4,b:0,b_lane:2.0;path=a:4,b:0,b_lane:2.1', ('I20',)),
        ),
        pairs={
            'E2-I20': (
                (
                    'E2', 'D1', 'C2', 'B3', 'B5', 'C6', 'C8', 'D9', 'E8', 'F9', 'F11', 'F13', 'E14', 'E16', 'E18',
                    'E20', 'F21', 'F23', 'G24', 'H23', 'I20'
                ),
                (('path=a:1,b:3,lanes:2', ('I22',)), ),
            ),
            'E2-M6': (
                (
                    'E2', 'D1', 'C2', 'B3', 'B5', 'C6', 'C8', 'D9', 'E8', 'F9', 'F11', 'F13', 'E14', 'E16', 'E18',
                    'E20', 'F21', 'F23', 'G24', 'H23', 'I22', 'J21', 'K22', 'L21', 'M20', 'N21', 'O20', 'O18', 'O16',
                    'O14', 'O12', 'P11', 'P9', 'O8', 'N7', 'M6'
                ),
                (),
            ),
            'E2-N19': (
                (
                    'E2', 'D1', 'C2', 'B3', 'B5', 'C6', 'C8', 'D9', 'E8', 'F9', 'F11', 'F13', 'E14', 'E16', 'E18',
                    'E20', 'F21', 'F23', 'G24', 'H23', 'I22', 'J21', 'K22', 'L21', 'M20', 'N19'
                ),
                (('path=a:2,b:3,lanes:2', ('N21',)), ),
            ),
            'I20-M6': (
                (
                    'I20', 'J21', 'K22', 'L21', 'M20', 'N21', 'O20', 'O18', 'O16', 'O14', 'O12', 'P11', 'P9', 'O8',
                    'N7', 'M6'
                ),
                (('path=a:3,b:4,lanes:2', ('I22',)), ),
            ),
            'I20-N19': (
                ('I20', 'J21', 'K22', 'L21', 'M20', 'N19'),
                (('path=a:3,b:4,lanes:2', ('I22',)), ('path=a:2,b:3,lanes:2', ('N21',)), ),
            ),
            'M6-N19': (
                ('N19', 'O20', 'O18', 'O16', 'O14', 'O12', 'P11', 'P9', 'O8', 'N7', 'M6'),
                (('path=a:3,b:4,lanes:2', ('N21',)), ),
            ),
        },
    ),
    base_2={
        'G8': (TILE_O, 'white'),
        'G10': (TILE_M, 'white'),
        'G12': ('', 'white'),
        'H9': (TILE_MM, 'white'),
        'H11': ('offboard=revenue:yellow_30|brown_60;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;path=a:5,b:_0;label=R', 'red'),
        'H13': (TILE_M, 'white'),
        'I8': (TILE_O, 'white'),
        'I10': (TILE_M, 'white'),
        'I12': ('', 'white'),
    },
    base_3={
        'G8': ('path=a:0,b:3', 'gray'),
        'G10': (TILE_O, 'white'),
        'G12': (TILE_MM, 'white'),
        'H9': (TILE_MM, 'white'),
        'H11': (TILE_Y, 'white'),
        'H13': (TILE_O, 'white'),
        'I8': ('path=a:2,b:3;path=a:1,b:3', 'gray'),
        'I10': (TILE_O, 'white'),
        'I12': (TILE_MM, 'white'),
    },
    location_names_base_2={'G10': 'M', 'H9': 'MM', 'H13': 'M', 'I10': 'M'},
    location_names_base_3={'G12': 'MM', 'H9': 'MM', 'I12': 'MM'},
)

MAP_F = MapSpec(
    letter='F',
    corporations=('CR', 'GI', 'PE', 'LI', 'TI', 'BB', 'EL'),
    homes={'CR': 'I3', 'GI': 'L10', 'PE': 'L18', 'LI': 'F16', 'TI': 'I15', 'BB': 'J6', 'EL': 'E5'},
    starting_cash={2: 48, 3: 32, 4: 27, 5: 22},
    hexes={
        'gray': {
            '': (
                'G3', 'E1', 'D2', 'C3', 'C5', 'D6', 'D8', 'C9', 'B8', 'A9', 'A11', 'B12', 'B14', 'C15', 'C17', 'C19',
                'D20', 'E19', 'F20', 'G21', 'G23', 'H24', 'I23', 'J22', 'K21', 'L20', 'M21', 'N20', 'N18', 'N16',
                'N14', 'N12', 'N10', 'N8'
            ),
            'path=a:0,b:1': ('E3', 'J0'),
            'path=a:0,b:2;path=a:0,b:3': ('M11',),
            'path=a:0,b:3': ('H10', 'M13'),
            'path=a:0,b:5': ('H0', 'K15'),
            'path=a:1,b:3': ('L12',),
            'path=a:1,b:4': ('G7',),
            'path=a:1,b:4~K13': ('K13',),
            'path=a:2,b:3': ('I21',),
            'path=a:3,b:5': ('C13',),
            'path=a:4,b:5': ('D4',),
            'path=a:1,b:4;path=a:3,b:5': ('I17',),
            'junction;path=a:0,b:_0;path=a:2,b:_0;path=a:4,b:_0': ('J4',),
            'offboard=revenue:0,hide:1;path=a:1,b:_0': ('N4',),
            'offboard=revenue:0,hide:1;path=a:2,b:_0': ('M19',),
            'offboard=revenue:0,hide:1;path=a:3,b:_0': ('H22',),
            'offboard=revenue:0,hide:1;path=a:4,b:_0': ('K11',),
            'offboard=revenue:0,hide:1;path=a:5,b:_0': ('B10',),
            'offboard=revenue:0,hide:1;path=a:1,b:2;path=a:2,b:0': ('M9',),
            'offboard=revenue:0,hide:1;path=a:1,b:_0;path=a:0,b:4': ('J14',),
        },
        'red': {
            'offboard=revenue:yellow_30|brown_60;path=a:1,b:_0;path=a:2,b:_0;label=R': ('N6',),
            'offboard=revenue:yellow_30|brown_60;path=a:0,b:_0;label=R': ('F2',),
            'offboard=revenue:yellow_30|brown_60;path=a:3,b:_0;path=a:4,b:_0;label=R': ('D18',),
            'offboard=revenue:yellow_30|brown_60;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;label=R': ('J20',),
        },
        'white': {
            '': (
                'D10', 'D16', 'E11', 'E15', 'E17', 'F4', 'F14', 'G5', 'G13', 'G15', 'G17', 'H4', 'H8', 'H12', 'H14',
                'H16', 'I5', 'I7', 'I9', 'I13', 'J2', 'J8', 'J18', 'K5', 'K7', 'K9', 'K17', 'K19', 'L8', 'L14'
            ),
            'city=revenue:0,slots:1': ('E5', 'F16', 'I3', 'I15', 'J6', 'L10', 'L18'),
            TILE_O: ('D12', 'D14', 'E9', 'F6', 'G19', 'H2', 'I1', 'I11', 'J10', 'J12', 'K3', 'M15', 'M17'),
            TILE_M: ('E13', 'F18', 'G9', 'J16', 'L6'),
            TILE_MM: ('E7', 'F8', 'F12', 'G11', 'H18', 'I19', 'L4', 'M7'),
            TILE_Y: ('C11', 'F10', 'H6', 'H20', 'L16', 'M5'),
        },
    },
    location_names={'E13': 'M', 'F18': 'M', 'G9': 'M', 'J16': 'M', 'L6': 'M', 'E7': 'MM', 'F8': 'MM', 'F12': 'MM', 'G11': 'MM', 'H18': 'MM', 'I19': 'MM', 'L4': 'MM', 'M7': 'MM'},
    hole=HoleSpec(
        tiles=(
            ('path=a:1,b:5,lanes:2', ('E1', 'B8', 'E19', 'L20')),
            ('path=a:1,b:4,lanes:2', ('D2', 'I23', 'J22', 'K21')),
            ('path=a:1,b:3,lanes:2', ('N20',)),
            ('path=a:0,b:4,lanes:2', ('C3', 'A9')),
            ('path=a:3,b:5,lanes:2', ('C5', 'A11', 'B14', 'C19', 'G23')),
            ('path=a:0,b:2,lanes:2', ('D6', 'B12', 'C15', 'G21')),
            ('path=a:1,b:3,lanes:2', ('D8', 'A13')),
            ('path=a:2,b:4,lanes:2', ('C9', 'D20', 'H24', 'I22', 'M21')),
            ('path=a:0,b:3,lanes:2', ('C17', 'N18', 'N16', 'N14', 'N12', 'N10', 'N8')),
            ('path=a:2,b:5,lanes:2', ('F20',)),
            ('offboard=revenue:yellow_30|brown_60;path=a:1,b:_0;path=a:2,b:_0;label=R;path=a:1,b:0,b_lane:2.0;path=a:1,b:0,b_lane:2.1;path=a:2,b:0,b_lane:2.0;path=a:2,b:0,b_lane:2.1', ('N6',)),
            ('offboard=revenue:yellow_30|brown_60;path=a:0,b:_0;label=R;path=a:0,b:2,b_lane:2.0;path=a:0,b:2,b_lane:2.1', ('F2',)),
            ('offboard=revenue:yellow_30|brown_60;path=a:3,b:_0;path=a:4,b:_0;label=R;path=a:3,b:0,b_lane:2.0;path=a:3,b:0,b_lane:2.1;path=a:4,b:0,b_lane:2.0;path=a:4,b:0,b_lane:2.1', ('D18',)),
            ('offboard=revenue:yellow_30|brown_60;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;label=R;path=a:2,b:0,b_lane:2.0;path=a:2,b:0,b_lane:2.1;path=a:3,b:0,b_lane:2.0;path=a:3,b:0,b_lane:2.1;path=a:4,b:0,b_lane:2.0;path=a:4,b:0,b_lane:2.1', ('J20',)),
        ),
        pairs={
            'D18-F2': (
                (
                    'F2', 'E1', 'D2', 'C3', 'C5', 'D6', 'D8', 'C9', 'B8', 'A9', 'A11', 'B12', 'B14', 'C15', 'C17',
                    'C19', 'D18'
                ),
                (('path=a:2,b:3,lanes:2', ('D20',)), ),
            ),
            'D18-J20': (
                ('D18', 'E19', 'F20', 'G21', 'G23', 'H24', 'I23', 'J20'),
                (('path=a:3,b:4,lanes:2', ('D20',)), ('path=a:1,b:3,lanes:2', ('J22',)), ),
            ),
            'D18-N6': (
                (
                    'D18', 'E19', 'F20', 'G21', 'G23', 'H24', 'I23', 'J22', 'K21', 'L20', 'M21', 'N20', 'N18', 'N16',
                    'N14', 'N12', 'N10', 'N8', 'N6'
                ),
                (('path=a:3,b:4,lanes:2', ('D20',)), ),
            ),
            'F2-J20': (
                (
                    'F2', 'E1', 'D2', 'C3', 'C5', 'D6', 'D8', 'C9', 'B8', 'A9', 'A11', 'B12', 'B14', 'C15', 'C17',
                    'C19', 'D20', 'E19', 'F20', 'G21', 'G23', 'H24', 'I23', 'J20'
                ),
                (('path=a:1,b:3,lanes:2', ('J22',)), ),
            ),
            'F2-N6': (
                (
                    'F2', 'E1', 'D2', 'C3', 'C5', 'D6', 'D8', 'C9', 'B8', 'A9', 'A11', 'B12', 'B14', 'C15', 'C17',
                    'C19', 'D20', 'E19', 'F20', 'G21', 'G23', 'H24', 'I23', 'J22', 'K21', 'L20', 'M21', 'N20', 'N18',
                    'N16', 'N14', 'N12', 'N10', 'N8', 'N6'
                ),
                (),
            ),
            'J20-N6': (
                ('J20', 'K21', 'L20', 'M21', 'N20', 'N18', 'N16', 'N14', 'N12', 'N10', 'N8', 'N6'),
                (('path=a:3,b:4,lanes:2', ('J22',)), ),
            ),
        },
    ),
    base_2={
        'H8': (TILE_O, 'white'),
        'H10': (TILE_M, 'white'),
        'H12': ('', 'white'),
        'I9': (TILE_MM, 'white'),
        'I11': ('offboard=revenue:yellow_30|brown_60;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;path=a:5,b:_0;label=R', 'red'),
        'I13': (TILE_M, 'white'),
        'J8': (TILE_O, 'white'),
        'J10': (TILE_M, 'white'),
        'J12': ('', 'white'),
    },
    base_3={
        'H8': ('path=a:0,b:3', 'gray'),
        'H10': (TILE_O, 'white'),
        'H12': (TILE_MM, 'white'),
        'I9': (TILE_MM, 'white'),
        'I11': (TILE_Y, 'white'),
        'I13': (TILE_O, 'white'),
        'J8': ('path=a:2,b:3;path=a:1,b:3', 'gray'),
        'J10': (TILE_O, 'white'),
        'J12': (TILE_MM, 'white'),
    },
    location_names_base_2={'H10': 'M', 'I9': 'MM', 'I13': 'M', 'J10': 'M'},
    location_names_base_3={'H12': 'MM', 'I9': 'MM', 'J12': 'MM'},
)

MAPS: dict[str, MapSpec] = {m.letter: m for m in (MAP_A, MAP_B, MAP_C, MAP_D, MAP_E, MAP_F)}
