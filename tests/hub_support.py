"""A real JupyterHub on 127.0.0.1 and simulated students who use it (tests/test_hub.py, and
benchmarks/hub_load.py, which measures a class of N students with the same code).

The hub is jupyterhub from PyPI with configurable-http-proxy from npm (``.ci/chp/``, installed
by .ci/run), the DummyAuthenticator (one shared password) and the SimpleLocalProcessSpawner
(every student's single-user server is a local process as this user, ``--allow-root``, with its
own home folder under the run's work folder), and nbgitpuller in the servers.  Nothing listens
beyond 127.0.0.1.

A student does what a browser does, over the same HTTP and websocket protocol:

1. logs in (the hub's login form, with its XSRF token) and asks for a server (``GET
   /hub/spawn``, which starts it); *spawn time* runs from the login until the server answers
   ``/user/NAME/api/status`` through the proxy;
2. follows the course's nbgitpuller link (README's pattern, ``nbgitpuller_link``), which pulls
   a git repository of the student copies (``make_course_repo``) into ``linsep-course/``;
3. opens a notebook (``POST /user/NAME/api/sessions`` starts its kernel), reads it through the
   contents API and executes its code cells in order on the kernel's websocket channels;
4. moves sliders: the ``comm_msg`` JupyterLab's widget manager sends when a slider moves
   (``{"method": "update", "state": {"value": v}}``), and plays ipympl's front end for the
   figure (``initialized`` once, then a ``draw`` request whenever the kernel asks for a frame).
   A move's time runs from sending the message until the kernel is idle again *and* the new
   frame (the PNG the canvas sends) has arrived.

``Hub.stop`` stops the hub (which stops the servers, their kernels and the proxy), then kills
whatever is left that carries this run's marker in its environment; ``leftover_processes``
lists those (empty after a clean stop).
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import secrets
import shutil
import signal
import struct
import subprocess
import sys
import time
import urllib.parse
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tornado.httpclient import AsyncHTTPClient, HTTPClientError, HTTPRequest
from tornado.websocket import websocket_connect

ROOT = Path(__file__).resolve().parents[1]
STUDENT = ROOT / "student"
#: configurable-http-proxy, installed by .ci/run (npm ci in .ci/chp); else one on PATH
CHP_LOCAL = ROOT / ".ci" / "chp" / "node_modules" / ".bin" / "configurable-http-proxy"
MARKER = "LINSEP_HUB_RUN"
PASSWORD = "class-password"

#: The explorers whose sliders students move, by notebook: (explorer's first slider name,
#: the sliders moved in turn).  Notebook 02: the proof explorer (margin and update t);
#: notebook 05: the vertex-cover explorer (graph size |V|).
SLIDERS = {
    "02_perceptron.ipynb": ("margin γ", ("margin γ", "update t")),
    "05_np_hardness.ipynb": ("graph size |V|", ("graph size |V|",)),
}


def chp_command() -> str | None:
    """The configurable-http-proxy executable: .ci/chp's, else one on PATH, else None."""
    if CHP_LOCAL.exists():
        return str(CHP_LOCAL)
    return shutil.which("configurable-http-proxy")


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# ----------------------------------------------------------------------------- the processes


def marked_processes(marker: str) -> dict[int, dict[str, str]]:
    """pid -> its environment, for every process whose environment has MARKER=marker."""
    found = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            raw = (entry / "environ").read_bytes()
        except OSError:
            continue
        if f"{MARKER}={marker}".encode() not in raw.split(b"\0"):
            continue
        env = {}
        for item in raw.split(b"\0"):
            k, sep, v = item.partition(b"=")
            if sep:
                env[k.decode(errors="replace")] = v.decode(errors="replace")
        found[int(entry.name)] = env
    return found


