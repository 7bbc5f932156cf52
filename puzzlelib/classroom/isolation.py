"""The operating system's walls around one student's answer (Linux namespaces, a uid, limits).

A forked child of the warm process (:mod:`.zygote`) calls :func:`confine` before it runs a line of
the student's code. After it returns, the child:

- sees a root of its own: the system's programs and libraries, Python and the course's
  environment read-only, the exercise's copy of the library (without the code the exercise
  forbids) read-only, an empty ``/tmp`` of limited size as its only writable place, a ``/proc``
  that shows its own processes only. The course, ``solutions/``, the points file, the submissions
  and the grader's output are not in it at all;
- is PID 1 of a PID namespace: it cannot see, signal or trace the grader or another student, and
  when it ends, the kernel ends every process it started (a ``setsid`` daemon included);
- has no network (a network namespace with only a loopback that is down);
- runs as a uid of its own (the grader is root) or, for a lecturer who is not root, as root of a
  user namespace with every capability dropped;
- has limits on CPU, address space, processes, file size and open files; ``no_new_privs`` is set.

:func:`mode` says which of these this machine gives: ``"uid"`` (root: a separate uid per sandbox),
``"userns"`` (not root: an unprivileged user namespace), or ``"none"`` (neither: the in-process
guard alone, which the grader reports loudly as unsafe).
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import platform
import resource
import sys
from dataclasses import dataclass, field

CLONE_NEWNS, CLONE_NEWUTS, CLONE_NEWIPC = 0x00020000, 0x04000000, 0x08000000
CLONE_NEWUSER, CLONE_NEWPID, CLONE_NEWNET = 0x10000000, 0x20000000, 0x40000000
MS_RDONLY, MS_NOSUID, MS_NODEV, MS_NOEXEC = 1, 2, 4, 8
MS_REMOUNT, MS_BIND, MS_REC, MS_PRIVATE = 32, 4096, 16384, 1 << 18
MNT_DETACH = 2
PR_SET_PDEATHSIG, PR_SET_DUMPABLE, PR_CAPBSET_DROP, PR_SET_NO_NEW_PRIVS = 1, 4, 24, 38
SYS_PIVOT_ROOT = {"x86_64": 155, "aarch64": 41}.get(platform.machine())
SYS_CAPSET = {"x86_64": 126, "aarch64": 91}.get(platform.machine())

#: read-only in every sandbox, when they exist (besides Python's own folders, found at run time)
SYSTEM = ("/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/etc")
#: device files a program may expect
DEVICES = ("null", "zero", "random", "urandom")
#: the first uid of the sandboxes when the grader is root: one per concurrent sandbox
FIRST_UID = 2_100_000
#: The whole environment of a sandbox's process: nothing of the grader's (its paths, its secrets) is
#: passed on; home and temporary files in the sandbox's own /tmp.
SANDBOX_ENV = {"HOME": "/tmp", "TMPDIR": "/tmp", "MPLBACKEND": "Agg", "PUZZLELIB_PROGRESS": "0",
               "PATH": "/usr/local/bin:/usr/bin:/bin", "PYTHONHASHSEED": "0", "LANG": "C.UTF-8",
               "MPLCONFIGDIR": "/tmp/.matplotlib", "OMP_NUM_THREADS": "1"}


class ConfinementError(OSError):
    """The walls could not be put up: the child must not run the student's code."""


def _libc():
    libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
    return libc


def _check(result: int, what: str) -> None:
    if result != 0:
        err = ctypes.get_errno()
        raise ConfinementError(err, f"{what}: {os.strerror(err)}")


@dataclass
class Limits:
    """What one sandbox may spend."""

    cpu_seconds: int = 120  # RLIMIT_CPU of each process (the grader's wall clock is the real limit)
    memory_bytes: int = 3 * 2**30  # RLIMIT_AS of each process
    processes: int = 64  # RLIMIT_NPROC: processes and threads of the sandbox's uid
    file_bytes: int = 64 * 2**20  # RLIMIT_FSIZE: the largest file it may write
    tmp_bytes: int = 64 * 2**20  # the size of its /tmp (its only writable folder)
    open_files: int = 256


