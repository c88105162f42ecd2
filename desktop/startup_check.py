"""Can Qt open a window here?  Say in words what is missing before Qt aborts.

Qt's X11 platform plugin (``xcb``) needs a set of system libraries that a fresh Debian or Ubuntu machine
often lacks.  When one is missing Qt prints a misleading line ("xcb-cursor0 or libxcb-cursor0 is needed")
and aborts the process.  :func:`missing_system_packages` tries to load each library the plugin links
against (``dlopen`` by its exact name, as the plugin itself would) and names the Debian packages that
provide the ones that fail; :func:`check_display` turns that into one message and an exit code.

No Qt import here: this runs before Qt is loaded.
"""

from __future__ import annotations

import ctypes
import os
import sys
from collections.abc import Callable, Mapping

#: The libraries Qt 6's xcb platform plugin (and the Qt libraries it loads) link against, by soname, with
#: the Debian package that provides each.  Found with ``ldd`` on ``libqxcb.so``, ``libQt6XcbQpa.so.6``,
#: ``libQt6Gui.so.6`` and ``libQt6Widgets.so.6`` of PySide6 6.11, and ``dpkg -S`` on Debian 12.
XCB_LIBRARIES: dict[str, str] = {
    "libxcb.so.1": "libxcb1",
    "libX11.so.6": "libx11-6",
    "libX11-xcb.so.1": "libx11-xcb1",
    "libxcb-cursor.so.0": "libxcb-cursor0",
    "libxcb-icccm.so.4": "libxcb-icccm4",
    "libxcb-image.so.0": "libxcb-image0",
    "libxcb-keysyms.so.1": "libxcb-keysyms1",
    "libxcb-randr.so.0": "libxcb-randr0",
    "libxcb-render.so.0": "libxcb-render0",
    "libxcb-render-util.so.0": "libxcb-render-util0",
    "libxcb-shape.so.0": "libxcb-shape0",
    "libxcb-shm.so.0": "libxcb-shm0",
    "libxcb-sync.so.1": "libxcb-sync1",
    "libxcb-util.so.1": "libxcb-util1",
    "libxcb-xfixes.so.0": "libxcb-xfixes0",
    "libxcb-xkb.so.1": "libxcb-xkb1",
    "libxkbcommon.so.0": "libxkbcommon0",
    "libxkbcommon-x11.so.0": "libxkbcommon-x11-0",
    "libEGL.so.1": "libegl1",
    "libGL.so.1": "libgl1",
    "libfontconfig.so.1": "libfontconfig1",
    "libfreetype.so.6": "libfreetype6",
    "libdbus-1.so.3": "libdbus-1-3",
    "libglib-2.0.so.0": "libglib2.0-0",
}

#: The one line that installs everything above on Debian/Ubuntu.
APT_LINE = "sudo apt-get install -y " + " ".join(dict.fromkeys(XCB_LIBRARIES.values()))


def _loads(soname: str) -> bool:
    candidates = [soname]
    bundle = getattr(sys, "_MEIPASS", None)  # the packaged program may carry its own copy
    if bundle:
        candidates += [os.path.join(bundle, soname), os.path.join(bundle, "PySide6", "Qt", "lib", soname)]
    for candidate in candidates:
        try:
            ctypes.CDLL(candidate)
        except OSError:
            continue
        return True
    return False


def uses_xcb(environ: Mapping[str, str]) -> bool:
    """Will Qt pick its X11 platform plugin?  (Linux, and no other platform asked for or preferred.)"""
    if not sys.platform.startswith("linux"):
        return False
    platform = environ.get("QT_QPA_PLATFORM", "").strip()
    if platform:
        return platform.split(";")[0].split(":")[0] == "xcb"
    # Qt prefers Wayland in a Wayland session; it falls back to xcb otherwise.
    return not environ.get("WAYLAND_DISPLAY")


def missing_system_packages(loads: Callable[[str], bool] = _loads) -> list[str]:
    """The Debian packages whose libraries cannot be loaded (in install order, no duplicates)."""
    missing = [package for soname, package in XCB_LIBRARIES.items() if not loads(soname)]
    return list(dict.fromkeys(missing))


def check_display(environ: Mapping[str, str] | None = None,
                  loads: Callable[[str], bool] = _loads) -> str | None:
    """A message saying why no window can be opened here, or ``None`` when Qt should start."""
    env = os.environ if environ is None else environ
    if not uses_xcb(env):
        return None
    missing = missing_system_packages(loads)
    if missing:
        return ("Tracklayer needs these system packages to open a window: " + ", ".join(missing) + ".\n"
                "On Debian or Ubuntu install them with:\n\n    sudo apt-get install -y " + " ".join(missing)
                + "\n\n(`tracklayer render FILE --out PICTURE.png` works without them.)")
    if not env.get("DISPLAY"):
        return ("Tracklayer cannot open a window: no display (DISPLAY is not set).\n"
                "Run it in a desktop session, or under a virtual one (xvfb-run tracklayer FILE); "
                "`tracklayer render FILE --out PICTURE.png` needs no display.")
    return None
