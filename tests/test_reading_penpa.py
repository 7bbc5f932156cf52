"""penpa-edit links (issue 28): Sudoku, Star Battle, Aquarium and Thermometers read and written.

Facts, not code, from penpa-edit itself (github.com/swaroopg92/penpa-edit): its puzz.link import
tests (``test/public/puzz_link_parser.js``) pair puzz.link URLs with the problem layer penpa builds
from them (``test/snapshots/puzzlink_<genre>.json``: the grid, its margins and ``pu_q``); a link
holding that layer must read as the board the URL reads. Real shared links (a decoder's test of a
9x9 with a thermometer, an arrow, a killer cage and diagonals; a 10x10 with a thermometer and
direction lines) are read or refused by name. Every writer's link reads back unchanged, and links
cut short or corrupted give one PuzzleError.
"""

from __future__ import annotations

import base64
import json
import random
import zlib

import pytest

import puzzlelib
from puzzlelib import reader, registry
from puzzlelib.core import codecs
from puzzlelib.core.codecs import ForeignLink
from puzzlelib.core.errors import PuzzleError
from puzzlelib.sudoku import formats as sdf

#: penpa's puzz.link import snapshots: (grid columns nx, rows ny, grid type, margins, pu_q's non-empty parts).
SNAPSHOTS = {
    "starbattle_1": (12, 12, "square", [1, 1, 1, 1], '{"number":{"43":["2",1,"1"]},"symbol":{"44":[2,"star",2]},"lineE":{"293,309":2,"295,311":2,"296,312":2,"311,327":2,"315,331":2,"324,340":2,"328,344":2,"331,347":2,"339,355":2,"345,361":2,"347,363":2,"355,371":2,"357,373":2,"359,375":2,"361,377":2,"371,387":2,"377,393":2,"379,395":2,"387,403":2,"389,405":2,"391,407":2,"393,409":2,"395,411":2,"405,421":2,"407,423":2,"411,427":2,"421,437":2,"423,439":2,"427,443":2,"437,453":2,"439,455":2,"306,307":2,"307,308":2,"308,309":2,"312,313":2,"313,314":2,"314,315":2,"324,325":2,"325,326":2,"326,327":2,"327,328":2,"339,340":2,"344,345":2,"355,356":2,"356,357":2,"359,360":2,"360,361":2,"363,364":2,"373,374":2,"374,375":2,"377,378":2,"378,379":2,"379,380":2,"389,390":2,"390,391":2,"402,403":2,"403,404":2,"404,405":2,"407,408":2,"408,409":2,"439,440":2,"440,441":2,"441,442":2,"442,443":2}}'),
    "starbattle_3": (14, 14, "square", [1, 1, 1, 1], '{"number":{"49":["2",1,"1"]},"symbol":{"50":[2,"star",2]},"lineE":{"363,381":2,"382,400":2,"389,407":2,"402,420":2,"405,423":2,"407,425":2,"419,437":2,"422,440":2,"424,442":2,"426,444":2,"435,453":2,"437,455":2,"440,458":2,"442,460":2,"443,461":2,"453,471":2,"455,473":2,"460,478":2,"461,479":2,"463,481":2,"471,489":2,"473,491":2,"478,496":2,"479,497":2,"480,498":2,"489,507":2,"491,509":2,"496,514":2,"507,525":2,"509,527":2,"514,532":2,"516,534":2,"525,543":2,"526,544":2,"527,545":2,"529,547":2,"530,548":2,"532,550":2,"533,551":2,"543,561":2,"544,562":2,"547,565":2,"552,570":2,"563,581":2,"566,584":2,"567,585":2,"381,382":2,"389,390":2,"390,391":2,"391,392":2,"400,401":2,"401,402":2,"402,403":2,"403,404":2,"404,405":2,"419,420":2,"420,421":2,"421,422":2,"423,424":2,"424,425":2,"426,427":2,"427,428":2,"434,435":2,"442,443":2,"443,444":2,"455,456":2,"456,457":2,"457,458":2,"461,462":2,"462,463":2,"471,472":2,"472,473":2,"480,481":2,"496,497":2,"498,499":2,"499,500":2,"514,515":2,"515,516":2,"526,527":2,"529,530":2,"533,534":2,"545,546":2,"546,547":2,"548,549":2,"549,550":2,"551,552":2,"561,562":2,"562,563":2,"565,566":2,"567,568":2,"568,569":2,"569,570":2}}'),
    "sudoku_4x4_1": (4, 4, "sudoku", [0, 0, 0, 0], '{"number":{"19":[2,1,"1"],"28":[1,1,"1"],"35":[1,1,"1"],"44":[3,1,"1"]},"lineE":{"75,83":2,"83,91":2,"91,99":2,"99,107":2,"89,90":2,"90,91":2,"91,92":2,"92,93":2}}'),
    "sudoku_6x6_2": (6, 6, "sudoku", [0, 0, 0, 0], '{"number":{"23":[3,1,"1"],"26":[2,1,"1"],"32":[5,1,"1"],"37":[6,1,"1"],"44":[1,1,"1"],"55":[4,1,"1"],"62":[6,1,"1"],"67":[3,1,"1"],"73":[5,1,"1"],"75":[6,1,"1"]},"lineE":{"114,124":2,"124,134":2,"134,144":2,"144,154":2,"154,164":2,"164,174":2,"131,132":2,"132,133":2,"133,134":2,"134,135":2,"135,136":2,"136,137":2,"151,152":2,"152,153":2,"153,154":2,"154,155":2,"155,156":2,"156,157":2}}'),
    "sudoku_9x9_2": (9, 9, "sudoku", [0, 0, 0, 0], '{"number":{"28":[1,1,"1"],"29":[5,1,"1"],"33":[9,1,"1"],"34":[6,1,"1"],"45":[1,1,"1"],"46":[7,1,"1"],"54":[7,1,"1"],"56":[6,1,"1"],"57":[5,1,"1"],"61":[4,1,"1"],"62":[2,1,"1"],"72":[1,1,"1"],"74":[5,1,"1"],"75":[3,1,"1"],"80":[6,1,"1"],"81":[8,1,"1"],"84":[2,1,"1"],"88":[7,1,"1"],"94":[2,1,"1"],"109":[3,1,"1"],"112":[5,1,"1"],"114":[4,1,"1"],"119":[8,1,"1"],"121":[2,1,"1"],"123":[9,1,"1"],"133":[3,1,"1"],"136":[7,1,"1"],"140":[6,1,"1"]},"lineE":{"186,199":2,"199,212":2,"212,225":2,"225,238":2,"238,251":2,"251,264":2,"264,277":2,"277,290":2,"290,303":2,"189,202":2,"202,215":2,"215,228":2,"228,241":2,"241,254":2,"254,267":2,"267,280":2,"280,293":2,"293,306":2,"222,223":2,"223,224":2,"224,225":2,"225,226":2,"226,227":2,"227,228":2,"228,229":2,"229,230":2,"230,231":2,"261,262":2,"262,263":2,"263,264":2,"264,265":2,"265,266":2,"266,267":2,"267,268":2,"268,269":2,"269,270":2}}'),
    "kakuro_1": (11, 17, "kakuro", [0, 0, 0, 0], '{"numberS":{"1402":["5",4],"1406":["28",4],"1414":["23",4],"1418":["12",4],"1422":["12",4],"1454":["7",4],"1457":["3",4],"1458":["45",4],"1469":["7",4],"1470":["16",4],"1486":["10",4],"1509":["45",4],"1550":["24",4],"1569":["4",4],"1581":["13",4],"1582":["10",4],"1601":["10",4],"1602":["36",4],"1629":["27",4],"1649":["34",4],"1650":["16",4],"1693":["16",4],"1694":["29",4],"1717":["10",4],"1718":["6",4],"1749":["17",4],"1761":["15",4],"1762":["38",4],"1786":["45",4],"1809":["18",4],"1833":["16",4],"1834":["15",4],"1850":["29",4],"1869":["23",4],"1885":["22",4],"1886":["12",4],"1929":["21",4],"1957":["18",4],"1958":["41",4],"1993":["24",4],"2009":["34",4],"2010":["22",4],"2054":["23",4],"2057":["17",4],"2058":["11",4],"2081":["7",4],"2082":["7",4],"2109":["12",4],"2125":["15",4],"2126":["28",4],"2150":["10",4],"2169":["16",4],"2193":["29",4],"2194":["16",4],"2229":["13",4],"2241":["30",4],"2242":["4",4],"2261":["10",4],"2262":["17",4],"2293":["45",4],"2357":["10",4],"2373":["16",4]},"symbol":{"32":[2,"kakuro",2],"33":[1,"kakuro",2],"34":[1,"kakuro",2],"35":[1,"kakuro",2],"36":[1,"kakuro",2],"37":[1,"kakuro",2],"38":[1,"kakuro",2],"39":[1,"kakuro",2],"40":[1,"kakuro",2],"41":[1,"kakuro",2],"42":[1,"kakuro",2],"47":[1,"kakuro",2],"48":[1,"kakuro",2],"49":[1,"kakuro",2],"52":[1,"kakuro",2],"56":[1,"kakuro",2],"57":[1,"kakuro",2],"62":[1,"kakuro",2],"72":[1,"kakuro",2],"77":[1,"kakuro",2],"80":[1,"kakuro",2],"85":[1,"kakuro",2],"92":[1,"kakuro",2],"97":[1,"kakuro",2],"107":[1,"kakuro",2],"108":[1,"kakuro",2],"114":[1,"kakuro",2],"122":[1,"kakuro",2],"125":[1,"kakuro",2],"131":[1,"kakuro",2],"132":[1,"kakuro",2],"137":[1,"kakuro",2],"143":[1,"kakuro",2],"147":[1,"kakuro",2],"152":[1,"kakuro",2],"156":[1,"kakuro",2],"167":[1,"kakuro",2],"174":[1,"kakuro",2],"182":[1,"kakuro",2],"183":[1,"kakuro",2],"187":[1,"kakuro",2],"197":[1,"kakuro",2],"198":[1,"kakuro",2],"199":[1,"kakuro",2],"205":[1,"kakuro",2],"212":[1,"kakuro",2],"216":[1,"kakuro",2],"222":[1,"kakuro",2],"227":[1,"kakuro",2],"233":[1,"kakuro",2],"242":[1,"kakuro",2],"245":[1,"kakuro",2],"250":[1,"kakuro",2],"257":[1,"kakuro",2],"258":[1,"kakuro",2],"272":[1,"kakuro",2],"273":[1,"kakuro",2],"274":[1,"kakuro",2],"278":[1,"kakuro",2],"281":[1,"kakuro",2],"282":[1,"kakuro",2]}}'),
    "kakuro_2": (12, 12, "kakuro", [0, 0, 0, 0], '{"numberS":{"1174":["16",4],"1178":["14",4],"1182":["10",4],"1186":["19",4],"1198":["16",4],"1202":["39",4],"1206":["16",4],"1233":["21",4],"1234":["6",4],"1257":["23",4],"1258":["27",4],"1293":["16",4],"1294":["4",4],"1317":["24",4],"1318":["3",4],"1353":["10",4],"1373":["16",4],"1374":["6",4],"1398":["7",4],"1417":["7",4],"1433":["34",4],"1434":["25",4],"1486":["19",4],"1489":["10",4],"1490":["22",4],"1509":["10",4],"1510":["6",4],"1545":["4",4],"1557":["12",4],"1558":["34",4],"1569":["4",4],"1570":["16",4],"1581":["10",4],"1582":["15",4],"1609":["22",4],"1629":["11",4],"1630":["10",4],"1650":["10",4],"1654":["17",4],"1673":["28",4],"1705":["13",4],"1706":["20",4],"1741":["32",4],"1742":["3",4],"1765":["20",4],"1766":["13",4],"1801":["10",4],"1821":["34",4],"1865":["12",4],"1885":["10",4]},"symbol":{"34":[2,"kakuro",2],"35":[1,"kakuro",2],"36":[1,"kakuro",2],"37":[1,"kakuro",2],"38":[1,"kakuro",2],"39":[1,"kakuro",2],"40":[1,"kakuro",2],"41":[1,"kakuro",2],"42":[1,"kakuro",2],"43":[1,"kakuro",2],"44":[1,"kakuro",2],"45":[1,"kakuro",2],"50":[1,"kakuro",2],"51":[1,"kakuro",2],"52":[1,"kakuro",2],"57":[1,"kakuro",2],"58":[1,"kakuro",2],"66":[1,"kakuro",2],"67":[1,"kakuro",2],"73":[1,"kakuro",2],"82":[1,"kakuro",2],"87":[1,"kakuro",2],"93":[1,"kakuro",2],"98":[1,"kakuro",2],"102":[1,"kakuro",2],"114":[1,"kakuro",2],"115":[1,"kakuro",2],"116":[1,"kakuro",2],"121":[1,"kakuro",2],"130":[1,"kakuro",2],"133":[1,"kakuro",2],"136":[1,"kakuro",2],"139":[1,"kakuro",2],"146":[1,"kakuro",2],"151":[1,"kakuro",2],"156":[1,"kakuro",2],"157":[1,"kakuro",2],"162":[1,"kakuro",2],"170":[1,"kakuro",2],"178":[1,"kakuro",2],"179":[1,"kakuro",2],"185":[1,"kakuro",2],"194":[1,"kakuro",2],"199":[1,"kakuro",2],"205":[1,"kakuro",2],"210":[1,"kakuro",2],"214":[1,"kakuro",2],"215":[1,"kakuro",2],"220":[1,"kakuro",2],"221":[1,"kakuro",2]}}'),
    "kakuro_3": (3, 3, "kakuro", [0, 0, 0, 0], '{"numberS":{"289":["5",4]},"symbol":{"16":[2,"kakuro",2],"17":[1,"kakuro",2],"18":[1,"kakuro",2],"23":[1,"kakuro",2],"25":[1,"kakuro",2],"30":[1,"kakuro",2],"31":[1,"kakuro",2],"32":[1,"kakuro",2]}}'),
    "kakuro_4": (6, 6, "kakuro", [0, 0, 0, 0], '{"numberS":{"494":["15",4],"510":["15",4],"538":["22",4],"542":["14",4],"546":["12",4],"569":["16",4],"609":["18",4],"649":["34",4],"701":["8",4]},"symbol":{"22":[2,"kakuro",2],"23":[1,"kakuro",2],"24":[1,"kakuro",2],"25":[1,"kakuro",2],"26":[1,"kakuro",2],"27":[1,"kakuro",2],"32":[1,"kakuro",2],"34":[1,"kakuro",2],"35":[1,"kakuro",2],"36":[1,"kakuro",2],"42":[1,"kakuro",2],"52":[1,"kakuro",2],"62":[1,"kakuro",2],"72":[1,"kakuro",2],"73":[1,"kakuro",2],"74":[1,"kakuro",2],"75":[1,"kakuro",2]}}'),
    "kakuro_5": (7, 7, "kakuro", [0, 0, 0, 0], '{"numberS":{"586":["8",4],"594":["14",4],"606":["18",4],"625":["9",4],"641":["14",4],"669":["7",4],"685":["5",4],"686":["28",4],"718":["23",4],"757":["16",4],"801":["16",4],"813":["12",4],"845":["12",4],"857":["11",4]},"symbol":{"24":[2,"kakuro",2],"25":[1,"kakuro",2],"26":[1,"kakuro",2],"27":[1,"kakuro",2],"28":[1,"kakuro",2],"29":[1,"kakuro",2],"30":[1,"kakuro",2],"35":[1,"kakuro",2],"39":[1,"kakuro",2],"46":[1,"kakuro",2],"50":[1,"kakuro",2],"57":[1,"kakuro",2],"58":[1,"kakuro",2],"68":[1,"kakuro",2],"74":[1,"kakuro",2],"79":[1,"kakuro",2],"82":[1,"kakuro",2],"90":[1,"kakuro",2],"93":[1,"kakuro",2]}}'),
}
#: The puzz.link URLs penpa's test imports for those snapshots (puzz_link_parser.js).
SNAPSHOT_URLS = {
    "starbattle_1": "https://puzz.link/p?starbattle/10/10/2/5g252c2qkgbakk98igse7g88cp3730so000u",
    "starbattle_3": "https://puzz.link/p?starbattle/12/12/2/g0410igil9ck6q3l12glrcp12c081pu07do1ge6c0g0m0628gdkcn0",
    "sudoku_4x4_1": "https://puzz.link/p?sudoku/4/4/g2j1h1j3g",
    "sudoku_6x6_2": "https://puzz.link/p?sudoku/6/6/g3h2g5j6h1l4h6j3g5g6h",
    "sudoku_9x9_2": "https://puzz.link/p?sudoku/9/9/15i96l17i7g65i42k1g5368h2i7g2p3h5g48g2g9k3h7i6",
    "kakuro_1": "https://puzz.link/p?kakuro/10/16/70Z3lg7ma0.sE0ladnQapgOoJgo6aoSfoZ0.ofgmJ0mcCvVim0EmCOoD0bho77oIfo"
                "a0ogJp4Knhal0Zs.0am0gl..5IDccZ4HhiDBcgd",
    "kakuro_2": "https://puzz.link/p?kakuro/11/11/.6Bn.HDm4go3Er6go70mFOqj0Can6apOclg4lfapabna0h0qAdm3ModAr0Oo.m.0an..ge"
                "ajgTga74CIac",
    "kakuro_3": "https://puzz.link/p?kakuro/2/2/k...-5",
    "kakuro_4": "https://puzz.link/p?kakuro/5/5/kC-e-c-z..-8lff-giO",
    "kakuro_5": "https://puzz.link/p?kakuro/6/6/m-eoI5lD-t.l-co-bm8-e-i97ggc",
}
#: A shared solve link from a Sudoku importer's tests (its decoder spec lists what it holds: givens
#: 1 2 3, thermo [[33,34,35,49,62]], arrows [[72,73,74,87,100,113]], killercages
#: [[54,55,67,68,80,81]] with the small number ' 22' at point 892, both diagonals, kropki-like dots).
DECODER_SPEC = ("https://swaroopg92.github.io/penpa-edit/#m=solve&p=vVZNb9tGEL3rVwR7ngLcDy65vKVpnUvqNJWLwCAEg5aZW"
                "IhkppTUBDSc3543u0uZFBkUuRSUqJm3yzcf3JnR/njXfDqSw6VzSkji0nniv7nhjwTK+NXmsK2LF/TyeLhvWghEby8u6EO13deLkvfgWi"
                "1KIQUJha8Uq2/d8lspBMnV4rH7q3jsbopy9UTd389i/iwui0fcL4tHYbQoPJH0NCSMYQCsJyBlQPcAnpN4LneK4ReKdzJ4DVAmFqAmsd6"
                "0621980aQAoOULsD7f45Ve4KtYYr8tHu57HH2aQ5nT9QMzlbPcbh04aNU/n5VlKXWpA3plIwjq1Yr6jTQTFGmKcMbyEgmyL/UvPQbMk"
                "Vd4u+pv7/xRL9znLkl6RAUjCqpSCl4xrJKSek8yHjJKpVBTiUpi8SybA2pLAtylpFySZAdjkKCyCHL3JFKkB3GE/DLyC/BryK/Ar+J/Ab"
                "8aeRPwW8jvwV/HvlxzJQL/PiFLWTN87D/EVcacuRR4BnGpfr9FnLkV+Af+qNiThT819Guhl0d/bSchxiXhV0b7VrYHebHRrsWdm20a2F3"
                "GJeNdi3s2mjXwm4W7Mpc4x1hP96PgIAkwglWIITIvOJfGR73isbzKXzySspORYKQyZ4gB4HrCVyKXPYECaqYKyPYgccJogp24KZEKF4xy"
                "AnnLdhBIgycDnYQfdoTZBxyT5CDIIsEGucUQB8cvJacVRzP9/6QvgoVSrnjpxOKCkfmFQ2FqbxiyHHRB8VihWP2SgaFI/MKGpeJCvZDiQ"
                "QQyPVs2EKOT71XcOxRUb0GbufYZ684XuJAvZZjKZLzE7wWneVdJxWhGR+gReHioKcp4cXgBHAPlVy2GTe4xaJEutFefZPlK51o4+v/RH6"
                "RicONpMEdbRwdW+yb7c3+2H6o1rUofKNHtwT2cNzd1u0I2jbN5+3mYbxv8/GhaevZJQbru49z+2+b9u6M/Uu13Y6A0LNHUOizI+jQbkZ6"
                "1bbNlxGyqw73I+C2OmDM7e83n8dM9cNh7MChGrtYfarOrO2eY35aiK/CfzFwJBkeh67o3lH3Osy5fmBS9w7z8I+iu+RxGEYn93i/CWMFj"
                "f4kvvfrLL2KwzKBfMkyK5CvIY/HUvdnUXaYeWzpV/88i2LX/AtX/Tz1+rrZ3SKYUgzSEVbC/4V+OvM8exkcXs44rJ8dZjE4zNLE4eDcwF"
                "9MYyZid69+6C4n7ifcdaun8CKSn/o3Ev5bhD8T0/kd5vV/jea+GXZvh91w2DhOXeJrLLymna09wDPlB3S2zCI+qTTgk5pig9OyAjpTWUD"
                "PiwvQtL4ATkoM2A+qjFnPC429Oq81NjUpNzY1rDh0MC99Bw==")
