"""Install the project's JupyterLab settings into this environment (``make lab`` runs it).

    python scripts/lab_settings.py

1. Copies jupyter-settings/overrides.json to ``<sys.prefix>/etc/jupyter/labconfig/
   default_setting_overrides.json``, where both ``jupyter lab`` and ``jupyter notebook``
   (Notebook 7) of this environment read their default settings. The overrides keep the arrow
   keys of a focused slider (or dropdown) on the slider instead of moving the notebook's cell
   selection, and say that a new session does not start presenting.
2. jupyterlab-slideshow saves "presenting" in the user's settings: a session closed while
   presenting would reopen presenting. This sets that flag back to false, if it is set.
3. Turns off, in this environment, the JupyterLab extensions that otter-grader brings along
   for the instructor's grading (ipylab; jupytext, which would add a launcher section and open
   text files as notebooks): students and a projector see the lab the course was made for.

Running it twice changes nothing.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
from pathlib import Path

import json5

ROOT = Path(__file__).resolve().parents[1]
OVERRIDES = ROOT / "jupyter-settings" / "overrides.json"
DECK_SETTINGS = Path("jupyterlab-slideshow") / "plugin.jupyterlab-settings"
# Extensions of otter-grader's dependencies that the course does not use in the lab.
LAB_EXTENSIONS_OFF = ("ipylab", "jupyterlab-jupytext")
SERVER_EXTENSIONS_OFF = ("jupyterlab_jupytext",)


def install_overrides(prefix: Path = Path(sys.prefix)) -> Path:
    """Copy the overrides to where this environment's JupyterLab and Notebook read them."""
    target = prefix / "etc" / "jupyter" / "labconfig" / "default_setting_overrides.json"
    target.parent.mkdir(parents=True, exist_ok=True)
    if not target.exists() or target.read_bytes() != OVERRIDES.read_bytes():
        shutil.copyfile(OVERRIDES, target)
    return target


def _merge_json(path: Path, update: dict) -> None:
    """Merge ``update`` into the JSON object in ``path`` (created if missing), one level deep."""
    data = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    for key, value in update.items():
        data[key] = {**data.get(key, {}), **value}
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(data, indent=2, sort_keys=True) + "\n"
    if not path.exists() or path.read_text(encoding="utf-8") != text:
        path.write_text(text, encoding="utf-8")


def disable_unused_extensions(prefix: Path = Path(sys.prefix)) -> None:
    """Turn off LAB_EXTENSIONS_OFF and SERVER_EXTENSIONS_OFF in this environment's config, as
    ``jupyter labextension disable`` and ``jupyter server extension disable --sys-prefix`` do."""
    etc = prefix / "etc" / "jupyter"
    off = {name: True for name in LAB_EXTENSIONS_OFF}
    _merge_json(etc / "labconfig" / "page_config.json", {"disabledExtensions": off})
    servers = {name: False for name in SERVER_EXTENSIONS_OFF}
    _merge_json(etc / "jupyter_server_config.json", {"ServerApp": {"jpserver_extensions": servers}})


def user_settings_dir() -> Path:
    """JupyterLab's user settings directory (JUPYTERLAB_SETTINGS_DIR, else its default)."""
    from jupyterlab.commands import get_user_settings_dir

    return Path(os.environ.get("JUPYTERLAB_SETTINGS_DIR") or get_user_settings_dir())


def stop_presenting(settings_dir: Path) -> bool:
    """Set jupyterlab-slideshow's saved "active" flag to false; return True if it was true."""
    path = settings_dir / DECK_SETTINGS
    if not path.exists():
        return False
    settings = json5.loads(path.read_text(encoding="utf-8") or "{}")
    if settings.get("active") is not True:
        return False
    settings["active"] = False
    path.write_text(json.dumps(settings, indent=4) + "\n", encoding="utf-8")
    return True


def main() -> int:
    print(f"settings overrides: {install_overrides()}")
    disable_unused_extensions()
    if stop_presenting(user_settings_dir()):
        print("jupyterlab-slideshow: the last session ended presenting; it starts normally now")
    return 0


if __name__ == "__main__":
    sys.exit(main())
