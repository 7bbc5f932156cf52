"""A student's answer in a sandbox of its own, called from the grader's process.

The grader never runs a student's code in its own process, and the student's code never sees a
check. Per exercise, the grader starts a warm process (:mod:`.zygote`) on the exercise's copy of
the library (:mod:`.snapshot`: the functions it forbids and the checks' oracles have no code
there), which runs the lecturer's setup cells once. Per student, the warm process forks a sandbox
behind the operating system's walls (:mod:`.isolation`): its own uid, namespaces, a root without
the course, limits. The checks run in the grader's process with a :class:`StudentFunction` in
place of each answer: calling it sends the arguments to the sandbox, runs the student's function
there, and brings the result back as data (:mod:`.wire`, never a pickle).

So a verdict is made only in the grader's process, from the student's results: nothing the
student's code writes, patches or forges in its own process reaches it. PuLP's variables keep
their identity across the boundary (a token per variable the grader sent), so a student's function
may add constraints to a model it was given. A time limit covers the whole exercise, reading the
last reply included; a sandbox that loops, dies or goes over a limit costs that exercise only.
"""

from __future__ import annotations

import io
import json
import os
import pickle
import select
import signal
import socket
import struct
import subprocess
import sys
import time
import types
from dataclasses import dataclass, field
from pathlib import Path

class ExerciseTimedOut(BaseException):
    """The exercise's time limit ran out (a BaseException, so a check's ``except Exception`` lets it by)."""


class SandboxDied(BaseException):
    """The student's process ended while the grader waited for it (``code``: the fault code)."""

    def __init__(self, message: str, code: str = "process-ended"):
        super().__init__(message)
        self.code = code


def _ending(status: int) -> SandboxDied:
    """Why a sandbox ended, from its wait status."""
    import signal as sig

    if os.WIFSIGNALED(status):
        number = os.WTERMSIG(status)
        if number in (sig.SIGXCPU, sig.SIGXFSZ, sig.SIGKILL, sig.SIGSEGV, sig.SIGBUS):
            what = {sig.SIGXCPU: "its CPU time", sig.SIGXFSZ: "the largest file it may write"}.get(
                number, "its memory or processes")
            return SandboxDied(f"your code went over a limit of the sandbox ({what}; signal {number})",
                               "resource-limit")
        return SandboxDied(f"your code's process was ended by signal {number}")
    code = os.WEXITSTATUS(status) if os.WIFEXITED(status) else -1
    return SandboxDied(f"your code ended its process (exit code {code})")


class UnreadableResult(Exception):
    """The student's function returned something the grader does not take (a function, a file, ...)."""


# --------------------------------------------------------------------------------------------- #
# Variables shared by both sides: the same PuLP variable keeps its identity across the boundary
# --------------------------------------------------------------------------------------------- #
def _is_variable(obj) -> bool:
    import pulp

    return isinstance(obj, pulp.LpVariable)


def _state(variable) -> dict:
    return {k: v for k, v in vars(variable).items() if k != "hash"}


class _Writer(pickle.Pickler):
    """Pickles with every PuLP variable in ``known`` (id -> token) sent as a token with its state."""

    def __init__(self, file, known: dict[int, int], objects: dict[int, object]):
        super().__init__(file, protocol=4)
        self.known, self.objects = known, objects

    def persistent_id(self, obj):
        if type(obj).__name__ == "LpVariable" or _is_variable(obj):
            token = self.known.get(id(obj))
            if token is None:
                if self.objects is None:  # the child sends new variables by value
                    return None
                token = len(self.objects) + 1
                self.known[id(obj)] = token
                self.objects[token] = obj  # kept alive, so its id is never reused
            return ("lpvar", token, _state(obj))
        return None


def dumps(obj, known: dict[int, int], objects: dict[int, object] | None) -> bytes:
    buffer = io.BytesIO()
    _Writer(buffer, known, objects).dump(obj)
    return buffer.getvalue()