#: A shared solve link of a 10x10 square grid with a thermometer, direction lines and lines (a
#: C# Sudoku solver's import test).
SQUARE_10 = ("https://swaroopg92.github.io/penpa-edit/?m=solve&p=1ZJRa7swEMDf/RQjz/dgTOJs3sb279PY4N+OMURK6tJVSGsX"
             "IwWl/ew9rx0jH2Gc9/P8nSTRpPvujbfA0+kSBeAdQ/KCMityyvQWyyY4q+/goQ/b1mMB8DqfJ+WtXyUl4wxYhslZdR4W55Ix4FUyD"
             "v/1OKx0WZ1gePstF3pEvhA58YM4J2bEpS5LgYvjIDIQAoSsKhgEDgDDE/akBKlA5iDvQRZTL6WeIj7rkakC1IzpApiaQZ5SlaeQ82vF"
             "Ic+wwqn+0YTvxEeiRJ6SZFrA9GPiUH/P4RbhbrCudauu9xtTW6Y3xnUWyO373dr6SLm2PbhmH783Sfv5FcujcS4S18MVqbrxtYtV8E3"
             "0bLxvj5HZmbCNxNoEPIjdtjnEI9l9iBcQzM/HnC4=")
PENPA_KINDS = ["sudoku", "starbattle", "aquarium", "thermometer", "kakuro"]