@dataclass
class Walls:
    """Where a sandbox's root is built and what it may read."""

    newroot: str  # an empty folder, private to the grader, to build the sandbox's root on
    #: extra folders, read-only: a path, or (what to show, where): the exercise's library copy shown
    #: where the warm process imported the full one from
    readable: list = field(default_factory=list)
    uid: int | None = None  # the sandbox's uid when the grader is root
    limits: Limits = field(default_factory=Limits)


# --------------------------------------------------------------------------------------------- #
# What this machine allows
# --------------------------------------------------------------------------------------------- #
_MODE: str | None = None


def mode() -> str:
    """``"uid"``, ``"userns"`` or ``"none"``: how students' code is kept apart on this machine.

    Found once, by trying: a forked probe unshares the namespaces a sandbox needs and exits."""
    global _MODE
    if _MODE is None:
        forced = os.environ.get("PUZZLELIB_SANDBOX_MODE")
        if forced in ("uid", "userns", "none"):
            _MODE = forced
        elif not sys.platform.startswith("linux") or SYS_PIVOT_ROOT is None:
            _MODE = "none"
        elif os.geteuid() == 0 and _probe(user=False):
            _MODE = "uid"
        elif _probe(user=True):
            _MODE = "userns"
        else:
            _MODE = "none"
    return _MODE


def _probe(user: bool) -> bool:
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the probe child
        try:
            flags = CLONE_NEWNS | CLONE_NEWPID | CLONE_NEWNET | CLONE_NEWIPC | CLONE_NEWUTS
            _check(_libc().unshare(flags | (CLONE_NEWUSER if user else 0)), "unshare")
            os._exit(0)
        except BaseException:
            os._exit(1)
    _, status = os.waitpid(pid, 0)
    return os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0


# --------------------------------------------------------------------------------------------- #
# The two halves: unshare in the parent (P), then build the root in the child (PID 1)
# --------------------------------------------------------------------------------------------- #
def unshare(how: str) -> None:
    """New mount, PID, network, IPC and UTS namespaces (and a user namespace for ``userns``).

    Called by the process that then forks the sandbox: a new PID namespace holds the children of
    its caller, so the sandbox is the first process in it."""
    uid, gid = os.getuid(), os.getgid()
    flags = CLONE_NEWNS | CLONE_NEWPID | CLONE_NEWNET | CLONE_NEWIPC | CLONE_NEWUTS
    if how == "userns":
        flags |= CLONE_NEWUSER
    _check(_libc().unshare(flags), "unshare")
    if how == "userns":
        with open("/proc/self/uid_map", "w") as f:
            f.write(f"0 {uid} 1\n")
        with open("/proc/self/setgroups", "w") as f:
            f.write("deny\n")
        with open("/proc/self/gid_map", "w") as f:
            f.write(f"0 {gid} 1\n")