def _write_back(original, returned) -> None:
    """A mutable argument the student's function changed: the same change on the grader's object."""
    import pulp

    if original is returned:
        return
    if isinstance(original, pulp.LpProblem) and isinstance(returned, pulp.LpProblem):
        original.__dict__.clear()
        original.__dict__.update(returned.__dict__)
    elif type(original) is dict and isinstance(returned, dict):
        original.clear()
        original.update(returned)
    elif type(original) is list and isinstance(returned, list):
        original[:] = returned
    elif type(original) is set and isinstance(returned, set):
        original.clear()
        original.update(returned)


def _locators(functions: dict) -> list[tuple[str, str, str]]:
    """Where the child finds each function to block or watch: (module, qualified name, label)."""
    found = []
    for label, function in functions.items():
        module, qualname = getattr(function, "__module__", None), getattr(function, "__qualname__", None)
        if module and qualname and "<" not in qualname:
            found.append((module, qualname, label))
    return found


BOOT = "import sys; sys.path.insert(0, sys.argv[1]); from puzzlelib.classroom.zygote import main; sys.exit(main())"


def workroot() -> Path:
    """Where the grader keeps its copies of the library: private, and not under /tmp (a sandbox's
    own /tmp is mounted there, which would hide them)."""
    base = os.environ.get("PUZZLELIB_GRADE_WORKDIR") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "puzzlelib", "grading")
    if os.path.realpath(base).startswith(("/tmp/", "/dev/", "/proc/")):
        base = "/var/tmp/puzzlelib-grading"
    os.makedirs(base, mode=0o700, exist_ok=True)
    return Path(base)


def _environment(home: Path) -> dict:
    """A warm process's whole environment: nothing of the grader's but what it needs."""
    env = {"HOME": str(home), "MPLBACKEND": "Agg", "PUZZLELIB_PROGRESS": "0", "PYTHONHASHSEED": "0",
           "LANG": "C.UTF-8", "PATH": os.environ.get("PATH", "/usr/bin:/bin"), "PYTHONDONTWRITEBYTECODE": "1",
           "MPLCONFIGDIR": str(home / "mpl"), "OMP_NUM_THREADS": "1"}
    for name in ("PUZZLELIB_SANDBOX_LOG", "PUZZLELIB_SOLVER"):
        if os.environ.get(name):
            env[name] = os.environ[name]
    return env


def _start(library: Path, home: Path, config: dict, timeout: float):
    """A fresh interpreter on ``library`` running :func:`.zygote.main` with ``config``: (process, socket)."""
    home.mkdir(mode=0o700, parents=True, exist_ok=True)
    ours, theirs = socket.socketpair()
    env = {**_environment(home), "PUZZLELIB_ZYGOTE_FD": str(theirs.fileno())}
    process = subprocess.Popen([sys.executable, "-s", "-c", BOOT, str(library)], cwd=str(library), env=env,
                               pass_fds=(theirs.fileno(),), stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL, start_new_session=True)
    theirs.close()
    ours.settimeout(timeout)
    ours.sendall(json.dumps(config).encode() + b"\n")
    return process, ours


def _read_line(sock) -> dict:
    data = b""
    while not data.endswith(b"\n"):
        chunk = sock.recv(1 << 16)
        if not chunk:
            raise SandboxDied("the grader's warm process ended")
        data += chunk
    return json.loads(data)


def _request(control: socket.socket, request: dict, what: str) -> tuple[int, socket.socket]:
    """Ask a warm process for a new process (``what``) that talks on a fresh socket: its PID and our end."""
    ours, theirs = socket.socketpair()
    try:
        socket.send_fds(control, [json.dumps(request).encode()], [theirs.fileno()])
        answer = _read_line(control)
    except (OSError, ValueError) as exc:
        ours.close()
        raise SandboxDied(f"the grader's warm process failed: {exc}") from None
    finally:
        theirs.close()
    if "pid" not in answer:
        ours.close()
        raise SandboxDied(f"no {what}: {answer.get('error')}")
    return int(answer["pid"]), ours


