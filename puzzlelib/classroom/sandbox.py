"""A student's answer in a process of its own, called from the grader's process.

The grader never runs a student's code in its own process, and the student's code never sees a
check. For each exercise the grader starts a child Python (``python -m puzzlelib.classroom.sandbox``)
that runs the lecturer's setup cells, then blocks every function of the checks modules the answer
has no business calling (oracles, reference answers, the checks themselves) and every library
function the exercise forbids, and only then runs the student's answer cells. The checks run in the
grader's process with a :class:`StudentFunction` in place of each answer: calling it sends the
arguments to the child, runs the student's function there, and brings the result back.

So a verdict is made only in the grader's process, from the student's results: nothing the student's
code writes, patches or forges in its own process reaches it. Results come back as pickles read by
:class:`ResultReader`, which builds only plain data, PuLP's model classes, NumPy arrays and the
course's own classes (never a function), and keeps PuLP's variables the same objects on both sides
(a ``persistent_id`` per variable), so a student's function may add constraints to a model it was
given. A time limit covers the whole exercise; a child that loops or dies costs that exercise only.
"""

from __future__ import annotations

import io
import os
import pickle
import select
import signal
import struct
import subprocess
import sys
import time
import types
from dataclasses import dataclass, field
from pathlib import Path

# --------------------------------------------------------------------------------------------- #
# Messages: a 4-byte length, then a pickle
# --------------------------------------------------------------------------------------------- #
MAX_MESSAGE = 200 * 2**20  # a result larger than this is not an answer


def send(stream, payload: bytes) -> None:
    stream.write(struct.pack(">I", len(payload)) + payload)
    stream.flush()


def receive_blocking(stream) -> bytes | None:
    head = stream.read(4)
    if len(head) < 4:
        return None
    (size,) = struct.unpack(">I", head)
    return stream.read(size)


class ExerciseTimedOut(BaseException):
    """The exercise's time limit ran out (a BaseException, so a check's ``except Exception`` lets it by)."""


class SandboxDied(BaseException):
    """The student's process ended while the grader waited for it."""


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


# --------------------------------------------------------------------------------------------- #
# The grader's side
# --------------------------------------------------------------------------------------------- #
SAFE = {
    "builtins": {"dict", "list", "tuple", "set", "frozenset", "int", "float", "complex", "str", "bytes",
                 "bytearray", "bool", "slice", "range", "object"},
    "copyreg": {"_reconstructor"},
    "collections": {"OrderedDict", "Counter", "deque"},
    "fractions": {"Fraction"},
    "decimal": {"Decimal"},
    "pulp.pulp": {"LpProblem", "LpVariable", "LpAffineExpression", "LpConstraint", "LpConstraintVar",
                  "LpElement", "FractionElasticSubProblem", "FixedElasticSubProblem"},
    "numpy": {"ndarray", "dtype", "bool_", "int64", "int32", "float64", "float32"},
    "numpy.core.multiarray": {"_reconstruct", "scalar"},
    "numpy._core.multiarray": {"_reconstruct", "scalar"},
}


def _fresh_variable_class():
    import pulp

    class FreshVariable(pulp.LpVariable):
        """A variable the student's code made: a hash of its own here (PuLP hashes by the id at birth)."""

        def __setstate__(self, state):
            self.__dict__.update(state)
            self.hash = id(self)

    FreshVariable.__name__ = FreshVariable.__qualname__ = "LpVariable"
    return FreshVariable


class ResultReader(pickle.Unpickler):
    """Reads a child's pickle, building only data and known classes (never calls a function)."""

    def __init__(self, data: bytes, objects: dict[int, object]):
        super().__init__(io.BytesIO(data))
        self.objects = objects

    def find_class(self, module, name):
        if module == "pulp.pulp" and name == "LpVariable":
            return _fresh_variable_class()
        if name in SAFE.get(module, ()):
            return super().find_class(module, name)
        if module.startswith("puzzlelib.") and not module.startswith("puzzlelib.classroom"):
            value = super().find_class(module, name)
            if isinstance(value, type):
                return value
        raise pickle.UnpicklingError(f"{module}.{name}")

    def persistent_load(self, pid):
        kind, token, state = pid
        obj = self.objects.get(token) if kind == "lpvar" else None
        if obj is None:
            raise pickle.UnpicklingError("a variable the grader never sent")
        obj.__dict__.update({k: v for k, v in state.items() if k != "hash"})
        return obj


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