def confine(how: str, walls: Walls, keep_fds: tuple[int, ...]) -> None:
    """In the sandbox (PID 1 of the new namespaces): build its root, then drop every privilege."""
    libc = _libc()
    _mount(libc, None, "/", None, MS_REC | MS_PRIVATE)
    root = walls.newroot
    _mount(libc, "tmpfs", root, "tmpfs", MS_NOSUID | MS_NODEV, "size=4m,mode=755")
    link_system_folders(root)
    # /tmp first: a course (or its .venv) that lives under /tmp is bound inside it, not hidden by it
    os.makedirs(root + "/tmp", exist_ok=True)
    _mount(libc, "tmpfs", root + "/tmp", "tmpfs", MS_NOSUID | MS_NODEV, f"size={walls.limits.tmp_bytes},mode=1777")
    for path in _readable(walls):
        _bind(libc, path, root + path)
    for source, target in (pair for pair in walls.readable if not isinstance(pair, str)):
        _bind(libc, source, root + target)
    os.makedirs(root + "/dev", exist_ok=True)
    _mount(libc, "tmpfs", root + "/dev", "tmpfs", MS_NOSUID | MS_NOEXEC, "size=64k,mode=755")
    for name in DEVICES:
        target = f"{root}/dev/{name}"
        open(target, "w").close()
        _mount(libc, f"/dev/{name}", target, None, MS_BIND)
    os.makedirs(root + "/dev/shm", exist_ok=True)
    _mount(libc, "tmpfs", root + "/dev/shm", "tmpfs", MS_NOSUID | MS_NODEV, f"size={16 * 2**20},mode=1777")
    os.makedirs(root + "/proc", exist_ok=True)
    _mount(libc, "proc", root + "/proc", "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC)
    os.chdir(root)
    if libc.syscall(SYS_PIVOT_ROOT, b".", b".") != 0:
        err = ctypes.get_errno()
        raise ConfinementError(err, f"pivot_root: {os.strerror(err)}")
    _check(libc.umount2(b".", MNT_DETACH), "umount2")
    _mount(libc, None, "/", None, MS_REMOUNT | MS_BIND | MS_RDONLY | MS_NOSUID | MS_NODEV)
    os.chdir("/tmp")
    try:
        libc.sethostname(b"sandbox", 7)
    except Exception:  # pragma: no cover
        pass
    _close_other_fds(keep_fds)
    _limit(walls.limits)
    _drop(libc, how, walls.uid)
    # the grader kills this process when it is done with it; if the process above us dies, so do we
    _check(libc.prctl(PR_SET_PDEATHSIG, 9, 0, 0, 0), "prctl(PDEATHSIG)")


def _readable(walls: Walls) -> list[str]:
    """Folders bound read-only at the same path: the system, Python, the environment, the library copy."""
    import site
    import sysconfig

    found = [p for p in SYSTEM if not os.path.islink(p)]
    found += [sys.prefix, sys.base_prefix, sys.exec_prefix, sys.base_exec_prefix]
    found += [sysconfig.get_paths()[k] for k in ("stdlib", "platstdlib", "purelib", "platlib")]
    try:
        found += site.getsitepackages()
    except AttributeError:  # pragma: no cover
        pass
    found += [os.path.dirname(os.path.realpath(sys.executable))]
    found += [p for p in walls.readable if isinstance(p, str)]
    out: list[str] = []
    for path in found:
        path = os.path.realpath(path)
        if os.path.isdir(path) and path != "/" and not any(path == p or path.startswith(p + "/") for p in out):
            out = [p for p in out if not p.startswith(path + "/")] + [path]
    return sorted(out)


def _bind(libc, source: str, target: str) -> None:
    os.makedirs(target, exist_ok=True)
    _mount(libc, source, target, None, MS_BIND | MS_REC)
    _mount(libc, None, target, None, MS_REMOUNT | MS_BIND | MS_RDONLY | MS_NOSUID | MS_NODEV)


def _mount(libc, source, target, fstype, flags, data=None) -> None:
    enc = lambda s: None if s is None else os.fsencode(s)  # noqa: E731
    if libc.mount(enc(source), enc(target), enc(fstype), ctypes.c_ulong(flags), enc(data)) != 0:
        err = ctypes.get_errno()
        raise ConfinementError(err, f"mount {source} on {target}: {os.strerror(err)}")


def link_system_folders(root: str) -> None:
    """Symlinks such as ``/bin -> usr/bin`` copied into the new root (called before binding)."""
    for path in SYSTEM:
        if os.path.islink(path):
            os.symlink(os.readlink(path), root + path)


def _close_other_fds(keep: tuple[int, ...]) -> None:
    devnull = os.open("/dev/null", os.O_RDWR)
    for fd in (0, 1, 2):
        if fd not in keep:
            os.dup2(devnull, fd)
    top = max((*keep, devnull, 2)) + 1
    for fd in range(3, max(top, 1024)):
        if fd not in keep:
            try:
                os.close(fd)
            except OSError:
                pass
    try:
        for name in os.listdir("/proc/self/fd"):
            fd = int(name)
            if fd > 2 and fd not in keep:
                try:
                    os.close(fd)
                except OSError:
                    pass
    except OSError:  # pragma: no cover
        pass


def _limit(limits: Limits) -> None:
    for which, value in ((resource.RLIMIT_CPU, limits.cpu_seconds), (resource.RLIMIT_AS, limits.memory_bytes),
                         (resource.RLIMIT_NPROC, limits.processes), (resource.RLIMIT_FSIZE, limits.file_bytes),
                         (resource.RLIMIT_NOFILE, limits.open_files), (resource.RLIMIT_CORE, 0)):
        resource.setrlimit(which, (value, value))


def _drop(libc, how: str, uid: int | None) -> None:
    if how == "uid":
        if uid is None:
            raise ConfinementError(0, "no uid for the sandbox")
        os.setgroups([])
        os.setresgid(uid, uid, uid)
        os.setresuid(uid, uid, uid)
        if os.getuid() != uid or os.geteuid() != uid:  # pragma: no cover
            raise ConfinementError(0, "the uid did not change")
    else:  # root of a user namespace: give up every capability, now and after any exec
        for cap in range(64):
            if libc.prctl(PR_CAPBSET_DROP, cap, 0, 0, 0) != 0:
                break
        header = (ctypes.c_uint32 * 2)(0x20080522, 0)  # _LINUX_CAPABILITY_VERSION_3, this process
        data = (ctypes.c_uint32 * 6)()
        if SYS_CAPSET is None or libc.syscall(SYS_CAPSET, header, data) != 0:
            err = ctypes.get_errno()
            raise ConfinementError(err, f"capset: {os.strerror(err)}")
    _check(libc.prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0), "prctl(NO_NEW_PRIVS)")


