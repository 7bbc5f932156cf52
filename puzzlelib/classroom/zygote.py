"""The warm process of one exercise: imports and setup paid once, a sandbox forked per answer.

The grader starts it as a fresh interpreter (it never held an answer: it is not a fork of the
grader) on the exercise's copy of the library (:mod:`.snapshot`), with a clean environment. It
runs the lecturer's setup cells, blocks what the exercise forbids in memory as well, and then,
for each student, forks: the fork (P) unshares new namespaces and forks the sandbox (C), which is
PID 1 there, puts up the walls (:mod:`.isolation`), runs the student's answer cells and answers
the grader's calls over its own socket. P tells the zygote C's PID and waits; the grader kills C
when it is done, which ends everything C started.

Control messages (grader <-> zygote) are JSON lines on a Unix socket; a request carries the
sandbox's end of a fresh socket pair as an ``SCM_RIGHTS`` descriptor.
"""

from __future__ import annotations

import io
import json
import os
import pickle
import signal
import socket
import struct
import sys
import types

from . import isolation, wire

DIED = 0xFFFFFFFF  # a message length no reply has: the sandbox ended, its wait status follows


def main() -> int:  # pragma: no cover - runs in the warm processes, exercised by the grading tests
    control = socket.socket(fileno=int(os.environ["PUZZLELIB_ZYGOTE_FD"]))
    config = json.loads(_read_line(control))
    devnull = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(devnull, fd)
    if os.environ.get("PUZZLELIB_SANDBOX_LOG"):  # a developer's trace of what went wrong in here
        os.dup2(os.open(os.environ["PUZZLELIB_SANDBOX_LOG"], os.O_WRONLY | os.O_CREAT | os.O_APPEND), 2)
    sys.stdin, sys.stdout = open(os.devnull), open(os.devnull, "w")
    sys.stderr = os.fdopen(os.dup(2), "w")
    if config.get("kind") == "master":
        return master(control, config)
    return exercise(control, config)


def master(control, config: dict) -> int:
    """The warm process of a whole run: imports the library once, then forks a warm process per exercise."""
    preload(config.get("preload", ()))
    _send_line(control, {"kind": "master", "ready": True})
    while True:
        got = _receive_request(control)
        if got is None:
            return 0
        request, fd = got
        _reap()
        try:
            pid = os.fork()
        except OSError as exc:
            _send_line(control, {"error": f"{type(exc).__name__}: {exc}"[:300]})
            os.close(fd)
            continue
        if pid == 0:  # the exercise's warm process, on its own socket
            code = 1
            try:
                control.close()
                code = exercise(socket.socket(fileno=fd), request)
            finally:
                os._exit(code)
        os.close(fd)
        _send_line(control, {"pid": pid})


def preload(names) -> None:
    """What every exercise imports, imported once: IPython, matplotlib, PuLP, HiGHS and the library."""
    import importlib

    for name in ("IPython.core.interactiveshell", "traitlets.config", "matplotlib.pyplot", "numpy", "pulp",
                 "highspy", "puzzlelib", "puzzlelib.feedback.checks", *names):
        try:
            importlib.import_module(name)
        except Exception:  # an optional part the exercises may not need
            continue


def exercise(control, config: dict) -> int:
    """The warm process of one exercise: its setup once, then a sandbox forked per answer."""
    shell, report = warm_up(config)
    _send_line(control, report)
    signal.signal(signal.SIGCHLD, signal.SIG_DFL)
    while True:
        got = _receive_request(control)
        if got is None:
            return 0
        request, fd = got
        _reap()
        try:
            pid = spawn(config, request, fd, shell, control)
            _send_line(control, {"pid": pid})
        except Exception as exc:
            _send_line(control, {"error": f"{type(exc).__name__}: {exc}"[:300]})
        finally:
            os.close(fd)


def warm_up(config: dict):
    """Imports and the lecturer's setup cells, then the in-memory blocks the exercise needs."""
    from IPython.core.interactiveshell import InteractiveShell
    from traitlets.config import Config

    settings = Config()
    settings.HistoryManager.enabled = False
    shell = InteractiveShell.instance(config=settings)
    shell.showtraceback = lambda *a, **k: None
    report = {"kind": "warm", "setup_error": None, "library": None}
    for source in config["setup"]:
        result = shell.run_cell(source, store_history=False, silent=True)
        if not result.success:
            error = result.error_before_exec or result.error_in_exec
            report["setup_error"] = f"{type(error).__name__}: {error}"[:500]
            break
    import matplotlib.pyplot as plt

    plt.close("all")
    from . import sandbox

    sandbox.block_checks(set(config["allowed"]), shell.user_ns)
    sandbox.block_each([tuple(x) for x in config["forbid"]])
    import gc
    import importlib
    import linecache

    linecache.clearcache()  # no source of the full library stays in memory for inspect to find
    importlib.invalidate_caches()
    gc.collect()
    report["library"] = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # the copy imported
    return shell, report