class Master:
    """The warm process of a grading run (or of one worker): the library imported once, a warm
    process forked from it for each exercise. It never runs the lecturer's setup or anyone's answer."""

    def __init__(self, library: Path, workdir: Path, timeout: float = 300):
        self.library = Path(library)
        self.process, self.control = _start(self.library, Path(workdir) / "home", {"kind": "master"}, timeout)
        try:
            _read_line(self.control)
        except (OSError, ValueError, SandboxDied) as exc:
            self.close()
            raise SandboxDied(f"the grader's warm process did not start: {exc}") from None

    def fork(self, config: dict) -> tuple[int, socket.socket]:
        """A warm process for one exercise: its PID and the grader's end of its socket."""
        pid, ours = _request(self.control, config, "warm process")
        ours.settimeout(self.control.gettimeout())
        return pid, ours

    def alive(self) -> bool:
        return self.process.poll() is None

    def close(self) -> None:
        try:
            self.control.close()
        except OSError:  # pragma: no cover
            pass
        if self.process.poll() is None:
            try:
                os.killpg(self.process.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):  # pragma: no cover
                self.process.kill()
        self.process.wait()


class Zygote:
    """A warm process for one exercise (:mod:`.zygote`): setup run once, a sandbox forked per answer."""

    def __init__(self, setup: list[str], allowed: set[str], forbid: list[tuple[str, str, str]], library: Path,
                 workdir: Path, private: list[str] = (), how: str | None = None, timeout: float = 300,
                 mask: Path | None = None, master: Master | None = None):
        """``library``: the full copy the warm process imports (and runs the setup with); ``mask``: the
        exercise's stripped copy, which every sandbox sees in its place; ``master``: the run's warm
        process to fork from (else a fresh interpreter is started)."""
        from . import isolation

        self.how = how or isolation.mode()
        self.workdir = Path(workdir)
        self.library = Path(library)
        (self.workdir / "root").mkdir(mode=0o755, parents=True, exist_ok=True)
        config = {"setup": list(setup), "allowed": sorted(allowed), "forbid": [list(f) for f in forbid],
                  "mode": self.how, "newroot": str(self.workdir / "root"),
                  "readable": [str(library)] if mask is None else [[str(mask), str(library)]],
                  "private": [str(p) for p in private]}
        self.process, self.pid = None, None
        try:
            if master is not None:
                self.pid, self.control = master.fork(config)
            else:
                self.process, self.control = _start(self.library, self.workdir / "home", config, timeout)
            self.report = self._line()
        except (OSError, ValueError, SandboxDied) as exc:
            self.close()
            raise SandboxDied(f"the grader's warm process did not start: {exc}") from None

    def _line(self) -> dict:
        return _read_line(self.control)

    def spawn(self, uid: int | None, limits, mask: Path | None = None,
              cgroups: list[str] = ()) -> tuple[int, socket.socket]:
        """A sandbox for one answer: its PID and the grader's end of its socket. ``mask``: the library
        copy it sees where the warm process's own copy is."""
        request = {"uid": uid, "limits": vars(limits), "mask": None if mask is None else str(mask),
                   "cgroups": list(cgroups)}
        return _request(self.control, request, "sandbox")

    def alive(self) -> bool:
        if self.process is not None:
            return self.process.poll() is None
        try:
            with open(f"/proc/{self.pid}/stat") as f:
                return f.read().rsplit(")", 1)[1].split()[0] != "Z"
        except (OSError, IndexError):
            return False

    def close(self) -> None:
        try:
            if getattr(self, "control", None) is not None:
                self.control.close()
        except OSError:  # pragma: no cover
            pass
        if self.process is not None:
            if self.process.poll() is None:
                try:
                    os.killpg(self.process.pid, signal.SIGKILL)
                except (ProcessLookupError, PermissionError):  # pragma: no cover
                    self.process.kill()
            self.process.wait()
        elif self.pid is not None:
            try:
                os.kill(self.pid, signal.SIGKILL)  # the run's warm process reaps it
            except (ProcessLookupError, PermissionError):
                pass
            self.pid = None


