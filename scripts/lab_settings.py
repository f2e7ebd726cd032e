"""Install the project's JupyterLab settings into this environment (``make lab`` runs it).

    python scripts/lab_settings.py

1. Copies jupyter-settings/overrides.json to ``<sys.prefix>/etc/jupyter/labconfig/
   default_setting_overrides.json``, where both ``jupyter lab`` and ``jupyter notebook``
   (Notebook 7) of this environment read their default settings. The overrides keep the arrow
   keys of a focused slider (or dropdown) on the slider instead of moving the notebook's cell
   selection, and say that a new session does not start presenting.
2. jupyterlab-slideshow saves "presenting" in the user's settings: a session closed while
   presenting would reopen presenting. This sets that flag back to false, if it is set.

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


def install_overrides(prefix: Path = Path(sys.prefix)) -> Path:
    """Copy the overrides to where this environment's JupyterLab and Notebook read them."""
    target = prefix / "etc" / "jupyter" / "labconfig" / "default_setting_overrides.json"
    target.parent.mkdir(parents=True, exist_ok=True)
    if not target.exists() or target.read_bytes() != OVERRIDES.read_bytes():
        shutil.copyfile(OVERRIDES, target)
    return target


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
    if stop_presenting(user_settings_dir()):
        print("jupyterlab-slideshow: the last session ended presenting; it starts normally now")
    return 0


if __name__ == "__main__":
    sys.exit(main())
