"""Issue 29 (layouts that survive a change of screen size): a window maximized on a 1920x1080 screen with an 18xx
game, then opened maximized on a smaller screen with Irish Gauge (a title on the kernel, with its own side panels).
Qt keeps a restored dock layout that does not fit a window about to be maximized and applies it again at each
resize until it fits (or 150 ms pass): the title's panels, docked meanwhile, fell out of the layout and were piled
at the window's top left corner over the menu bar (seen under Xvfb at 1366x768), the log stayed in the left column
at its 1920 width.  A layout saved at another size is not restored into a window about to be maximized (the
first-run layout is used, as it is for its sizes anyway)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication

from desktop.main_window import MainWindow

PLAYERS = ["Ann", "Bob", "Cy", "Di"]


def _settle(qtbot: Any) -> None:
    for _ in range(10):
        QApplication.processEvents()
        qtbot.wait(30)


def _window(qtbot: Any, settings: QSettings, tmp_path: Path) -> MainWindow:
    window = MainWindow(settings, tmp_path / "auto")
    qtbot.addWidget(window, before_close_func=lambda w: setattr(w.session, "dirty", False) if w.session else None)
    return window


def test_a_kernel_titles_panels_stay_docked_after_a_layout_saved_at_another_size(qtbot: Any, tmp_path: Path) -> None:
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    big = _window(qtbot, settings, tmp_path)
    big.resize(2400, 1400)  # larger than the screen the next window opens on
    big.show()
    big.new_game("18USA", PLAYERS)
    _settle(qtbot)
    big.session.dirty = False
    big.close()
    # the same window maximized: its geometry as a maximized window's
    probe = _window(qtbot, QSettings(str(tmp_path / "p.ini"), QSettings.Format.IniFormat), tmp_path)
    probe.showMaximized()
    _settle(qtbot)
    settings.setValue("window/geometry", probe.saveGeometry())
    probe.close()
    small = _window(qtbot, settings, tmp_path)
    small.show()  # restored maximized
    small.new_game("Irish Gauge", PLAYERS)
    _settle(qtbot)
    assert small.kernel_mode
    for dock in [small.docks["info"], *small.title_docks]:
        assert small.dockWidgetArea(dock).name == "RightDockWidgetArea", dock.objectName()