@dataclass
class Sandbox:
    """One child process holding one exercise's answer cells."""

    setup: list[str]
    answers: list[tuple[str, str]]  # (label, source): the student's cells, in order
    allowed: set[str] = field(default_factory=set)  # names on checks modules the answer may use
    forbid: list[tuple[str, str, str]] = field(default_factory=list)  # (module, qualname, label)
    time_limit: float = 60.0
    cwd: Path | None = None
    env: dict[str, str] | None = None
    #: folders the student's code may not read (the lecturer's solutions, points, keys)
    private: list[str] = field(default_factory=list)

    def __post_init__(self):
        self.process: subprocess.Popen | None = None
        self.deadline = 0.0
        self.known: dict[int, int] = {}
        self.objects: dict[int, object] = {}
        self.report: dict = {}
        self.used = 0.0

    # -- lifetime ------------------------------------------------------------------------------
    def start(self) -> dict:
        """Start the child, run setup and answers; returns its report (names defined, cell errors)."""
        env = {k: v for k, v in os.environ.items() if not k.startswith("PUZZLELIB_HIDDEN")}
        env.update({"MPLBACKEND": "Agg", "PUZZLELIB_PROGRESS": "0", "PYTHONHASHSEED": "0"})
        env.update(self.env or {})
        root = str(Path(__file__).resolve().parents[2])
        env["PYTHONPATH"] = root + os.pathsep + env.get("PYTHONPATH", "")
        self.started = time.monotonic()
        self.deadline = self.started + self.time_limit
        self.process = subprocess.Popen(
            [sys.executable, "-m", "puzzlelib.classroom.sandbox"], stdin=subprocess.PIPE,
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, cwd=self.cwd, env=env,
            start_new_session=True)
        send(self.process.stdin, pickle.dumps({"setup": self.setup, "answers": self.answers,
                                               "allowed": sorted(self.allowed), "forbid": self.forbid,
                                               "private": [str(Path(p).resolve()) for p in self.private]}))
        self.report = self._reply()
        return self.report

    def close(self) -> None:
        if self.process is not None and self.process.poll() is None:
            try:
                os.killpg(self.process.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):  # pragma: no cover
                self.process.kill()
            self.process.wait()
        if self.process is not None:
            for stream in (self.process.stdin, self.process.stdout):
                try:
                    stream.close()
                except OSError:  # pragma: no cover
                    pass
        self.used = time.monotonic() - getattr(self, "started", time.monotonic())

    def __enter__(self):
        self.start()
        return self

    def __exit__(self, *exc):
        self.close()

    # -- talking to the child --------------------------------------------------------------------
    def _read_exactly(self, n: int) -> bytes:
        out = self.process.stdout
        chunks, got = [], 0
        while got < n:
            left = self.deadline - time.monotonic()
            if left <= 0:
                self.close()
                raise ExerciseTimedOut(f"the time limit of {self.time_limit:g} s ran out")
            ready, _, _ = select.select([out], [], [], left)
            if not ready:
                continue
            chunk = os.read(out.fileno(), min(n - got, 1 << 20))
            if not chunk:
                code = self.process.wait()
                raise SandboxDied(f"your code ended the process (exit code {code})")
            chunks.append(chunk)
            got += len(chunk)
        return b"".join(chunks)

    def _reply(self) -> dict:
        (size,) = struct.unpack(">I", self._read_exactly(4))
        if size > MAX_MESSAGE:
            self.close()
            raise SandboxDied(f"your code sent {size} bytes back; an answer is far smaller")
        return self._decode(self._read_exactly(size))

    def _decode(self, data: bytes) -> dict:
        try:
            reply = ResultReader(data, self.objects).load()
        except Exception as exc:
            return {"kind": "unreadable", "message": str(exc)}
        if not isinstance(reply, dict) or "kind" not in reply:
            return {"kind": "unreadable", "message": "not a reply"}
        return reply

    def _ask(self, message: dict) -> dict:
        if self.process is None or self.process.poll() is not None:
            raise SandboxDied("your code's process is no longer running")
        try:
            send(self.process.stdin, dumps(message, self.known, self.objects))
        except (BrokenPipeError, OSError):
            raise SandboxDied("your code's process is no longer running") from None
        return self._reply()

    def call(self, name: str, args: tuple, kwargs: dict):
        """``name(*args, **kwargs)`` in the child; its result, or its exception raised here."""
        reply = self._ask({"kind": "call", "name": name, "args": args, "kwargs": kwargs})
        watch = getattr(self, "watching", None)
        if watch is not None:
            for label, call_args, call_kwargs in reply.get("watched", ()):
                watch.calls.setdefault(label, []).append((tuple(call_args), dict(call_kwargs)))
        if reply["kind"] == "ok":
            for original, returned in zip(args, reply.get("args", ())):
                _write_back(original, returned)
            return reply["value"]
        if reply["kind"] == "raised":
            raise rebuild_exception(reply["type"], reply["message"], reply.get("label"))
        raise UnreadableResult(f"{name} returned something the grader cannot read ({reply.get('message')}): "
                               "return numbers, strings, lists, tuples, dicts, sets or PuLP objects")

    def value(self, name: str):
        reply = self._ask({"kind": "value", "name": name})
        if reply["kind"] == "ok":
            return reply["value"]
        if reply["kind"] == "raised":
            raise rebuild_exception(reply["type"], reply["message"], reply.get("label"))
        raise UnreadableResult(f"{name} is something the grader cannot read ({reply.get('message')})")

    def watch(self, functions: dict, watch) -> None:
        """Record calls of ``functions`` in the child; each reply then brings them into ``watch``."""
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