def _cmdline(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
    except OSError:
        return ""


def memory_kib(pid: int) -> tuple[int, int]:
    """(RSS, PSS) of a process in KiB, from /proc/PID/smaps_rollup; (0, 0) once it is gone."""
    rss = pss = 0
    try:
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.startswith("Rss:"):
                rss = int(line.split()[1])
            elif line.startswith("Pss:"):
                pss = int(line.split()[1])
    except OSError:
        pass
    return rss, pss


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far (s); 0 once it is gone."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def machine_cpu() -> tuple[float, float]:
    """(busy, total) jiffies of the whole machine so far, from /proc/stat."""
    parts = [int(x) for x in Path("/proc/stat").read_text().splitlines()[0].split()[1:]]
    idle = parts[3] + parts[4]  # idle + iowait
    total = sum(parts[:8])
    return total - idle, total


@dataclass
class Hub:
    """A running JupyterHub (``start_hub``); ``url`` is the proxy's public address."""

    process: subprocess.Popen
    port: int
    token: str
    workdir: Path
    marker: str
    log_path: Path
    log: Any = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def processes(self) -> dict[str, list[int]]:
        """The run's processes by role: "hub", "proxy", and per student NAME "server:NAME"
        and "kernel:NAME" (lists of pids)."""
        roles: dict[str, list[int]] = {}
        for pid, env in marked_processes(self.marker).items():
            cmd = _cmdline(pid)
            user = env.get("JUPYTERHUB_USER")
            if pid == self.process.pid:
                role = "hub"
            elif "configurable-http-proxy" in cmd:
                role = "proxy"
            elif user and "ipykernel" in cmd:
                role = f"kernel:{user}"
            elif user:
                role = f"server:{user}"
            else:
                role = "other"
            roles.setdefault(role, []).append(pid)
        return roles

    def stop(self) -> list[str]:
        """Stop the hub (SIGTERM: it stops the servers, their kernels and the proxy), wait up to
        30 s, then SIGKILL whatever still carries the marker.  Returns what had to be killed."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)
        deadline = time.monotonic() + 10
        while marked_processes(self.marker) and time.monotonic() < deadline:
            time.sleep(0.2)
        killed = []
        for pid in marked_processes(self.marker):
            killed.append(_cmdline(pid)[:120])
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        if self.log is not None:
            self.log.close()
            self.log = None
        return killed


def leftover_processes(marker: str) -> list[str]:
    """Command lines of the processes of a run that are still alive."""
    return [_cmdline(pid)[:120] for pid in marked_processes(marker)]


CONFIG = """\
c = get_config()  # noqa
c.JupyterHub.ip = "127.0.0.1"
c.JupyterHub.port = {port}
c.JupyterHub.hub_ip = "127.0.0.1"
c.JupyterHub.hub_port = {hub_port}
c.ConfigurableHTTPProxy.api_url = "http://127.0.0.1:{api_port}"
c.ConfigurableHTTPProxy.command = [{chp!r}]
c.ConfigurableHTTPProxy.should_start = True
c.JupyterHub.db_url = "sqlite:///{workdir}/jupyterhub.sqlite"
c.JupyterHub.cookie_secret_file = "{workdir}/jupyterhub_cookie_secret"
c.JupyterHub.pid_file = "{workdir}/jupyterhub.pid"
c.JupyterHub.cleanup_servers = True
c.JupyterHub.cleanup_proxy = True
c.JupyterHub.concurrent_spawn_limit = 0  # no limit: the class logs in at once
c.JupyterHub.authenticator_class = "dummy"
c.DummyAuthenticator.password = {password!r}
c.Authenticator.allow_all = True
c.JupyterHub.spawner_class = "simple"
c.SimpleLocalProcessSpawner.home_dir_template = "{workdir}/home/{{username}}"
c.Spawner.cmd = [{singleuser!r}]
c.Spawner.args = ["--allow-root", "--ServerApp.ip=127.0.0.1"]
c.Spawner.default_url = "/lab"
c.Spawner.start_timeout = {start_timeout}
c.Spawner.http_timeout = {start_timeout}
c.Spawner.environment = {{"{marker_key}": {marker!r}, "MPLBACKEND": "agg"}}
c.JupyterHub.services = [{{"name": "class-driver", "api_token": {token!r}}}]
c.JupyterHub.load_roles = [
    {{
        "name": "class-driver",
        "scopes": ["admin:users", "admin:servers", "access:servers", "list:users"],
        "services": ["class-driver"],
    }}
]
"""


def start_hub(workdir: Path, start_timeout: int = 300) -> Hub:
    """Start JupyterHub in ``workdir`` (config, database, logs, students' homes) and wait until
    its proxy answers; raise RuntimeError (with the log's tail) if it does not within 60 s."""
    chp = chp_command()
    if chp is None:
        raise RuntimeError("configurable-http-proxy not found (bash .ci/run installs it)")
    workdir.mkdir(parents=True, exist_ok=True)
    (workdir / "home").mkdir(exist_ok=True)
    marker = uuid.uuid4().hex
    token = secrets.token_hex(32)
    port = free_port()
    bindir = Path(sys.executable).parent
    (workdir / "jupyterhub_config.py").write_text(
        CONFIG.format(
            port=port,
            hub_port=free_port(),
            api_port=free_port(),
            chp=chp,
            workdir=workdir,
            password=PASSWORD,
            singleuser=str(bindir / "jupyterhub-singleuser"),
            start_timeout=start_timeout,
            marker_key=MARKER,
            marker=marker,
            token=token,
        )
    )
    env = dict(os.environ)
    env[MARKER] = marker
    env["PATH"] = f"{bindir}{os.pathsep}{env.get('PATH', '')}"
    log_path = workdir / "jupyterhub.log"
    log = log_path.open("w")
    process = subprocess.Popen(
        [str(bindir / "jupyterhub"), "-f", str(workdir / "jupyterhub_config.py")],
        cwd=workdir,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    hub = Hub(process, port, token, workdir, marker, log_path, log)
    deadline = time.monotonic() + 60
    import urllib.request

    while True:
        if process.poll() is not None:
            hub.stop()
            raise RuntimeError(f"jupyterhub exited early:\n{log_path.read_text()[-3000:]}")
        try:
            with urllib.request.urlopen(f"{hub.url}/hub/api/", timeout=5):
                return hub
        except OSError:
            if time.monotonic() > deadline:
                hub.stop()
                raise RuntimeError(
                    f"jupyterhub did not answer in 60 s:\n{log_path.read_text()[-3000:]}"
                ) from None
            time.sleep(0.3)


COURSE = "linsep-course"  # the folder nbgitpuller makes in each student's home


def make_course_repo(workdir: Path) -> str:
    """A git repository (branch main) holding the student copies in ``student/``: what the
    course repository is to nbgitpuller on a real hub.  Returns its file:// URL."""
    repo = workdir / COURSE
    (repo / "student").mkdir(parents=True)
    for nb in STUDENT.glob("*.ipynb"):
        shutil.copy(nb, repo / "student" / nb.name)
    git = ["git", "-C", str(repo), "-c", "user.name=course", "-c", "user.email=course@localhost"]
    for args in (
        ["init", "-q", "-b", "main"],
        ["add", "student"],
        ["commit", "-q", "-m", "copies"],
    ):
        subprocess.run(git + args, check=True, capture_output=True)
    return f"file://{repo}"


def nbgitpuller_link(hub_url: str, repo: str, notebook: str, branch: str = "main") -> str:
    """The link a student clicks: log in, start the server, pull ``repo`` into the home
    folder (a clone the first time, a merge that keeps the student's edits later), open
    ``student/notebook`` in JupyterLab."""
    target = repo.rstrip("/").split("/")[-1].removesuffix(".git")
    query = urllib.parse.urlencode(
        {
            "repo": repo,
            "branch": branch,
            "targetpath": target,
            "urlpath": f"lab/tree/{target}/student/{notebook}",
        }
    )
    return f"{hub_url}/hub/user-redirect/git-pull?{query}"


# ----------------------------------------------------------------------------- a kernel client


def _decode(message: str | bytes) -> dict:
    """A message of the kernel's websocket (jupyter_server's JSON protocol; binary when the
    message has buffers: a count, offsets, the JSON, then the buffers)."""
    if isinstance(message, str):
        msg = json.loads(message)
        msg.setdefault("buffers", [])
        return msg
    n = struct.unpack("!I", message[:4])[0]
    offsets = list(struct.unpack("!" + "I" * n, message[4 : 4 * (n + 1)])) + [len(message)]
    parts = [message[a:b] for a, b in zip(offsets[:-1], offsets[1:], strict=True)]
    msg = json.loads(parts[0])
    msg["buffers"] = parts[1:]
    return msg


@dataclass
class Canvas:
    """What the simulated ipympl front end knows of one figure."""

    comm_id: str
    frames: int = 0
    last_frame: float = 0.0
    waiting: bool = False
    frame_event: asyncio.Event = field(default_factory=asyncio.Event)


class KernelClient:
    """One notebook's kernel, driven over the server's websocket as JupyterLab drives it."""

    def __init__(self, ws: Any, session: str) -> None:
        self.ws = ws
        self.session = session
        self.replies: dict[str, dict[str, Any]] = {}
        self.widgets: dict[str, dict] = {}  # comm_id -> the widget's state (from comm_open)
        self.canvases: dict[str, Canvas] = {}
        self.errors: list[str] = []
        self.closed = False
        self._reader = asyncio.ensure_future(self._read())

    @classmethod
    async def connect(cls, url: str, token: str) -> KernelClient:
        session = uuid.uuid4().hex
        req = HTTPRequest(
            f"{url}?session_id={session}",
            headers={"Authorization": f"token {token}"},
            request_timeout=60,
        )
        ws = await websocket_connect(req, max_message_size=64 * 2**20)
        return cls(ws, session)

    def close(self) -> None:
        self.closed = True
        self._reader.cancel()
        self.ws.close()

    def send(self, channel: str, msg_type: str, content: dict) -> str:
        msg_id = uuid.uuid4().hex
        msg = {
            "channel": channel,
            "header": {
                "msg_id": msg_id,
                "msg_type": msg_type,
                "session": self.session,
                "username": "student",
                "version": "5.3",
                "date": time.strftime("%Y-%m-%dT%H:%M:%S.000000Z", time.gmtime()),
            },
            "parent_header": {},
            "metadata": {},
            "content": content,
            "buffers": [],
        }
        self.replies[msg_id] = {"idle": asyncio.Event(), "reply": None, "errors": []}
        self.ws.write_message(json.dumps(msg))
        return msg_id

    def _custom(self, comm_id: str, content: dict) -> str:
        return self.send(
            "shell",
            "comm_msg",
            {"comm_id": comm_id, "data": {"method": "custom", "content": content}},
        )

    async def _read(self) -> None:
        while True:
            raw = await self.ws.read_message()
            if raw is None:
                self.closed = True
                return
            msg = _decode(raw)
            parent = msg.get("parent_header", {}).get("msg_id")
            mtype = msg["header"]["msg_type"]
            content = msg.get("content", {})
            pending = self.replies.get(parent)
            if mtype == "comm_open" and content.get("target_name") == "jupyter.widget":
                state = content["data"]["state"]
                self.widgets[content["comm_id"]] = state
                if state.get("_model_name") == "MPLCanvasModel":
                    self.canvases[content["comm_id"]] = Canvas(content["comm_id"])
            elif mtype == "comm_msg" and content.get("comm_id") in self.canvases:
                canvas = self.canvases[content["comm_id"]]
                data = content.get("data", {})
                if data.get("method") == "custom":
                    kind = json.loads(data["content"].get("data", "{}")).get("type")
                    if kind == "binary" and msg["buffers"]:
                        canvas.frames += 1
                        canvas.last_frame = time.perf_counter()
                        canvas.waiting = False
                        canvas.frame_event.set()
                    elif kind == "draw" and not canvas.waiting:
                        # ipympl's front end: ask for the frame the kernel announced
                        canvas.waiting = True
                        self._custom(canvas.comm_id, {"type": "draw"})
            if pending is None:
                continue
            if mtype == "error":
                pending["errors"].append(f"{content.get('ename')}: {content.get('evalue')}")
            elif mtype.endswith("_reply"):
                pending["reply"] = content
                if content.get("status") == "error":
                    pending["errors"].append(f"{content.get('ename')}: {content.get('evalue')}")
            elif mtype == "status" and content.get("execution_state") == "idle":
                pending["idle"].set()

    async def wait(self, msg_id: str, timeout: float) -> dict[str, Any]:
        """Wait until the kernel is idle after ``msg_id``; its reply and errors."""
        pending = self.replies[msg_id]
        await asyncio.wait_for(pending["idle"].wait(), timeout)
        return self.replies.pop(msg_id)

    async def execute(self, code: str, timeout: float = 300) -> list[str]:
        """Run ``code``; the errors it produced (error outputs, an error reply)."""
        msg_id = self.send(
            "shell",
            "execute_request",
            {"code": code, "silent": False, "store_history": True, "allow_stdin": False},
        )
        done = await self.wait(msg_id, timeout)
        return done["errors"]

    def start_figures(self) -> None:
        """What ipympl's front end sends when it shows a figure (JupyterLab, dpi ratio 1)."""
        for canvas in self.canvases.values():
            if canvas.frames == 0 and not canvas.waiting:
                for kind in ("refresh", "send_image_mode", "initialized"):
                    self._custom(canvas.comm_id, {"type": kind})

    def slider(self, description: str) -> tuple[str, dict]:
        """(comm_id, state) of the last slider shown with this label."""
        found = [
            (cid, s)
            for cid, s in self.widgets.items()
            if s.get("description") == description and "Slider" in s.get("_model_name", "")
        ]
        if not found:
            raise LookupError(f"no slider {description!r} among {len(self.widgets)} widgets")
        return found[-1]

    async def move(self, comm_id: str, value: float, timeout: float = 30) -> dict[str, float]:
        """Set a slider's value as JupyterLab does; return the times (s) until the kernel was
        idle ("idle") and until the figure's next frame arrived ("frame", NaN if none came)."""
        canvases = list(self.canvases.values())
        before = {c.comm_id: c.frames for c in canvases}
        for c in canvases:
            c.frame_event.clear()
        t0 = time.perf_counter()
        msg_id = self.send(
            "shell",
            "comm_msg",
            {
                "comm_id": comm_id,
                "data": {"method": "update", "state": {"value": value}, "buffer_paths": []},
            },
        )
        done = await self.wait(msg_id, timeout)
        idle = time.perf_counter() - t0
        if done["errors"]:
            raise RuntimeError(f"slider move failed: {done['errors']}")

        def new_frame() -> Canvas | None:
            return next((c for c in canvases if c.frames > before[c.comm_id]), None)

        deadline = t0 + timeout
        while new_frame() is None and time.perf_counter() < deadline:
            waits = [asyncio.ensure_future(c.frame_event.wait()) for c in canvases]
            try:
                await asyncio.wait(
                    waits,
                    timeout=max(0.0, deadline - time.perf_counter()),
                    return_when="FIRST_COMPLETED",
                )
            finally:
                for w in waits:
                    w.cancel()
        got = new_frame()
        frame = got.last_frame - t0 if got is not None else float("nan")
        return {"idle": idle, "frame": max(frame, idle) if got is not None else frame}

    async def drain(self, timeout: float = 30) -> None:
        """Wait until the kernel has answered a kernel_info request (everything before it is
        processed), then until no figure still waits for a frame."""
        await self.wait(self.send("shell", "kernel_info_request", {}), timeout)
        deadline = time.perf_counter() + timeout
        while any(c.waiting for c in self.canvases.values()) and time.perf_counter() < deadline:
            await asyncio.sleep(0.05)


# ----------------------------------------------------------------------------- a student


@dataclass
class Student:
    """One simulated student of a class on ``hub``; results in ``record``."""

    hub: Hub
    name: str
    record: dict[str, Any] = field(default_factory=dict)
    kernels: dict[str, KernelClient] = field(default_factory=dict)
    cookies: str = ""  # the hub's login cookie, once logged in

    @property
    def server(self) -> str:
        return f"{self.hub.url}/user/{self.name}"

    async def _http(self, url: str, method: str = "GET", body: Any = None, **kw: Any) -> Any:
        headers = kw.pop("headers", {"Authorization": f"token {self.hub.token}"})
        if body is not None and not isinstance(body, (str, bytes)):
            body = json.dumps(body)
        req = HTTPRequest(url, method=method, body=body, headers=headers, request_timeout=120, **kw)
        return await AsyncHTTPClient().fetch(req, raise_error=False)

    async def log_in_and_spawn(self, timeout: float) -> float:
        """Log in with the hub's form, ask for a server; the seconds until it answered."""
        t0 = time.perf_counter()
        page = await self._http(f"{self.hub.url}/hub/login", headers={})
        page.rethrow()
        xsrf = re.search(r'name="_xsrf" value="([^"]+)"', page.body.decode()).group(1)
        cookies = {}
        for header in page.headers.get_list("Set-Cookie"):
            k, _, v = header.split(";", 1)[0].partition("=")
            cookies[k] = v
        form = urllib.parse.urlencode({"username": self.name, "password": PASSWORD, "_xsrf": xsrf})
        login = await self._http(
            f"{self.hub.url}/hub/login?next=",
            "POST",
            form,
            headers={"Cookie": "; ".join(f"{k}={v}" for k, v in cookies.items())},
            follow_redirects=False,
        )
        if login.code != 302:
            raise RuntimeError(f"{self.name}: login answered {login.code}")
        for header in login.headers.get_list("Set-Cookie"):
            k, _, v = header.split(";", 1)[0].partition("=")
            cookies[k] = v
        if not any(k.startswith("jupyterhub-hub-login") for k in cookies):
            raise RuntimeError(f"{self.name}: login set no session cookie")
        self.record["login_s"] = time.perf_counter() - t0
        self.cookies = "; ".join(f"{k}={v}" for k, v in cookies.items())
        spawn = await self._http(
            f"{self.hub.url}/hub/spawn",
            headers={"Cookie": self.cookies},
            follow_redirects=False,
        )
        if spawn.code not in (200, 302):
            raise RuntimeError(f"{self.name}: /hub/spawn answered {spawn.code}")
        deadline = t0 + timeout
        while True:
            status = await self._http(f"{self.server}/api/status")
            if status.code == 200:
                break
            if time.perf_counter() > deadline:
                raise TimeoutError(f"{self.name}: no server within {timeout:g} s")
            await asyncio.sleep(0.25)
        self.record["spawn_s"] = time.perf_counter() - t0
        return self.record["spawn_s"]

    async def pull_course(self, repo: str, notebook: str) -> float:
        """Follow the nbgitpuller link (``nbgitpuller_link``) as a browser does: the hub
        redirects it to the student's server, whose page then runs the pull (an event stream,
        read to the end here); the seconds it took."""
        t0 = time.perf_counter()
        url = nbgitpuller_link(self.hub.url, repo, notebook)
        hops = []
        while not url.startswith(f"{self.server}/git-pull?") and len(hops) < 4:
            # the hub: user-redirect -> spawn (the server runs) -> the student's server
            hop = await self._http(url, headers={"Cookie": self.cookies}, follow_redirects=False)
            hops.append(f"{hop.code} {hop.headers.get('Location', '')}")
            url = urllib.parse.urljoin(url, hop.headers.get("Location", ""))
        if not url.startswith(f"{self.server}/git-pull?"):
            raise RuntimeError(f"{self.name}: the nbgitpuller link went to {hops}")
        where = url[len(self.hub.url) :]
        page = await self._http(f"{self.hub.url}{where}")
        page.rethrow()
        query = urllib.parse.urlparse(where).query
        stream = await self._http(f"{self.server}/git-pull/api?{query}")
        stream.rethrow()
        events = [
            json.loads(line[len("data: ") :])
            for line in stream.body.decode().splitlines()
            if line.startswith("data: ")
        ]
        if not events or events[-1].get("phase") != "finished":
            raise RuntimeError(f"{self.name}: nbgitpuller did not finish: {events[-1:]}")
        self.record["pull_s"] = time.perf_counter() - t0
        return self.record["pull_s"]

    async def open_notebook(self, notebook: str) -> KernelClient:
        """Start the notebook's kernel (a session, as opening it in JupyterLab does)."""
        path = f"{COURSE}/student/{notebook}"
        resp = await self._http(
            f"{self.server}/api/sessions",
            "POST",
            {"path": path, "name": notebook, "type": "notebook", "kernel": {"name": "python3"}},
        )
        resp.rethrow()
        kernel_id = json.loads(resp.body)["kernel"]["id"]
        ws_url = self.server.replace("http://", "ws://") + f"/api/kernels/{kernel_id}/channels"
        kc = await KernelClient.connect(ws_url, self.hub.token)
        self.kernels[notebook] = kc
        return kc

    async def run_notebook(self, notebook: str, timeout: float) -> list[str]:
        """Open the pulled ``student/notebook`` and run its code cells in order (stop at the
        first error); the errors, as "cell I: ename: evalue"."""
        t0 = time.perf_counter()
        resp = await self._http(f"{self.server}/api/contents/{COURSE}/student/{notebook}?content=1")
        resp.rethrow()
        cells = json.loads(resp.body)["content"]["cells"]
        kc = await self.open_notebook(notebook)
        errors: list[str] = []
        for i, cell in enumerate(cells):
            if cell["cell_type"] != "code":
                continue
            remaining = max(1.0, timeout - (time.perf_counter() - t0))
            errs = await kc.execute(cell["source"], timeout=remaining)
            if errs:
                errors += [f"cell {i}: {e}" for e in errs]
                break
        kc.start_figures()
        await kc.drain()
        self.record.setdefault("notebook_s", {})[notebook] = time.perf_counter() - t0
        self.record.setdefault("errors", []).extend(errors)
        return errors

    async def move_sliders(
        self,
        notebook: str,
        seconds: float,
        pace: float,
        seed: int,
        start: float,
        max_moves: int | None = None,
    ) -> list[dict[str, float]]:
        """Move the explorer's sliders of ``notebook`` once every ``pace`` seconds (values drawn
        at random in each slider's range) until ``start + seconds`` (time.perf_counter), or
        until ``max_moves`` moves were made."""
        import random

        rng = random.Random(seed)
        kc = self.kernels[notebook]
        names = SLIDERS[notebook][1]
        sliders = [kc.slider(n) for n in names]
        moves: list[dict[str, float]] = []
        k = 0
        await asyncio.sleep(rng.uniform(0, pace))  # students do not move in step
        while time.perf_counter() < start + seconds and (max_moves is None or k < max_moves):
            tick = time.perf_counter()
            comm_id, state = sliders[k % len(sliders)]
            lo, hi = state["min"], state["max"]
            if "Int" in state["_model_name"]:
                value: float = rng.randint(int(lo), int(hi))
            else:
                value = round(rng.uniform(lo, hi), 3)
            if value == state.get("value"):
                value = hi if value != hi else lo
            state["value"] = value
            try:
                t = await kc.move(comm_id, value)
            except (TimeoutError, RuntimeError) as exc:
                t = {"idle": float("nan"), "frame": float("nan"), "error": str(exc)[:200]}
            t["slider"] = names[k % len(names)]
            moves.append(t)
            k += 1
            await asyncio.sleep(max(0.0, tick + pace - time.perf_counter()))
        return moves

    def close(self) -> None:
        for kc in self.kernels.values():
            kc.close()


def configure_http_client() -> None:
    """One client for the whole class (tornado's default allows 10 requests at a time)."""
    AsyncHTTPClient.configure(None, max_clients=500)


async def http_error_text(exc: BaseException) -> str:
    if isinstance(exc, HTTPClientError) and exc.response is not None:
        return f"{exc.code}: {exc.response.body[:300]!r}"
    return f"{type(exc).__name__}: {exc}"


# ----------------------------------------------------------------------------- a class


def _percentile(values: list[float], q: float) -> float:
    import math

    vals = sorted(v for v in values if not math.isnan(v))
    if not vals:
        return float("nan")
    k = (len(vals) - 1) * q / 100
    lo, hi = int(k), min(int(k) + 1, len(vals) - 1)
    return vals[lo] + (vals[hi] - vals[lo]) * (k - lo)


def _memory(hub: Hub) -> dict[str, Any]:
    """RSS and PSS (MiB) of the hub, the proxy, and per student of the server and kernels."""
    roles = hub.processes()
    mib = {}
    for role, pids in roles.items():
        rss = pss = 0
        for pid in pids:
            r, p = memory_kib(pid)
            rss, pss = rss + r, pss + p
        mib[role] = {"rss": rss / 1024, "pss": pss / 1024, "pids": len(pids), "pid": min(pids)}
    return mib


def _cpu(hub: Hub) -> dict[str, float]:
    out: dict[str, float] = {}
    for role, pids in hub.processes().items():
        kind = role.split(":")[0]
        out[kind] = out.get(kind, 0.0) + sum(cpu_seconds(p) for p in pids)
    return out


async def _run_class(
    hub: Hub,
    n: int,
    notebooks: tuple[str, ...],
    seconds: float,
    pace: float,
    timeout: float,
    max_moves: int | None,
) -> dict[str, Any]:
    configure_http_client()
    students = [Student(hub, f"student{i:03d}") for i in range(1, n + 1)]
    repo = make_course_repo(hub.workdir)
    failures: list[str] = []

    async def arrive(s: Student) -> None:
        await s.log_in_and_spawn(timeout)
        await s.pull_course(repo, notebooks[0])
        for nb in notebooks:
            errors = await s.run_notebook(nb, timeout)
            if errors:
                failures.append(f"{s.name} {nb}: {errors[0]}")

    t0 = time.perf_counter()
    results = await asyncio.gather(*(arrive(s) for s in students), return_exceptions=True)
    for s, r in zip(students, results, strict=True):
        if isinstance(r, BaseException):
            failures.append(f"{s.name}: {await http_error_text(r)}")
            s.record["failed"] = True
    ready = [s for s in students if not s.record.get("failed")]
    arrival_s = time.perf_counter() - t0
    await asyncio.sleep(2)  # let the last frames and the servers' activity reports settle
    memory = _memory(hub)

    cpu0, busy0, wall0 = _cpu(hub), machine_cpu(), time.perf_counter()
    driver0 = time.process_time()
    start = time.perf_counter()
    nb = notebooks[0]
    moves = await asyncio.gather(
        *(s.move_sliders(nb, seconds, pace, i, start, max_moves) for i, s in enumerate(ready)),
        return_exceptions=True,
    )
    wall = time.perf_counter() - wall0
    busy1, cpu1 = machine_cpu(), _cpu(hub)
    driver = time.process_time() - driver0
    all_moves: list[dict] = []
    for s, m in zip(ready, moves, strict=True):
        if isinstance(m, BaseException):
            failures.append(f"{s.name} sliders: {await http_error_text(m)}")
            continue
        s.record["moves"] = len(m)
        all_moves += m
    for m in all_moves:
        if "error" in m:
            failures.append(f"slider move: {m['error']}")
    for s in students:
        s.close()
    d_busy, d_total = busy1[0] - busy0[0], busy1[1] - busy0[1]
    per_student = []
    for s in ready:
        server = memory.get(f"server:{s.name}", {"rss": 0.0, "pss": 0.0, "pid": None})
        kernel = memory.get(f"kernel:{s.name}", {"rss": 0.0, "pss": 0.0, "pids": 0})
        per_student.append(
            {
                "name": s.name,
                "server_pid": server["pid"],
                "server_rss": server["rss"],
                "server_pss": server["pss"],
                "kernel_rss": kernel["rss"],
                "kernel_pss": kernel["pss"],
                "kernels": kernel["pids"],
                **{k: v for k, v in s.record.items() if k != "failed"},
            }
        )
    frame = [m["frame"] for m in all_moves]
    idle = [m["idle"] for m in all_moves]
    return {
        "students": n,
        "notebooks": list(notebooks),
        "ready": len(ready),
        "arrival_s": arrival_s,
        "slider_seconds": seconds,
        "pace_s": pace,
        "per_student": per_student,
        "hub_mib": memory.get("hub"),
        "proxy_mib": memory.get("proxy"),
        "moves": len(all_moves),
        "moves_with_frame": sum(1 for f in frame if f == f),
        "move_frame_p50_s": _percentile(frame, 50),
        "move_frame_p95_s": _percentile(frame, 95),
        "move_frame_max_s": _percentile(frame, 100),
        "move_idle_p50_s": _percentile(idle, 50),
        "move_idle_p95_s": _percentile(idle, 95),
        "machine_busy_cores": os.cpu_count() * d_busy / d_total if d_total else float("nan"),
        "cpu_s_per_s": {k: (cpu1.get(k, 0.0) - cpu0.get(k, 0.0)) / wall for k in cpu1},
        # CPU time (s) the run's processes had used when every student was ready: spawning,
        # pulling and running the notebook (by role: hub, proxy, server, kernel)
        "arrival_cpu_s": cpu0,
        "slider_wall_s": wall,
        "driver_cpu_s_per_s": driver / wall,
        "failures": failures,
    }


def run_class(
    workdir: Path,
    students: int,
    notebooks: tuple[str, ...] = ("02_perceptron.ipynb",),
    seconds: float = 60.0,
    pace: float = 1.0,
    timeout: float = 600.0,
    max_moves: int | None = None,
) -> dict[str, Any]:
    """Start a hub in ``workdir``, let ``students`` students log in at once, each run the
    notebooks top to bottom, then move the first notebook's sliders every ``pace`` s for
    ``seconds`` s (or ``max_moves`` moves); stop the hub (always).  Returns the measurements,
    with "leftover" (processes still alive after the stop: none expected) and "killed" (what
    the stop had to SIGKILL)."""
    load = os.getloadavg()
    hub = start_hub(workdir)
    result: dict[str, Any] = {"loadavg_start": load}
    try:
        result.update(
            asyncio.run(
                asyncio.wait_for(
                    _run_class(hub, students, notebooks, seconds, pace, timeout, max_moves),
                    timeout + seconds + 120,
                )
            )
        )
    finally:
        result["killed"] = hub.stop()
        result["leftover"] = leftover_processes(hub.marker)
    return result