def penpa_link(nx: int, gridtype: str, space, parts: dict, header_flags=(0, 0, 0, 0), ny: int | None = None,
               mode: str = "solve") -> str:
    """A penpa link holding ``parts`` as its problem layer, written the way penpa writes one: header,
    margins, mode, pu_q, empty pu_a; penpa's word substitutions; raw deflate; base 64."""
    ny = nx if ny is None else ny
    header = ",".join([gridtype, str(nx), str(ny), "38", "0", "1", "1", "380", "380", "84", "84",
                       *map(str, header_flags), "Title: ", "Author: ", "", "", "OFF", "false"])
    text = "\n".join([header, json.dumps(list(space)), '["1","2","1"]~"surface"~["",1]', json.dumps(parts), "", "[]"])
    for word, short in codecs.PENPA_SUB:
        text = text.replace(word, short)
    deflater = zlib.compressobj(9, zlib.DEFLATED, -15)
    data = base64.b64encode(deflater.compress(text.encode()) + deflater.flush()).decode()
    return f"https://swaroopg92.github.io/penpa-edit/#m={mode}&p={data}"


# -- penpa's own puzz.link imports read as the URL reads ------------------------------------------
@pytest.mark.parametrize("name", sorted(SNAPSHOTS))
def test_penpa_import_snapshots_read_as_their_puzzlink_urls(name):
    nx, ny, gridtype, space, parts = SNAPSHOTS[name]
    kind = name.split("_")[0]
    cls = registry.table(kind).Puzzle
    link = penpa_link(nx, gridtype, space, json.loads(parts), ny=ny)
    assert cls.codec("penpa").read(link) == cls.codec("puzzlink").read(SNAPSHOT_URLS[name])
    try:
        board = cls.read(SNAPSHOT_URLS[name], "puzzlink")
    except PuzzleError:  # some of penpa's test URLs are fragments, not puzzles (Kakuro 3-5)
        return
    assert cls.read(link, "penpa") == board
    found = reader.identify(link)
    assert (found.kind, found.format) == (kind, "penpa")


