"""One program run behind the operating system's walls: bytes in on stdin, bytes out on stdout.

The notebook grader keeps warm processes and forks a sandbox per student (:mod:`.zygote`); a task
that runs a student's *file* once (the variant homework, :mod:`.variants`) needs less: start Python
in new namespaces, behind the same walls (:func:`.isolation.confine`: a root of its own with the
system, Python and the environment read-only, the library's own folder read-only, a small private
``/tmp``, no network, a uid of its own, limits), hand it its input on stdin and read its answer from
stdout. Nothing of the course is in its root but the library: no keys, no secret, no other student's
file. Where the machine allows no walls (:func:`.isolation.mode` is ``"none"``) it refuses, unless
the caller accepts an unguarded run (``unsafe_ok``), which is then said on stderr.
"""

from __future__ import annotations

import os
import select
import signal
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from . import isolation

#: The most a confined run may print on stdout (more: the run fails, "too much output").
MAX_OUTPUT = 64 * 2**20
#: The uid slot these runs take (the notebook grader's workers take the slots from 0).
SLOT = 63


@dataclass
class Run:
    """How a confined run ended: its exit ``status`` (None: killed at the time limit), stdout, and the
    last lines of stderr."""

    status: int | None
    stdout: bytes
    stderr: str
    timed_out: bool = False
    too_much: bool = False


def library_folder() -> str:
    """The folder that holds the ``puzzlelib`` package (bound read-only at its own path, so that an
    editable install's path entry finds it and nothing else of the course)."""
    return str(Path(__file__).resolve().parents[1])


def run_confined(argv: list[str], data: bytes, time_limit: float, *, limits: isolation.Limits | None = None,
                 unsafe_ok: bool = False) -> Run:
    """Run ``argv`` (``argv[0]`` a program path) behind the walls with ``data`` on stdin.

    Killed, with everything it started, at ``time_limit`` seconds of wall time."""
    how = isolation.mode()
    if how == "none" and not unsafe_ok:
        raise isolation.ConfinementError(0, "this machine gives no walls (no namespaces): a student's file "
                                            "is not run without them")
    limits = limits or isolation.Limits(cpu_seconds=max(1, int(time_limit) + 1))
    with tempfile.TemporaryDirectory(prefix="confined-") as private:
        os.chmod(private, 0o700)
        newroot = os.path.join(private, "root")
        os.mkdir(newroot)
        return _run(how, argv, data, time_limit, limits, newroot)


def _run(how: str, argv, data: bytes, time_limit: float, limits, newroot: str) -> Run:
    stdin_r, stdin_w = os.pipe()
    out_r, out_w = os.pipe()
    err_r, err_w = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - P: unshare, fork the confined child, wait for it
        code = 125
        try:
            for fd in (stdin_w, out_r, err_r):
                os.close(fd)
            os.setsid()
            if how != "none":
                isolation.unshare(how)
            child = os.fork()
            if child == 0:
                os.dup2(stdin_r, 0)
                os.dup2(out_w, 1)
                os.dup2(err_w, 2)
                if how != "none":
                    walls = isolation.Walls(newroot, [library_folder()], isolation.uid_for(SLOT), limits)
                    isolation.confine(how, walls, (0, 1, 2))
                else:
                    sys.stderr.write("UNSAFE: no walls on this machine; the file runs as the grader\n")
                os.execve(argv[0], argv, isolation.SANDBOX_ENV)
            _, status = os.waitpid(child, 0)
            code = os.waitstatus_to_exitcode(status)
            code = code if 0 <= code < 256 else 128 + min(-code, 127)
        except BaseException as exc:
            try:
                os.write(err_w, f"confined: {type(exc).__name__}: {exc}\n".encode())
            except Exception:
                pass
        os._exit(code)
    for fd in (stdin_r, out_w, err_w):
        os.close(fd)
    feeder = threading.Thread(target=_feed, args=(stdin_w, data), daemon=True)
    feeder.start()
    out, err, timed_out, too_much = _collect(out_r, err_r, time.monotonic() + time_limit)
    if timed_out or too_much:
        _kill(pid)
    _, status = os.waitpid(pid, 0)
    feeder.join(1)
    code = None if timed_out else os.waitstatus_to_exitcode(status)
    tail = b"".join(err).decode("utf-8", "replace")[-4000:]
    return Run(code, b"".join(out), tail, timed_out, too_much)


def _feed(fd: int, data: bytes) -> None:
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view[:65536]):]
    except OSError:  # the child stopped reading
        pass
    finally:
        os.close(fd)


def _collect(out_r: int, err_r: int, until: float):
    out, err, size, err_size = [], [], 0, 0
    open_fds = {out_r, err_r}
    timed_out = too_much = False
    try:
        while open_fds:
            left = until - time.monotonic()
            if left <= 0:
                timed_out = True
                break
            ready, _, _ = select.select(list(open_fds), [], [], min(left, 0.5))
            for fd in ready:
                chunk = os.read(fd, 1 << 16)
                if not chunk:
                    open_fds.discard(fd)
                elif fd == out_r:
                    size += len(chunk)
                    if size > MAX_OUTPUT:
                        too_much = True
                        return out, err, timed_out, too_much
                    out.append(chunk)
                elif err_size < 1 << 20:
                    err_size += len(chunk)
                    err.append(chunk)
    finally:
        os.close(out_r)
        os.close(err_r)
    return out, err, timed_out, too_much


def _kill(pid: int) -> None:
    """P and its confined child: the child dies with P (PDEATHSIG), and everything it started with
    it (it is PID 1 of its namespace)."""
    for target in (-pid, pid):
        try:
            os.kill(target, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