def uid_for(slot: int, run: int | None = None) -> int:
    """The uid of the sandbox run by worker ``slot`` of the grading run ``run`` (the grader's PID):
    no two sandboxes running at once share one."""
    return FIRST_UID + (os.getpid() if run is None else run) % 10_000 * 64 + slot % 64


def process_limit(how: str, per_sandbox: int = 64) -> int:
    """RLIMIT_NPROC for a sandbox. It counts every process of the uid: with a uid of its own that is
    the sandbox alone; in a user namespace the uid is the lecturer's, whose own processes count too."""
    if how != "userns":
        return per_sandbox
    uid, mine = os.getuid(), 0
    try:
        for name in os.listdir("/proc"):
            if name.isdigit():
                try:
                    if os.stat(f"/proc/{name}").st_uid == uid:
                        mine += 1
                except OSError:
                    continue
    except OSError:  # pragma: no cover
        return 4096
    return mine * 4 + per_sandbox * 8  # threads count too


# --------------------------------------------------------------------------------------------- #
# A budget for the whole sandbox: a cgroup, where the grader may make one
# --------------------------------------------------------------------------------------------- #
CGROUP_ROOT = "/sys/fs/cgroup"


class Cgroup:
    """The memory and the processes of one sandbox and everything it starts, summed (cgroup v2, or
    v1's memory and pids controllers). The rlimits bound each process; this bounds their sum.

    Made by the grader (root) before the sandbox starts; :func:`join` moves the forking process in,
    so the sandbox and its children are born inside. Where the machine lets nobody make one, there
    is none, and :attr:`paths` is empty."""

    def __init__(self, name: str, memory_bytes: int, processes: int):
        self.paths: list[str] = []
        if os.geteuid() != 0:
            return
        v2 = os.path.exists(os.path.join(CGROUP_ROOT, "cgroup.controllers"))
        wanted = [("", {"memory.max": memory_bytes, "pids.max": processes})] if v2 else \
            [("memory", {"memory.limit_in_bytes": memory_bytes}), ("pids", {"pids.max": processes})]
        for controller, limits in wanted:
            path = os.path.join(CGROUP_ROOT, controller, name)
            try:
                os.makedirs(path, exist_ok=True)
                for key, value in limits.items():
                    with open(os.path.join(path, key), "w") as f:
                        f.write(str(value))
                self.paths.append(path)
            except OSError:
                continue

    def join(self) -> None:
        """Move the calling process in (called in the process that forks the sandbox)."""
        for path in self.paths:
            with open(os.path.join(path, "cgroup.procs"), "w") as f:
                f.write(str(os.getpid()))

    def remove(self) -> bool:
        """Remove the cgroup once its processes are gone; False while some remain."""
        left = []
        for path in self.paths:
            try:
                os.rmdir(path)
            except FileNotFoundError:
                pass
            except OSError:
                left.append(path)
        self.paths = left
        return not left


def join_cgroups(paths: list[str]) -> None:
    for path in paths:
        with open(os.path.join(path, "cgroup.procs"), "w") as f:
            f.write(str(os.getpid()))