def test_old_opt_pan_links_and_edit_links_read_too():
    nx, _, gridtype, space, parts = SNAPSHOTS["sudoku_4x4_1"]
    link = penpa_link(nx, gridtype, space, json.loads(parts), mode="edit")
    board = puzzlelib.read(SNAPSHOT_URLS["sudoku_4x4_1"])
    assert puzzlelib.read(link) == board
    assert puzzlelib.read(link.replace("swaroopg92.github.io", "opt-pan.github.io").replace("#", "?")) == board


# -- real shared links: read, or refused by name ---------------------------------------------------
def test_a_shared_sudoku_link_is_decoded_then_refused_for_its_diagonals():
    pen = codecs.read_penpa(DECODER_SPEC)
    assert (pen.gridtype, pen.rows, pen.cols, pen.space) == ("sudoku", 9, 9, (0, 0, 0, 0))
    assert pen.numbers() == {(1, 2): "1", (1, 3): "2", (1, 4): "3"}
    assert pen.cell_lists("thermo") == [[(0, 5), (0, 6), (0, 7), (1, 8), (2, 8)]]
    assert pen.cell_lists("arrows")[0][:3] == [(3, 5), (3, 6), (3, 7)]
    assert sdf._penpa_cages(pen) == [(22, [(2, 0), (2, 1), (3, 0), (3, 1), (4, 0), (4, 1)])]
    with pytest.raises(PuzzleError, match="diagonals"):
        registry.table("sudoku").Puzzle.read(DECODER_SPEC, "penpa")
    with pytest.raises(PuzzleError):
        puzzlelib.read(DECODER_SPEC)