@dataclass
class Sandbox:
    """One student's answer to one exercise, in a sandbox forked from the exercise's warm process."""

    zygote: Zygote
    answers: list[tuple[str, str]]  # (label, source): the student's cells, in order
    forbid: list[tuple[str, str, str]] = field(default_factory=list)  # (module, qualname, label)
    time_limit: float = 60.0
    uid: int | None = None
    limits: object = None
    mask: Path | None = None  # the library copy this sandbox sees in place of the warm process's one

    def __post_init__(self):
        from .isolation import Limits

        if self.limits is None:
            self.limits = Limits(cpu_seconds=int(self.time_limit) * 2 + 10)
        self.pid: int | None = None
        self.channel: socket.socket | None = None
        self.deadline = 0.0
        self.known: dict[int, int] = {}
        self.objects: dict[int, object] = {}
        self.report: dict = {}
        self.used = 0.0
        self.cgroup = None
        self.copies = [self.zygote.library] + ([Path(self.mask)] if self.mask is not None else [])

    # -- lifetime ------------------------------------------------------------------------------
    def start(self) -> dict:
        """Fork the sandbox, run the answers; returns its report (names defined, cell errors)."""
        self.started = time.monotonic()
        self.deadline = self.started + self.time_limit
        from .isolation import Cgroup

        if self.zygote.how != "none":
            self.cgroup = Cgroup(f"puzzlelib-{os.getpid()}-{self.uid or 0}-{int(self.started * 1000)}",
                                 self.limits.memory_bytes, self.limits.processes)
        self.pid, self.channel = self.zygote.spawn(self.uid, self.limits, self.mask,
                                                   self.cgroup.paths if self.cgroup else [])
        self._send(pickle.dumps({"answers": self.answers, "forbid": self.forbid}))
        self.report = self._reply()
        return self.report

    def close(self) -> None:
        if self.pid is not None:
            try:
                if self.zygote.how == "none":
                    os.killpg(self.pid, signal.SIGKILL)
                else:
                    os.kill(self.pid, signal.SIGKILL)  # PID 1 of its namespace: everything it started ends too
            except (ProcessLookupError, PermissionError):
                pass
            self.pid = None
        if self.channel is not None:
            self.channel.close()
            self.channel = None
        if self.cgroup is not None:
            for _ in range(200):  # the helper process above the sandbox leaves a moment later
                if self.cgroup.remove():
                    break
                time.sleep(0.005)
        self.used = time.monotonic() - getattr(self, "started", time.monotonic())

    def __enter__(self):
        self.start()
        return self

    def __exit__(self, *exc):
        self.close()

    # -- talking to the sandbox ----------------------------------------------------------------
    def _send(self, payload: bytes) -> None:
        if self.channel is None:
            raise SandboxDied("your code's process is no longer running")
        try:
            self.channel.settimeout(max(0.01, self.deadline - time.monotonic()))
            self.channel.sendall(struct.pack(">I", len(payload)) + payload)
        except socket.timeout:
            self.close()
            raise ExerciseTimedOut(f"the time limit of {self.time_limit:g} s ran out") from None
        except OSError:
            raise SandboxDied("your code's process is no longer running") from None

    def _read_exactly(self, n: int) -> bytes:
        chunks, got = [], 0
        while got < n:
            left = self.deadline - time.monotonic()
            if left <= 0 or self.channel is None:
                self.close()
                raise ExerciseTimedOut(f"the time limit of {self.time_limit:g} s ran out")
            ready, _, _ = select.select([self.channel], [], [], left)
            if not ready:
                continue
            try:
                chunk = self.channel.recv(min(n - got, 1 << 20))
            except OSError:
                chunk = b""
            if not chunk:
                self.close()
                raise SandboxDied("your code ended its process (or went over a limit: memory, processes, "
                                  "file size)")
            chunks.append(chunk)
            got += len(chunk)
        return b"".join(chunks)

    def _reply(self) -> dict:
        from . import wire

        (size,) = struct.unpack(">I", self._read_exactly(4))
        if size == 0xFFFFFFFF:  # the sandbox ended (see zygote.DIED)
            (status,) = struct.unpack(">I", self._read_exactly(4))
            self.close()
            raise _ending(status)
        if size > wire.MAX_BYTES:
            self.close()
            raise SandboxDied(f"your code sent {size} bytes back (at most {wire.MAX_BYTES}); an answer is far "
                              "smaller", "reply-too-large")
        data = self._read_exactly(size)
        try:
            reply = wire.decode(data, self.objects, self.deadline)
        except wire.Unreadable as exc:
            if time.monotonic() > self.deadline:
                self.close()
                raise ExerciseTimedOut(f"the time limit of {self.time_limit:g} s ran out") from None
            return {"kind": "unreadable", "message": str(exc)}
        if not isinstance(reply, dict) or not isinstance(reply.get("kind"), str):
            return {"kind": "unreadable", "message": "not a reply"}
        return reply

    def _ask(self, message: dict) -> dict:
        self._send(dumps(message, self.known, self.objects))
        return self._reply()

    def call(self, name: str, args: tuple, kwargs: dict, budget: int | None = None, within=None):
        """``name(*args, **kwargs)`` in the sandbox; its result, or its exception raised here.

        With ``budget``, the Python lines the call runs are counted there, and more than ``budget``
        raises :class:`~puzzlelib.feedback.checks.OverBudget` here. An argument of a course type with
        ``probe_state``/``probe_merge`` (a dict that counts its reads) learns what its copy saw."""
        message = {"kind": "call", "name": name, "args": args, "kwargs": kwargs}
        if budget is not None:
            message["budget"] = int(budget)
        if within is not None:  # a course object whose sandboxed(namespace, watch) the call runs inside
            message["within"] = within
        reply = self._ask(message)
        if reply.get("kind") == "over-budget":
            from ..feedback.checks import OverBudget

            lines = reply.get("lines")
            raise OverBudget(lines if isinstance(lines, int) else int(budget or 0))
        probes = reply.get("probes") if reply.get("kind") == "ok" else None
        for original, state in zip(args, probes if isinstance(probes, list) else ()):
            merge = getattr(type(original), "probe_merge", None)
            if merge is not None and isinstance(state, dict):
                try:
                    merge(original, state)
                except Exception:  # a forged state: the check sees nothing new
                    pass
        watch = getattr(self, "watching", None)
        if watch is not None and reply.get("kind") == "ok":
            for item in reply.get("watched", ()) or ():
                try:
                    label, call_args, call_kwargs = item
                    watch.calls.setdefault(label, []).append((tuple(call_args), dict(call_kwargs)))
                except (TypeError, ValueError):
                    continue
        if reply["kind"] == "ok":
            returned = reply.get("args", ())
            for original, new in zip(args, returned if isinstance(returned, (list, tuple)) else ()):
                _write_back(original, new)
            return reply.get("value")
        if reply["kind"] == "raised":
            raise rebuild_exception(str(reply.get("type")), str(reply.get("message")), reply.get("label"))
        raise UnreadableResult(f"{name} returned something the grader cannot read ({reply.get('message')}): "
                               "return numbers, strings, lists, tuples, dicts, sets or PuLP objects")

    def value(self, name: str):
        reply = self._ask({"kind": "value", "name": name})
        if reply["kind"] == "ok":
            return reply.get("value")
        if reply["kind"] == "raised":
            raise rebuild_exception(str(reply.get("type")), str(reply.get("message")), reply.get("label"))
        raise UnreadableResult(f"{name} is something the grader cannot read ({reply.get('message')})")

    def watch(self, functions: dict, watch) -> None:
        """Record calls of ``functions`` in the sandbox; each reply then brings them into ``watch``."""
        self.watching = watch
        self._ask({"kind": "watch", "watch": _locators(functions)})

    def block(self, functions: dict) -> None:
        self._ask({"kind": "forbid", "forbid": _locators(functions)})