def spawn(config: dict, request: dict, fd: int, shell, control) -> int:
    """Fork P, which forks the sandbox C in new namespaces; returns C's PID (as the grader sees it)."""
    how = config["mode"]
    read_end, write_end = os.pipe()
    p = os.fork()
    if p == 0:
        code = 1
        try:
            os.close(read_end)
            control.close()
            isolation.join_cgroups(request.get("cgroups") or [])  # the sandbox is born inside its budget
            if how != "none":
                isolation.unshare(how)
            c = os.fork()
            if c == 0:
                os.close(write_end)
                _sandbox(config, request, fd, shell)
                os._exit(0)
            os.write(write_end, struct.pack(">i", c))
            os.close(write_end)
            _, status = os.waitpid(c, 0)
            try:  # how the sandbox ended, after the last of its own bytes: a limit, a signal, an exit
                os.write(fd, struct.pack(">II", DIED, status & 0xFFFF))
            except OSError:
                pass
            code = 0
        except BaseException as exc:
            try:
                os.write(write_end, struct.pack(">i", -1))
                sys.stderr.write(f"sandbox: {type(exc).__name__}: {exc}\n")
            except Exception:
                pass
        os._exit(code)
    os.close(write_end)
    data = b""
    while len(data) < 4:
        chunk = os.read(read_end, 4 - len(data))
        if not chunk:
            break
        data += chunk
    os.close(read_end)
    c = struct.unpack(">i", data)[0] if len(data) == 4 else -1
    if c <= 0:
        raise OSError("the sandbox could not be started")
    return c


def _sandbox(config: dict, request: dict, fd: int, shell) -> None:
    """In C: the walls, then the student's code. Nothing of the student's runs before the walls."""
    try:
        how = config["mode"]
        if how == "none":
            os.setsid()
            isolation_none(config.get("private") or [])
        else:
            readable = list(config["readable"])
            if request.get("mask"):  # this sandbox's copy of the library, where the full one was imported from
                readable = [[request["mask"], path] if isinstance(path, str) else path for path in readable]
            walls = isolation.Walls(config["newroot"], readable, request.get("uid"),
                                    isolation.Limits(**request["limits"]))
            isolation.confine(how, walls, (fd,))
        os.environ.clear()
        os.environ.update(isolation.SANDBOX_ENV)
        import tempfile

        tempfile.tempdir = None
    except BaseException as exc:  # no walls, no student code
        try:
            sys.stderr.write(f"sandbox walls: {type(exc).__name__}: {exc}\n")
            sys.stderr.flush()
        except Exception:
            pass
        os._exit(4)
    serve(socket.socket(fileno=fd), shell)


def isolation_none(private: list[str]) -> None:
    """No namespaces on this machine: the in-process guard alone (the grader warns loudly)."""
    from . import sandbox

    sandbox.guard(private)