def test_a_shared_square_link_with_direction_lines_is_refused_by_name():
    with pytest.raises(PuzzleError) as info:
        registry.table("thermometer").Puzzle.read(SQUARE_10, "penpa")
    assert "has no count" in str(info.value)
    pen = codecs.read_penpa(SQUARE_10)
    with pytest.raises(PuzzleError, match="direction lines"):
        pen.refuse_others({"thermo", "line"}, "Thermometers board")
    with pytest.raises(PuzzleError, match="no puzzle of the course reads this link"):
        puzzlelib.read(SQUARE_10)


@pytest.mark.parametrize("parts, words", [
    ({"number": {"18": ["1", 1, "1"]}, "surface": {"19": 1}}, "shaded cells, which a Sudoku does not have"),
    ({"symbol": {"18": [1, "circle_L", 1]}}, "symbols"),
    ({"killercages": [[18, 19]]}, "killer cage 0 (from cell (0, 0)) has no total"),
    ({"numberS": {"436": ["5", 1]}}, "is in no killer cage"),
    ({"number": {"18": ["7", 1, "1"]}}, "the given in cell (0, 0)"),
    ({"number": {"18": ["1", 1, "2"]}}, "a number of penpa's kind '2'"),
    ({"lineE": {"74,82": 2}}, "not the standard boxes"),
])
def test_what_a_sudoku_does_not_have_is_refused_by_name(parts, words):
    with pytest.raises(PuzzleError) as info:
        registry.table("sudoku").Puzzle.read(penpa_link(4, "square", [0, 0, 0, 0], parts), "penpa")
    assert words in str(info.value)


