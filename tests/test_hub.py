"""A JupyterHub, tried for real: a lecturer and two students, an assignment released through nbgrader's
exchange, fetched and submitted by each student from their own single-user server (nbgrader's
Assignments API, through the hub's proxy), collected, graded by the course's grader
(``python -m puzzlelib grade``), and the feedback returned to each student's server.

The hub is ``jupyterhub`` from PyPI with ``configurable-http-proxy`` from npm (installed on first use
into ``_build/hub-proxy/``), the DummyAuthenticator and the SimpleLocalProcessSpawner. nbgrader knows
a student by the name of the uid their server runs as; on one machine every server runs as the hub's
own uid, so each server starts in a mount namespace of its own whose ``/etc/passwd`` names that uid
after the hub's user (what separate accounts, TLJH's ``jupyter-<name>``, or Z2JH's containers give).
Skipped, with the reason, where npm, a free port or that namespace is missing. The steps go to
``_build/hub-test.log``.
"""

from __future__ import annotations

import copy
import json
import os
import secrets
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

import nbformat
import pytest

import grading_class as cls
from puzzlelib.classroom.exercises import chapter_of

jupyterhub = pytest.importorskip("jupyterhub")
pytest.importorskip("nbgrader")
requests = pytest.importorskip("requests")

ROOT = Path(__file__).resolve().parents[1]
PROXY = ROOT / "_build" / "hub-proxy"
LOG = ROOT / "_build" / "hub-test.log"
COURSE = "puzzle-ip"
ASSIGNMENT = chapter_of(cls.CHAPTER_1)  # 01-thermometers; its notebook: cls.CHAPTER_1
ANSWERS = {"ada": {"1.1": cls.WARM_RIGHT, "1.2": cls.FIXED_RIGHT, "1.3": cls.COUNT_RIGHT},
           "ben": {"1.1": cls.WARM_NO_BULB, "1.2": cls.FIXED_SHORT, "1.3": cls.COUNT_OFF_BY_ONE}}
WRAPPER = """#!/bin/sh
# Start the command in a mount namespace whose /etc/passwd names this uid after the hub's user
# ($PUZZLE_IP_PASSWD), so nbgrader's exchange knows the student as on a hub with real accounts.
exec unshare --mount --propagation private sh -c 'mount --bind "$PUZZLE_IP_PASSWD" /etc/passwd && exec "$@"' sh "$@"
"""


def say(text: str) -> None:
    LOG.parent.mkdir(exist_ok=True)
    with open(LOG, "a", encoding="utf-8") as log:
        log.write(f"[{time.strftime('%H:%M:%S')}] {text}\n")
    print(text)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def proxy_command() -> Path:
    binary = PROXY / "node_modules" / ".bin" / "configurable-http-proxy"
    if binary.exists():
        return binary
    if not shutil.which("npm") or not shutil.which("node"):
        pytest.skip("npm and node are not installed: configurable-http-proxy (JupyterHub's proxy) comes from npm")
    PROXY.mkdir(parents=True, exist_ok=True)
    done = subprocess.run(["npm", "install", "--prefix", str(PROXY), "--no-audit", "--no-fund", "--silent",
                           "configurable-http-proxy@4"], capture_output=True, text=True, timeout=300)
    if done.returncode != 0 or not binary.exists():
        pytest.skip(f"npm could not install configurable-http-proxy: {done.stderr.strip()[-300:]}")
    return binary


def own_names(tmp: Path) -> None:
    probe = tmp / "probe-passwd"
    probe.write_text("probe:x:%d:%d::/tmp:/bin/sh\n" % (os.getuid(), os.getgid()))
    done = subprocess.run(["sh", "-c", WRAPPER.split("\n", 3)[3], "sh", "id", "-un"],
                          env={**os.environ, "PUZZLE_IP_PASSWD": str(probe)}, capture_output=True, text=True)
    if done.stdout.strip() != "probe":
        pytest.skip("cannot give each student's server a user name of its own (unshare --mount and a bind "
                    f"mount over /etc/passwd need root): {done.stderr.strip()[-200:]}")