class StudentFunction:
    """Stands in for a student's function in the grader's process; calls go to the sandbox."""

    def __init__(self, sandbox: Sandbox, name: str, record: bool = False):
        self.sandbox, self.__name__, self.__qualname__ = sandbox, name, name
        self.forbidden_seen: list[tuple[str, str, str]] = []
        self.calls: list[tuple[tuple, object]] | None = [] if record else None  # (args, result), calibrating

    def __call__(self, *args, **kwargs):
        result = self.sandbox.call(self.__name__, args, kwargs)
        if self.calls is not None:
            self.calls.append((args, result))
        return result

    def call_within(self, context, *args, **kwargs):
        """The call inside ``context.sandboxed(namespace, watch)``, entered in the sandbox (a check's own
        clock, say); ``context`` is a course object that travels there."""
        return self.sandbox.call(self.__name__, args, kwargs, within=context)

    def lines_run(self, budget: int, *args, **kwargs):
        """The call with its Python lines counted in the sandbox (see :meth:`Sandbox.call`)."""
        return self.sandbox.call(self.__name__, args, kwargs, budget=budget)

    def watch(self, functions: dict, watch) -> None:
        """Told by ``feedback.checks.watched``: record these calls in the child."""
        self.sandbox.watch(functions, watch)

    def forbid(self, functions: dict) -> None:
        """Told by ``feedback.checks.forbidden``: block these in the child as well."""
        self.forbidden_seen += _locators(functions)
        self.sandbox.block(functions)

    def __repr__(self) -> str:
        return f"<your function {self.__name__}>"