def test_star_battle_without_its_count_asks_for_it():
    nx, _, gridtype, space, parts = SNAPSHOTS["starbattle_1"]
    parts = json.loads(parts)
    del parts["number"]
    link = penpa_link(nx, gridtype, space, parts)
    sb = registry.table("starbattle").Puzzle
    with pytest.raises(PuzzleError, match="put 'stars=k;' in front"):
        sb.read(link, "penpa")
    assert sb.read("stars=2;" + link, "penpa") == sb.read(SNAPSHOT_URLS["starbattle_1"], "puzzlink")
    with pytest.raises(PuzzleError, match="a symbol 'star' at cell"):
        parts["symbol"] = {"60": [2, "star", 2]}
        sb.read("stars=2;" + penpa_link(nx, gridtype, space, parts), "penpa")


def test_links_penpa_does_not_write_as_square_grids_are_refused_by_name():
    with pytest.raises(PuzzleError, match="a 'hex' grid"):
        codecs.read_penpa(penpa_link(4, "hex", [0, 0, 0, 0], {}))
    text = "1,4,4\n[0,0,0,0]\n"  # penpa's first version: the header starts with a number
    data = base64.b64encode(zlib.compress(text.encode())[2:-4]).decode()
    with pytest.raises(PuzzleError, match="first version"):
        codecs.read_penpa("https://opt-pan.github.io/penpa-edit/?m=solve&p=" + data)
    with pytest.raises(ForeignLink):
        codecs.read_penpa("https://example.com/#m=solve&p=abc")
    with pytest.raises(PuzzleError, match="no 'p=' data"):
        codecs.read_penpa("https://swaroopg92.github.io/penpa-edit/#m=solve")