def passwd_naming(name: str, home: Path) -> str:
    """This machine's passwd with our uid's entry renamed to ``name``."""
    me = os.getuid()
    lines = [line for line in Path("/etc/passwd").read_text().splitlines()
             if line.split(":")[2:3] != [str(me)]]
    return "\n".join([f"{name}:x:{me}:{os.getgid()}:{name}:{home}:/bin/sh", *lines]) + "\n"


def nbgrader(course: Path, *args: str) -> str:
    done = subprocess.run([sys.executable, "-m", "nbgrader", *args], cwd=course, capture_output=True, text=True,
                          timeout=600, env={**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}"
                                                                   f"{os.environ.get('PATH', '')}"})
    say(f"$ nbgrader {' '.join(args)}  (exit {done.returncode})\n" + (done.stdout + done.stderr).strip()[-1500:])
    assert done.returncode == 0
    return done.stdout + done.stderr


CONFIG = """
c = get_config()  # noqa: F821
c.JupyterHub.bind_url = "http://127.0.0.1:{port}"
c.JupyterHub.hub_bind_url = "http://127.0.0.1:{hub_port}"
c.ConfigurableHTTPProxy.api_url = "http://127.0.0.1:{api_port}"
c.ConfigurableHTTPProxy.command = [{proxy!r}]
c.ConfigurableHTTPProxy.pid_file = {pid!r}
c.JupyterHub.db_url = "sqlite:///{db}"
c.JupyterHub.cookie_secret_file = {cookie!r}
c.JupyterHub.cleanup_servers = True
c.JupyterHub.authenticator_class = "dummy"
c.DummyAuthenticator.password = {password!r}
c.Authenticator.allowed_users = {{"prof", "ada", "ben"}}
c.Authenticator.admin_users = {{"prof"}}
c.JupyterHub.spawner_class = "simple"
c.SimpleLocalProcessSpawner.home_dir_template = {homes!r} + "/{{username}}"
c.Spawner.cmd = [{wrapper!r}, {python!r}, "-m", "jupyterhub.singleuser"]
c.Spawner.environment = {{
    "PUZZLE_IP_PASSWD": lambda spawner: {passwd!r} + "/" + spawner.user.name,
    "JUPYTER_CONFIG_DIR": lambda spawner: {homes!r} + "/" + spawner.user.name + "/.jupyter",
    "PATH": {path!r},
}}
c.Spawner.args = ["--allow-root"]  # the hub's uid here is root's (named after the user in its namespace)
c.Spawner.start_timeout = 120
c.Spawner.http_timeout = 120
c.JupyterHub.services = [{{"name": "course-test", "api_token": {token!r}}}]
c.JupyterHub.load_roles = [{{"name": "course-test", "services": ["course-test"],
                             "scopes": ["admin:users", "admin:servers", "access:servers", "read:users", "read:servers"]}}]
"""

STUDENT_CONFIG = """c = get_config()  # noqa: F821
c.Exchange.root = {exchange!r}
c.CourseDirectory.course_id = "puzzle-ip"
"""