def rebuild_exception(type_name: str, message: str, label: str | None = None) -> BaseException:
    """The student's exception, as one the checks understand (same type name and message)."""
    import builtins

    from ..feedback.checks import ForbiddenCall

    if type_name == "ForbiddenCall" and label:
        return ForbiddenCall(label)
    known = getattr(builtins, type_name, None)
    if isinstance(known, type) and issubclass(known, Exception):
        try:
            return known(message)
        except Exception:  # pragma: no cover - exotic constructors
            pass
    return type(type_name, (Exception,), {})(message)


# --------------------------------------------------------------------------------------------- #
# The child's side
# --------------------------------------------------------------------------------------------- #
def _blocked_code(label: str) -> types.CodeType:
    from ..feedback.checks import _raising_code

    return _raising_code(label)


def block_each(locators) -> None:
    """Block each ``(module, qualified name, label)``; one that cannot be found is skipped."""
    for module, qualname, label in locators:
        try:
            owner, obj = resolve(module, qualname)
            _block(obj, label, owner, qualname.split(".")[-1])
        except Exception:
            pass


def _block(obj, label: str, owner=None, name: str | None = None) -> None:
    """Make every call of ``obj`` raise ForbiddenCall, wherever the student holds it from."""
    wrapped = getattr(obj, "__wrapped__", None)
    if hasattr(obj, "cache_clear"):
        obj.cache_clear()  # a cached oracle answers from its cache without calling the function
    target = wrapped if isinstance(wrapped, types.FunctionType) else obj
    if isinstance(target, types.MethodType):
        target = target.__func__
    if isinstance(target, types.FunctionType) and not target.__code__.co_freevars:
        target.__code__ = _blocked_code(label)
        target.__defaults__ = target.__kwdefaults__ = None
    if target is not obj or not isinstance(target, types.FunctionType) or target.__code__.co_freevars:
        # a class, a C function or a cached wrapper: replace it wherever a module holds it
        blocked = types.FunctionType(_blocked_code(label), {}, name or "blocked")
        if owner is not None and name is not None:
            setattr(owner, name, blocked)
        for module in list(sys.modules.values()):
            try:
                names = [n for n, v in vars(module).items() if v is obj]
            except TypeError:
                continue
            for n in names:
                setattr(module, n, blocked)