def _block_each(locators) -> None:
    """Block each ``(module, qualified name, label)``; one that cannot be found is skipped."""
    for module, qualname, label in locators:
        try:
            owner, obj = _resolve(module, qualname)
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


def _resolve(module: str, qualname: str):
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


def child_main() -> int:  # pragma: no cover - runs in the child, exercised by the grading tests
    protocol_out = os.fdopen(os.dup(1), "wb")
    protocol_in = os.fdopen(os.dup(0), "rb")
    devnull = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(devnull, fd)
    if os.environ.get("PUZZLELIB_SANDBOX_LOG"):  # a developer's trace of what went wrong in here
        os.dup2(os.open(os.environ["PUZZLELIB_SANDBOX_LOG"], os.O_WRONLY | os.O_CREAT | os.O_APPEND), 2)
    sys.stdin = open(os.devnull)
    sys.stdout = open(os.devnull, "w")
    sys.stderr = os.fdopen(os.dup(2), "w")
    try:
        import resource

        limit = 6 * 2**30
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    except (ImportError, ValueError, OSError):
        pass

    from contextlib import ExitStack

    from ..feedback.checks import watched

    watching = ExitStack()  # the watch the grader asked for (feedback.checks.watched), while it lasts
    watch = None
    known: dict[int, int] = {}  # id(child's copy of a grader's variable) -> token
    copies: dict[int, object] = {}  # token -> that copy

    class Reader(pickle.Unpickler):
        def persistent_load(self, pid):
            kind, token, state = pid
            obj = copies.get(token)
            if obj is None:
                import pulp

                obj = pulp.LpVariable.__new__(pulp.LpVariable)
                copies[token] = obj
                known[id(obj)] = token
            obj.__dict__.update(state)
            obj.hash = id(obj)
            return obj

    def reply(message: dict) -> None:
        try:
            data = dumps(message, known, None)
        except Exception as exc:  # the student's value cannot be pickled
            data = dumps({"kind": "unreadable", "message": f"{type(exc).__name__}: {exc}"[:300]}, known, None)
        send(protocol_out, data)

    first = receive_blocking(protocol_in)
    if first is None:
        return 1
    job = pickle.loads(first)
    from IPython.core.interactiveshell import InteractiveShell

    shell = InteractiveShell.instance()
    shell.showtraceback = lambda *a, **k: None
    namespace = shell.user_ns
    report: dict = {"kind": "ready", "setup_error": None, "cells": []}
    for source in job["setup"]:
        result = shell.run_cell(source, store_history=False, silent=True)
        if not result.success:
            error = result.error_before_exec or result.error_in_exec
            report["setup_error"] = f"{type(error).__name__}: {error}"[:500]
            break
    import matplotlib.pyplot as plt

    plt.close("all")
    block_checks(set(job["allowed"]), namespace)
    _block_each(job["forbid"])
    guard(job.get("private", []))
    for label, source in job["answers"]:
        result = shell.run_cell(source, store_history=False, silent=True)
        entry = {"label": label, "error": None, "line": None, "type": None}
        error = result.error_before_exec or result.error_in_exec
        if error is not None:
            entry["type"] = type(error).__name__
            entry["error"] = str(error)[:500]
            entry["line"] = getattr(error, "lineno", None) or _line_of(error)
            entry["compiled"] = result.error_before_exec is None
        report["cells"].append(entry)
        plt.close("all")
    report["names"] = {name: ("callable" if callable(value) else "value")
                       for name, value in namespace.items() if not name.startswith("_")
                       and not isinstance(value, types.ModuleType)}
    reply(report)
    while True:
        data = receive_blocking(protocol_in)
        if data is None:
            return 0
        message = Reader(io.BytesIO(data)).load()
        if message["kind"] == "watch":
            watching.close()  # the previous watch ends; the new one (if any) wraps the same places
            watch = None
            functions = {}
            for module, qualname, label in message["watch"]:
                try:
                    functions[label] = _resolve(module, qualname)[1]
                except Exception:
                    continue
            if functions:
                watch = watching.enter_context(watched(types.SimpleNamespace(__globals__=namespace), functions))
            reply({"kind": "ok", "value": None})
            continue
        if message["kind"] == "forbid":
            _block_each(message["forbid"])
            reply({"kind": "ok", "value": None})
            continue
        name = message["name"]
        if name not in namespace:
            reply({"kind": "raised", "type": "NameError", "message": f"name {name!r} is not defined"})
            continue
        try:
            if message["kind"] == "value":
                value, args = namespace[name], ()
            else:
                args = message["args"]
                value = namespace[name](*args, **message["kwargs"])
            plt.close("all")
            changed = [a if isinstance(a, (dict, list, set)) or type(a).__name__ == "LpProblem" else None
                       for a in args]  # what a function may change in place, for the grader's copy
            calls = []
            if watch is not None:  # the calls recorded since the last reply
                for label, made in watch.calls.items():
                    calls += [(label, a, k) for a, k in made]
                    made.clear()
            reply({"kind": "ok", "value": _plain(value), "args": changed, "watched": calls})
        except BaseException as exc:  # the student's exception travels as its name and message
            if isinstance(exc, (SystemExit, KeyboardInterrupt)) and not isinstance(exc, Exception):
                exc = RuntimeError(f"{type(exc).__name__} raised")
            reply({"kind": "raised", "type": type(exc).__name__, "message": str(exc)[:2000],
                   "label": getattr(exc, "label", None)})


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


def _line_of(error) -> int | None:
    tb = getattr(error, "__traceback__", None)
    line = None
    while tb is not None:
        if tb.tb_frame.f_code.co_filename.startswith("<ipython-input") or "ipykernel" in tb.tb_frame.f_code.co_filename \
                or tb.tb_frame.f_code.co_filename.startswith("/tmp/ipykernel"):
            line = tb.tb_lineno
        tb = tb.tb_next
    return line


def _plain(value):
    """NumPy scalars as Python numbers (the grader reads Python's own types most easily)."""
    item = getattr(value, "item", None)
    if type(value).__module__ == "numpy" and callable(item) and getattr(value, "shape", None) == ():
        return item()
    return value


if __name__ == "__main__":  # pragma: no cover
    try:
        sys.exit(child_main())
    except Exception:  # the grader's own fault: leave a trace where a developer asked for one
        if os.environ.get("PUZZLELIB_SANDBOX_LOG"):
            import traceback

            Path(os.environ["PUZZLELIB_SANDBOX_LOG"]).write_text(traceback.format_exc())
        sys.exit(3)