@pytest.fixture()
def hub(tmp_path):
    own_names(tmp_path)
    proxy = proxy_command()
    ports = [free_port() for _ in range(3)]
    if len(set(ports)) < 3:
        pytest.skip("no three free ports on 127.0.0.1 for the hub, its proxy and the proxy's API")
    LOG.unlink(missing_ok=True)
    exchange, homes, passwd = tmp_path / "exchange", tmp_path / "home", tmp_path / "passwd"
    for folder in (exchange, homes, passwd):
        folder.mkdir()
    exchange.chmod(0o777)
    for user in ("prof", "ada", "ben"):
        (passwd / user).write_text(passwd_naming(user, homes / user))
        config = homes / user / ".jupyter"
        config.mkdir(parents=True)
        (config / "jupyter_server_config.json").write_text(json.dumps(
            {"ServerApp": {"jpserver_extensions": {"nbgrader.server_extensions.assignment_list": True}}}))
        (config / "nbgrader_config.py").write_text(STUDENT_CONFIG.format(exchange=str(exchange)))
    wrapper = tmp_path / "own-name"
    wrapper.write_text(WRAPPER)
    wrapper.chmod(0o755)
    token, password = secrets.token_hex(16), "course-test-password"
    (tmp_path / "jupyterhub_config.py").write_text(CONFIG.format(
        port=ports[0], hub_port=ports[1], api_port=ports[2], proxy=str(proxy), pid=str(tmp_path / "proxy.pid"),
        db=tmp_path / "hub.sqlite", cookie=str(tmp_path / "cookie"), password=password, homes=str(homes),
        wrapper=str(wrapper), python=sys.executable, passwd=str(passwd), token=token,
        path=f"{Path(sys.executable).parent}{os.pathsep}{proxy.parent}{os.pathsep}/usr/local/bin:/usr/bin:/bin"))
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{proxy.parent}{os.pathsep}"
                                 f"{os.environ.get('PATH', '')}"}
    out = open(tmp_path / "hub.log", "w")
    process = subprocess.Popen([sys.executable, "-m", "jupyterhub", "-f", str(tmp_path / "jupyterhub_config.py")],
                               cwd=tmp_path, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    url = f"http://127.0.0.1:{ports[0]}"
    api = requests.Session()
    api.headers["Authorization"] = f"token {token}"
    try:
        for _ in range(240):
            try:
                if api.get(f"{url}/hub/api/", timeout=5).ok:
                    break
            except requests.ConnectionError:
                pass
            if process.poll() is not None:
                pytest.fail("the hub stopped: " + (tmp_path / "hub.log").read_text()[-3000:])
            time.sleep(0.5)
        else:
            pytest.fail("the hub did not answer in 120 s: " + (tmp_path / "hub.log").read_text()[-3000:])
        say(f"hub {jupyterhub.__version__} up at {url} (proxy {proxy.name} from npm)")
        yield {"url": url, "api": api, "password": password, "exchange": exchange, "homes": homes, "tmp": tmp_path}
    finally:
        for user in ("ada", "ben", "prof"):
            try:
                api.delete(f"{url}/hub/api/users/{user}/server", timeout=30)
            except requests.RequestException:
                pass
        process.terminate()
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
        out.close()
        shutil.copy(tmp_path / "hub.log", LOG.with_name("hub-test-jupyterhub.log"))
        say("hub stopped")


def hub_log(hub) -> str:
    """The hub's log without the polling requests."""
    lines = (hub["tmp"] / "hub.log").read_text().splitlines()
    return "\n".join(line for line in lines if " 200 GET " not in line)[-4000:]


def ask_server(hub, user: str) -> None:
    """Ask the hub to start ``user``'s server (the hub starts them side by side)."""
    response = hub["api"].post(f"{hub['url']}/hub/api/users/{user}/server", timeout=60)
    assert response.status_code in (201, 202, 400), response.text  # 400: already running or pending


def start_server(hub, user: str) -> None:
    api, url = hub["api"], hub["url"]
    for _ in range(360):
        model = api.get(f"{url}/hub/api/users/{user}", timeout=30).json()
        if model.get("servers", {}).get("", {}).get("ready"):
            say(f"{user}'s server is ready")
            return
        time.sleep(0.5)
    pytest.fail(f"{user}'s server did not start: " + hub_log(hub))


def assignments(hub, user: str, action: str) -> dict:
    response = hub["api"].post(f"{hub['url']}/user/{user}/assignments/{action}",
                               data={"course_id": COURSE, "assignment_id": ASSIGNMENT}, timeout=300)
    assert response.ok, response.text
    reply = response.json()
    say(f"{user}: nbgrader {action} through the hub -> success={reply.get('success')}")
    assert reply.get("success"), reply
    return reply


def test_hub_release_fetch_submit_collect_grade_feedback(hub, tmp_path):
    from puzzlelib.classroom import gradebook, grading, nbgrader_export

    url, api = hub["url"], hub["api"]
    # a student logs in with the hub's login form (DummyAuthenticator)
    login = requests.Session()
    login.get(f"{url}/hub/login", timeout=30)
    response = login.post(f"{url}/hub/login", data={"username": "ada", "password": hub["password"],
                                                    "_xsrf": login.cookies.get("_xsrf", "")},
                          allow_redirects=False, timeout=30)
    assert response.status_code == 302 and any(c.name.startswith("jupyterhub-") for c in login.cookies), response.text
    say("ada logged in through the hub's login form")

    for user in ("prof", "ada", "ben"):
        ask_server(hub, user)
    # the lecturer's course: the chapter exported, generated and released to the exchange
    course = hub["homes"] / "prof" / "course"
    nbgrader_export.export(course, grading.Grader(), [cls.CHAPTER_1])
    with open(course / "nbgrader_config.py", "a") as config:
        config.write(f"c.Exchange.root = {str(hub['exchange'])!r}\n")
    start_server(hub, "prof")
    nbgrader(course, "generate_assignment", ASSIGNMENT, "--force")
    nbgrader(course, "release_assignment", ASSIGNMENT, "--force")

    # each student fetches from their own server, writes answers, submits
    for student, answers in ANSWERS.items():
        start_server(hub, student)
        listed = api.get(f"{url}/user/{student}/assignments", params={"course_id": COURSE}, timeout=60).json()
        assert any(a["assignment_id"] == ASSIGNMENT and a["status"] == "released" for a in listed["value"]), listed
        assignments(hub, student, "fetch")
        path = f"{ASSIGNMENT}/{cls.CHAPTER_1}"
        model = api.get(f"{url}/user/{student}/api/contents/{path}", params={"content": 1}, timeout=60).json()
        nb = nbformat.from_dict(model["content"])
        for cell in nb.cells:
            grade_id = cell.metadata.get("nbgrader", {}).get("grade_id", "")
            number = ".".join(grade_id.split("-")[1:3])
            if grade_id.startswith("answer-") and number in answers:
                cell.source = answers[number]
        saved = api.put(f"{url}/user/{student}/api/contents/{path}",
                        json={"type": "notebook", "format": "json", "content": nb}, timeout=60)
        assert saved.ok, saved.text
        say(f"{student} wrote answers to {', '.join(answers)} in {path} on their server")
        assignments(hub, student, "submit")

    inbound = sorted(p.name.split("+")[0] for p in (hub["exchange"] / COURSE / "inbound").iterdir())
    assert inbound == ["ada", "ben"], inbound
    nbgrader(course, "collect", ASSIGNMENT)
    assert sorted(p.name for p in (course / "submitted").iterdir()) == ["ada", "ben"]

    # the course's grader: one folder per student (nbgrader's layout has the assignment in between)
    flat = tmp_path / "by-student"
    for student in ANSWERS:
        (flat / student).mkdir(parents=True)
        shutil.copy(course / "submitted" / student / ASSIGNMENT / cls.CHAPTER_1, flat / student / cls.CHAPTER_1)
    grades = course / "grades.csv"
    done = subprocess.run([sys.executable, "-m", "puzzlelib", "grade", str(flat), "--csv", str(grades),
                           "--summary", str(course / "summary.md"), "--jobs", "1"],
                          capture_output=True, text=True, timeout=900,
                          env={**os.environ, "PUZZLELIB_PROGRESS": "0"})
    say(f"$ python -m puzzlelib grade by-student --csv grades.csv (exit {done.returncode})\n" + done.stdout[-2500:])
    assert done.returncode == 0, done.stderr[-3000:]
    points, most = gradebook.totals(gradebook.read_grades(grades))
    assert sum(points["ada"].values()) == sum(most.values()) == 6
    assert sum(points["ben"].values()) < 6

    # feedback back through the exchange, fetched by each student from their server
    for page in gradebook.nbgrader_feedback(grades, course, ASSIGNMENT):
        say(f"wrote {page.relative_to(course)}")
    nbgrader(course, "release_feedback", ASSIGNMENT)
    for student in ANSWERS:
        assignments(hub, student, "fetch_feedback")
        folder = hub["homes"] / student / ASSIGNMENT / "feedback"
        pages = sorted(folder.rglob("*.html"))
        assert len(pages) == 1, pages
        text = pages[0].read_text()
        total = sum(points[student].values())
        assert f"<b>{total:.2f}</b> of 6.00 points" in text
        say(f"{student} fetched feedback {pages[0].relative_to(hub['homes'])}: {total:.2f} of 6.00 points")
    canvas = course / "canvas.csv"
    assert subprocess.run([sys.executable, "-m", "puzzlelib", "gradebook", str(grades), "--format", "canvas",
                           "--out", str(canvas), "--assignment", ASSIGNMENT], timeout=120).returncode == 0
    say("Canvas gradebook:\n" + canvas.read_text())