# -- writers: a board made in an editor, shared as a penpa link, reads back unchanged ---------------
@pytest.mark.parametrize("kind", PENPA_KINDS)
def test_penpa_links_round_trip_on_random_boards(kind):
    table = registry.table(kind)
    for seed in range(4):
        puzzle = table.random_puzzle(seed=seed)
        link = puzzle.write("penpa")
        assert link.startswith("https://swaroopg92.github.io/penpa-edit/#m=solve&p=")
        assert table.Puzzle.read(link) == puzzle
        assert reader.identify(link) == (kind, "penpa", puzzle)


def test_written_links_carry_what_penpa_needs_to_draw_them():
    puzzle = registry.table("sudoku").random_puzzle(seed=1)
    text = codecs.penpa_inflate(codecs.penpa_data(puzzle.write("penpa"))).split("\n")
    assert text[0].startswith("square,4,4,38,0,1,1,190,190,") and len(text) == 19
    pu_q = json.loads(text[3])
    assert pu_q["cage"] and pu_q["killercages"] and json.loads(text[17]) == ["classic"]
    assert json.loads(text[5])[0] == 2 * 8 + 2  # the board's first cell, as penpa lists it


# -- cut short or corrupted: one PuzzleError, never another exception -------------------------------
@pytest.mark.parametrize("kind", PENPA_KINDS)
def test_cut_and_corrupted_penpa_links_give_one_puzzle_error(kind):
    table = registry.table(kind)
    link = table.random_puzzle(seed=0).write("penpa")
    rng = random.Random(28)
    start = link.index("p=") + 2
    bad = [link[:cut] for cut in range(start, len(link) - 1, 7)]
    for _ in range(40):
        i = rng.randrange(start, len(link))
        bad.append(link[:i] + rng.choice("A/+=#%é ") + link[i + 1:])
    for variant in bad:
        try:
            table.Puzzle.read(variant, "penpa")
        except PuzzleError as exc:
            assert "\n" not in str(exc)
