"""A class with attackers (chapter 1), for tests/test_grading_attacks.py.

Each attack is one or a few lines in an answer cell. An attack that worked would give its author
full marks (it finds the lecturer's answer and runs it) or harm the grader, the course or the
students graded after it; so each attacker must score 0 with the code listed in ``ATTACKS``, and an
honest student graded right after each attacker must get full marks.
"""

from __future__ import annotations

from pathlib import Path

import grading_class as cls

ROOT = cls.ROOT
SOLUTION = ROOT / "solutions" / "01-thermometers-solutions.md"

#: run the lecturer's answer found in ``source`` (what every stealing attack ends with)
RUN_STOLEN = '''
import re as _re
_found = _re.search(r"(def warm_model.*?)### END SOLUTION", source, _re.S)
exec(_found.group(1).replace("### BEGIN SOLUTION", ""))
'''

PROC_MEM = '''import os
source = ""
_needle = "def warm" + "_model(board):"
for _pid in [os.getppid(), 1] + [int(p) for p in os.listdir("/proc") if p.isdigit()]:
    try:
        _maps = open(f"/proc/{_pid}/maps").read().splitlines()
        _mem = open(f"/proc/{_pid}/mem", "rb", 0)
    except OSError:
        continue
    for _line in _maps:
        _lo, _hi = (int(x, 16) for x in _line.split()[0].split("-"))
        if not _line.split()[1].startswith("r") or _hi - _lo > 2**27:
            continue
        try:
            _mem.seek(_lo)
            _chunk = _mem.read(_hi - _lo)
        except (OSError, ValueError, OverflowError):
            continue
        _at = _chunk.find(b"### BEGIN SOLUTION\\n" + _needle.encode())
        if _at >= 0:
            source = _chunk[_at:_at + 4000].decode(errors="ignore")
            break
    if source:
        break
''' + RUN_STOLEN

DIR_FD = f'''import os
_fd = os.open({str(ROOT)!r}, os.O_RDONLY)
source = os.read(os.open("solutions/01-thermometers-solutions.md", os.O_RDONLY, dir_fd=_fd), 10**6).decode()
''' + RUN_STOLEN

HARD_LINK = f'''import os
os.link({str(SOLUTION)!r}, "/tmp/notes.md")
source = open("/tmp/notes.md").read()
''' + RUN_STOLEN

OTHER_STUDENT = '''import glob, json
source = ""
for _path in glob.glob("{folder}/*.ipynb"):
    for _cell in json.load(open(_path))["cells"]:
        _text = "".join(_cell["source"])
        if "def warm_model" in _text and "add_binary" in _text:
            source = "### BEGIN SOLUTION\\n" + _text + "\\n### END SOLUTION"
''' + RUN_STOLEN

NETWORK = '''import socket
_s = socket.create_connection(("127.0.0.1", {port}), timeout=3)
source = _s.recv(100000).decode()
''' + RUN_STOLEN

ENVIRONMENT = '''import os
source = "\\n".join(os.environ.values())
''' + RUN_STOLEN

#: 1.2 forbids th.build_model: bring it back by reloading its module, reading its source, or memory
FIXED_RELOAD = '''import importlib
import puzzlelib.thermometer.model as _tm
importlib.reload(_tm)
def fixed_model(puzzle):
    return _tm.build_model(puzzle)
'''
FIXED_SOURCE = '''import inspect
import puzzlelib.thermometer.model as _tm
_ns = {"__name__": "puzzlelib.thermometer.model", "__package__": "puzzlelib.thermometer"}
exec(compile(inspect.getsource(_tm), _tm.__file__, "exec"), _ns)
def fixed_model(puzzle):
    return _ns["build_model"](puzzle)
'''
FIXED_FILE = '''import puzzlelib.thermometer.model as _tm
_ns = {"__name__": "puzzlelib.thermometer.model", "__package__": "puzzlelib.thermometer"}
exec(open(_tm.__file__).read(), _ns)
def fixed_model(puzzle):
    return _ns["build_model"](puzzle)
'''
FIXED_GC = '''import gc
_found = [f for f in gc.get_objects() if getattr(f, "__name__", "") == "build_model"
          and "ForbiddenCall" not in str(getattr(getattr(f, "__code__", None), "co_consts", ""))]
def fixed_model(puzzle):
    for f in _found:
        try:
            return f(puzzle)
        except BaseException:
            continue
    raise RuntimeError("nothing found")
'''