def serve(channel, shell) -> None:  # pragma: no cover - runs in the sandbox
    """Run the student's answer cells, then call their functions for the grader until it hangs up."""
    from contextlib import ExitStack

    import matplotlib.pyplot as plt

    from ..feedback.checks import watched
    from . import sandbox

    stream_in = channel.makefile("rb")
    known: dict[int, int] = {}  # id(the sandbox's copy of a grader's variable) -> token
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
            data = wire.encode(message, known)
        except (wire.Unencodable, TypeError, ValueError, RecursionError, OverflowError) as exc:
            data = wire.encode({"kind": "unreadable", "message": f"{type(exc).__name__}: {exc}"[:300]}, known)
        channel.sendall(struct.pack(">I", len(data)) + data)

    def receive():
        head = stream_in.read(4)
        if len(head) < 4:
            return None
        (size,) = struct.unpack(">I", head)
        return Reader(io.BytesIO(stream_in.read(size))).load()

    job = receive()
    if job is None:
        return
    sandbox.block_each([tuple(x) for x in job.get("forbid", ())])
    namespace = shell.user_ns
    report: dict = {"kind": "ready", "cells": []}
    for label, source in job["answers"]:
        result = shell.run_cell(source, store_history=False, silent=True)
        entry = {"label": label, "error": None, "line": None, "type": None}
        error = result.error_before_exec or result.error_in_exec
        if error is not None:
            entry["type"] = type(error).__name__
            entry["error"] = str(error)[:500]
            entry["line"] = getattr(error, "lineno", None) or sandbox.line_of(error)
            entry["compiled"] = result.error_before_exec is None
        report["cells"].append(entry)
        plt.close("all")
    report["names"] = {name: ("callable" if callable(value) else "value")
                       for name, value in list(namespace.items()) if isinstance(name, str)
                       and not name.startswith("_") and not isinstance(value, types.ModuleType)}
    reply(report)
    watching = ExitStack()
    watch = None
    while True:
        message = receive()
        if message is None:
            return
        if message["kind"] == "watch":
            watching.close()
            watch = None
            functions = {}
            for module, qualname, label in message["watch"]:
                try:
                    functions[label] = sandbox.resolve(module, qualname)[1]
                except Exception:
                    continue
            if functions:
                watch = watching.enter_context(watched(types.SimpleNamespace(__globals__=namespace), functions))
            reply({"kind": "ok", "value": None})
            continue
        if message["kind"] == "forbid":
            sandbox.block_each(message["forbid"])
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
                budget = message.get("budget")
                within = message.get("within")
                if within is not None:  # a check's context, entered here (9.3's clock): sandboxed(ns, watch)
                    with within.sandboxed(namespace, watch):
                        value = namespace[name](*args, **message["kwargs"])
                elif budget is None:
                    value = namespace[name](*args, **message["kwargs"])
                else:  # a check that counts the work, not the time (feedback.checks.OverBudget)
                    value = _lines_run(namespace[name], budget, args, message["kwargs"])
            plt.close("all")
            changed = [a if isinstance(a, (dict, list, set)) or type(a).__name__ == "LpProblem" else None
                       for a in args]  # what a function may change in place, for the grader's copy
            calls = []
            if watch is not None:  # the calls recorded since the last reply
                for label, made in watch.calls.items():
                    calls += [[label, list(a), dict(k)] for a, k in made]
                    made.clear()
            probes = [_probe(a) for a in args]  # what an argument that watches its use saw (reads, ...)
            reply({"kind": "ok", "value": value, "args": changed, "watched": calls, "probes": probes})
        except _Over as over:
            reply({"kind": "over-budget", "lines": over.lines})
        except BaseException as exc:  # the student's exception travels as its name and message
            if isinstance(exc, (SystemExit, KeyboardInterrupt)) and not isinstance(exc, Exception):
                exc = RuntimeError(f"{type(exc).__name__} raised")
            try:
                text = str(exc)[:2000]
            except BaseException:
                text = "(no message)"
            reply({"kind": "raised", "type": type(exc).__name__[:100], "message": text,
                   "label": getattr(exc, "label", None) if isinstance(getattr(exc, "label", None), str) else None})


class _Over(BaseException):
    def __init__(self, lines: int):
        self.lines = lines


def _lines_run(function, budget: int, args, kwargs):
    """``function(*args, **kwargs)`` with every Python line it runs counted, as the checks count them
    in a notebook (``sys.settrace``); over ``budget``, it stops."""
    count = [0]

    def local(frame, event, arg):
        if event == "line":
            count[0] += 1
            if count[0] > budget:
                raise _Over(count[0])
        return local

    before = sys.gettrace()
    sys.settrace(lambda frame, event, arg: local)
    try:
        return function(*args, **kwargs)
    finally:
        sys.settrace(before)


def _probe(arg):
    """The state of an argument that records how it was used (a course type with ``probe_state``)."""
    state = getattr(type(arg), "probe_state", None)
    if state is None or not (type(arg).__module__ or "").startswith("puzzlelib."):
        return None
    try:
        return state(arg)
    except Exception:
        return None


# --------------------------------------------------------------------------------------------- #
# The control socket
# --------------------------------------------------------------------------------------------- #
def _read_line(sock) -> bytes:
    data = b""
    while not data.endswith(b"\n"):
        chunk = sock.recv(1 << 16)
        if not chunk:
            break
        data += chunk
    return data


def _send_line(sock, obj) -> None:
    sock.sendall(json.dumps(obj).encode() + b"\n")


def _receive_request(sock):
    try:
        msg, fds, _, _ = socket.recv_fds(sock, 1 << 16, 1)
    except OSError:
        return None
    if not msg:
        return None
    if not fds:
        return None
    return json.loads(msg), fds[0]


def _reap() -> None:
    while True:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return


def boot() -> None:  # pragma: no cover
    """``python -c`` entry: the library copy is ``sys.argv[1]``, first on the path."""
    sys.path.insert(0, sys.argv[1])
    sys.exit(main())