def resolve(module: str, qualname: str):
    import importlib

    obj = importlib.import_module(module)
    owner = None
    for part in qualname.split("."):
        owner, obj = obj, getattr(obj, part)
    return owner, obj


def block_checks(allowed: set[str], namespace: dict | None = None) -> None:
    """Block every function of every checks module but ``allowed`` (and what they need).

    ``allowed`` names a checks module's attribute, or a name in ``namespace`` bound to one (the
    setup's ``build_two_rules = checks.two_rules``)."""
    modules = [m for n, m in list(sys.modules.items())  # feedback.checks is machinery, not an oracle
               if m is not None and n.endswith(".checks") and n.startswith("puzzlelib.") and n != "puzzlelib.feedback.checks"]
    objects = {id(namespace[n]) for n in allowed if namespace and n in namespace}
    allowed = set(allowed) | {name for m in modules for name, value in vars(m).items() if id(value) in objects}
    keep = _closure(modules, allowed)
    for module in modules:
        for name, value in list(vars(module).items()):
            if name.startswith("__") or (module.__name__, name) in keep:
                continue
            if isinstance(value, type) or isinstance(value, types.ModuleType):
                continue
            home = getattr(value, "__module__", None)
            if callable(value) and home == module.__name__:
                _block(value, f"checks.{name}", module, name)


def _closure(modules, allowed: set[str]) -> set[tuple[str, str]]:
    """The allowed functions and the module-level functions they call, transitively."""
    keep: set[tuple[str, str]] = set()
    todo = [(m, name) for m in modules for name in allowed if name in vars(m) and not name.startswith("check_")]
    while todo:
        module, name = todo.pop()
        if (module.__name__, name) in keep:
            continue
        keep.add((module.__name__, name))
        value = vars(module).get(name)
        value = getattr(value, "__wrapped__", value)
        code = getattr(value, "__code__", None)
        if code is None:
            continue
        stack, names = [code], set()
        while stack:
            c = stack.pop()
            names |= set(c.co_names)
            stack += [k for k in c.co_consts if isinstance(k, types.CodeType)]
        todo += [(module, n) for n in names if n in vars(module)]
    return keep


#: audit events the student's code may not raise: starting programs, loading C code by hand
REFUSED = ("os.system", "os.exec", "os.posix_spawn", "os.spawn", "subprocess.Popen", "os.fork", "pty.spawn",
           "ctypes.dlopen", "ctypes.dlsym", "sys.addaudithook")


def guard(private: list[str]) -> None:
    """From here on, this process may not read the lecturer's files nor start other programs.

    An audit hook (PEP 578) cannot be taken back, so the student's code, which runs after this,
    cannot undo it."""
    folders = tuple(os.path.join(p, "") for p in private)

    def hook(event, args):
        if event == "open" and folders and args and isinstance(args[0], (str, bytes, os.PathLike)):
            try:
                path = os.path.realpath(os.fsdecode(args[0]))
            except (TypeError, ValueError):
                return
            if path.startswith(folders) or path in private:
                raise PermissionError(f"the grader's files are out of reach: {args[0]}")
        elif event.startswith(REFUSED):
            raise PermissionError(f"{event} is not allowed while grading")

    sys.addaudithook(hook)


def line_of(error) -> int | None:
    tb = getattr(error, "__traceback__", None)
    line = None
    while tb is not None:
        if tb.tb_frame.f_code.co_filename.startswith("<ipython-input") or "ipykernel" in tb.tb_frame.f_code.co_filename \
                or tb.tb_frame.f_code.co_filename.startswith("/tmp/ipykernel"):
            line = tb.tb_lineno
        tb = tb.tb_next
    return line