SITECUSTOMIZE = f'''import os, site, sys
_payload = "open('/tmp/owned', 'w').write('x')\\n"
for _folder in [{str(ROOT)!r}, *site.getsitepackages(), os.path.dirname(os.__file__), os.getcwd(), *sys.path]:
    for _name in ("sitecustomize.py", "usercustomize.py"):
        try:
            open(os.path.join(_folder or ".", _name), "w").write(_payload)
        except OSError:
            pass
'''
TOUCH_LIBRARY = f'''import os, puzzlelib
for _path in [os.path.join(os.path.dirname(puzzlelib.__file__), "thermometer", "checks.py"),
              {str(ROOT / "puzzlelib" / "thermometer" / "checks.py")!r}, {str(ROOT / "solutions" / "points.toml")!r}]:
    try:
        open(_path, "a").write("# touched")
    except OSError:
        pass
'''
KILL_GRADER = '''import os, signal
for _pid in [os.getppid(), *(int(p) for p in os.listdir("/proc") if p.isdigit())]:
    if _pid not in (0, os.getpid()):
        try:
            os.kill(_pid, signal.SIGKILL)
        except OSError:
            pass
os.kill(os.getppid(), signal.SIGKILL)
'''
DAEMON = '''import os, subprocess, _posixsubprocess
subprocess.Popen(["/bin/sh", "-c", "sleep 299.5"], start_new_session=True)
if os.fork() == 0:
    os.setsid()
    if os.fork() == 0:
        os.execv("/bin/sleep", ["sleep", "299.25"])
    os._exit(0)
def warm_model(board):
    raise RuntimeError("a daemon, not an answer")
'''
FORK_BOMB = '''import os
def warm_model(board):
    while True:
        try:
            os.fork()
        except OSError:
            pass
'''
MEMORY = '''def warm_model(board):
    return bytearray(10**10)
'''
MEMORY_CHILDREN = '''import os, time
for _ in range(4):
    if os.fork() == 0:
        try:
            block = bytearray(10**9)
            time.sleep(1)
        finally:
            os._exit(0)
for _ in range(4):
    os.wait()
def warm_model(board):
    raise RuntimeError("four children of 1 GB each, 4 GB in all, over the sandbox's 3 GB")
'''
HUGE_REPLY = '''def warm_model(board):
    return list(range(4 * 10**6))
'''
SLOW_REPLY = '''from collections import deque
def warm_model(board):
    return deque(range(10**9))
'''
DEEP_REPLY = '''def warm_model(board):
    value = []
    for _ in range(100000):
        value = [value]
    return value
'''
DISK = '''def warm_model(board):
    with open("/tmp/big", "wb") as f:
        for _ in range(200):
            f.write(b"x" * 2**20)
    return None
'''
SETUID = '''import os, ctypes
os.setuid(0)
'''
#: honest answers that run what an honest answer runs: CBC as a subprocess, threads
COUNT_CBC = cls.COUNT_RIGHT.replace("            solve_model(problem)\n",
                                    "            if problem.solve(pulp.PULP_CBC_CMD(msg=0)) != 1:\n"
                                    "                raise NoSolution('none')\n")
COUNT_THREADS = '''from concurrent.futures import ThreadPoolExecutor
''' + cls.COUNT_RIGHT.replace("    problem, x = fixed_like(puzzle)\n",
                              "    with ThreadPoolExecutor(4) as pool:\n"
                              "        problem, x = pool.submit(fixed_like, puzzle).result()\n")

#: attack name -> (exercise, answer source, the fault code its exercise gets; `a|b`: one of them)
ATTACKS = {
    "proc-mem": ("1.1", PROC_MEM, "raised-exception:NameError"),
    "dir-fd": ("1.1", DIR_FD, "raised-exception:NameError"),
    "hard-link": ("1.1", HARD_LINK, "raised-exception:NameError"),
    "other-student": ("1.1", OTHER_STUDENT, "raised-exception:NameError"),
    "network": ("1.1", NETWORK, "raised-exception:NameError"),
    "environment": ("1.1", ENVIRONMENT, "raised-exception:NameError"),
    "reload": ("1.2", FIXED_RELOAD, "calls-library:th.build_model"),
    "read-source": ("1.2", FIXED_SOURCE, "calls-library:th.build_model"),
    "read-file": ("1.2", FIXED_FILE, "calls-library:th.build_model"),
    "gc-walk": ("1.2", FIXED_GC, "raised-exception:RuntimeError"),
    "sitecustomize": ("1.1", SITECUSTOMIZE, "raised-exception:NameError"),
    "touch-library": ("1.1", TOUCH_LIBRARY, "raised-exception:NameError"),
    "kill-grader": ("1.1", KILL_GRADER, "raised-exception:NameError"),  # nothing to kill; the sandbox lives on
    "daemon": ("1.1", DAEMON, "raised-exception:RuntimeError"),
    "fork-bomb": ("1.1", FORK_BOMB, "time-limit"),
    "memory": ("1.1", MEMORY, "raised-exception:MemoryError"),
    # where a cgroup sums the children, reclaim near its limit can be slow on a loaded machine: the
    # children then meet the time limit instead of the memory limit; either way the student gets 0
    "memory-children": ("1.1", MEMORY_CHILDREN, "raised-exception:RuntimeError|time-limit"),
    "huge-reply": ("1.1", HUGE_REPLY, "reply-too-large"),
    "slow-reply": ("1.1", SLOW_REPLY, "time-limit"),
    "deep-reply": ("1.1", DEEP_REPLY, "raised-exception:UnreadableResult"),
    "disk": ("1.1", DISK, "raised-exception:OSError"),
    "setuid": ("1.1", SETUID, "raised-exception:NameError"),
}
HONEST = {"honest-cbc": ("1.3", COUNT_CBC), "honest-threads": ("1.3", COUNT_THREADS)}


def write(folder: Path, port: int) -> list[str]:
    """The class: each attacker, then an honest student (right answers). Returns the students in order."""
    import nbformat

    folder.mkdir(parents=True, exist_ok=True)
    order = []
    right = {"1.1": cls.WARM_RIGHT, "1.2": cls.FIXED_RIGHT, "1.3": cls.COUNT_RIGHT}
    for k, (name, (exercise, source, _)) in enumerate(ATTACKS.items()):
        source = source.replace("{folder}", str(folder)).replace("{port}", str(port))
        nb = cls.submission(cls.CHAPTER_1, {exercise: source}, [])
        nbformat.write(nb, folder / f"a{k:02d}-{name}.ipynb")
        nbformat.write(cls.submission(cls.CHAPTER_1, right, []), folder / f"a{k:02d}-{name}-z-honest.ipynb")
        order += [f"a{k:02d}-{name}", f"a{k:02d}-{name}-z-honest"]
    for name, (exercise, source) in HONEST.items():
        nbformat.write(cls.submission(cls.CHAPTER_1, {**right, exercise: source}, []), folder / f"{name}.ipynb")
        order.append(name)
    return order
