"""Start-up.

``tracklayer [FILE]`` opens the main window, first offering to recover a game a crash left unsaved (without a
file: a new 4-player 1830 game; File > New game offers every title).
``tracklayer render FILE [--at N] --out PICTURE.png [--width W]`` paints the map and the stock market after
N applied actions (default: the end) into a picture (format from the suffix), without needing a display.
``tracklayer routes FILE [--method M] [--positions N]`` computes the best routes at every ``run_routes`` of
a game and compares them with the players' (``python -m engine routes``).
Every problem is one line on stderr and exit code 1 (a bug: 2, with a report file); never a traceback.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="tracklayer",
        description="Tracklayer: 18xx on the desktop",
        usage="tracklayer [-h] [FILE]\n       tracklayer render FILE [--at N] --out PICTURE.png [--width W]"
        "\n       tracklayer routes FILE [--method M] [--positions N]",
        epilog="Commands:\n  render      paint the map and stock market of a game into a PNG, without a display "
        "(tracklayer render --help)\n  routes      the best routes at every run_routes of a game, compared "
        "with the players' (tracklayer routes --help)",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "file",
        nargs="?",
        type=Path,
        metavar="FILE",
        help="an 18xx.games JSON export to open (without one: a new 4-player 1830 game)",
    )
    return parser


MIN_WIDTH = 200
MAX_WIDTH = 6000  # a 6000-pixel picture of the map and market takes a few hundred megabytes already


def build_render_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="tracklayer render", description="Render the map and market of a game to a picture"
    )
    parser.add_argument("file", type=Path, help="an 18xx.games JSON export")
    parser.add_argument(
        "--at", type=int, default=None, help="after this many applied actions (0 = setup; default: the end)"
    )
    parser.add_argument(
        "--out", type=Path, required=True, help="the picture to write; its suffix chooses the format (.png, .jpg, ...)"
    )
    parser.add_argument("--width", type=int, default=1600, help=f"picture width in pixels ({MIN_WIDTH} to {MAX_WIDTH})")
    return parser


def writable_formats() -> list[str]:
    """Picture formats Qt can write here (lower case suffixes: png, jpg, bmp, ...)."""
    from PySide6.QtGui import QImageWriter

    return sorted({bytes(f.data()).decode("ascii", "replace").lower() for f in QImageWriter.supportedImageFormats()})


def _say(message: str) -> None:
    print(f"tracklayer render: {message}", file=sys.stderr)


def _game_error_text(exc: Exception, path: Path) -> str:
    from engine import GameError

    if isinstance(exc, GameError) and exc.source:
        return str(exc)
    return f"{path}: {exc}"


def _bug(exc: BaseException, context: str) -> int:
    from engine.errors import save_bug_report

    report = save_bug_report(exc, context)
    tail = f"; details for a bug report are in {report}" if report else ""
    _say(f"bug while {context}: {type(exc).__name__}: {exc}{tail}")
    return 2


def render_command(argv: list[str]) -> int:
    args = build_render_parser().parse_args(argv)  # usage errors: argparse's message and exit code 2
    if not MIN_WIDTH <= args.width <= MAX_WIDTH:
        _say(f"--width should be between {MIN_WIDTH} and {MAX_WIDTH} pixels, not {args.width}")
        return 1
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    _app = QApplication.instance() or QApplication(sys.argv[:1])
    suffix = args.out.suffix.lower().lstrip(".")
    formats = writable_formats()
    if not suffix:
        _say(f"{args.out}: the picture needs a suffix naming its format ({', '.join('.' + f for f in formats)})")
        return 1
    if suffix not in formats:
        _say(
            f"{args.out}: cannot write .{suffix} pictures (this installation writes "
            f"{', '.join('.' + f for f in formats)})"
        )
        return 1
    if args.out.is_dir():
        _say(f"{args.out} is a folder, not a picture file")
        return 1

    from desktop.render import render_game_picture
    from desktop.timeline import GameTimeline
    from engine import GameError
    from engine.record import GameRecord

    try:
        record = GameRecord.load(args.file)
        timeline = GameTimeline(record)
    except GameError as exc:
        _say(_game_error_text(exc, args.file))
        return 1
    except Exception as exc:  # an engine bug
        return _bug(exc, f"reading {args.file}")
    if timeline.failure is not None:
        _say(
            f"{args.file}: {timeline.failure.message} "
            f"(rendering up to the last good state, {timeline.failure.index} actions)"
        )
    index = timeline.size if args.at is None else args.at
    if not 0 <= index <= timeline.size:
        _say(f"--at should be between 0 and {timeline.size} (the number of applied actions), not {args.at}")
        return 1
    try:
        image = render_game_picture(timeline.game_at(index), args.width)
    except GameError as exc:
        _say(_game_error_text(exc, args.file))
        return 1
    except Exception as exc:  # a drawing or engine bug
        return _bug(exc, f"rendering {args.file} at {index}")
    if image.isNull() or not image.save(str(args.out), suffix):
        _say(f"cannot write {args.out}")
        return 1
    print(f"{args.out}: {image.width()}x{image.height()} after {index} of {timeline.size} actions")
    return 0


def install_bug_hook() -> None:
    """Any exception that escapes to Qt's event loop is shown as a bug, with a report to copy."""

    def hook(kind: type[BaseException], exc: BaseException, tb: object) -> None:
        from desktop.main_window import show_bug_dialog

        if isinstance(exc, KeyboardInterrupt):
            sys.__excepthook__(kind, exc, tb)  # type: ignore[arg-type]
            return
        show_bug_dialog(None, "Tracklayer hit a bug", exc, "an action in the window")

    sys.excepthook = hook


#: Set (by ``bench/open_window.py --program``): at the map's first paint the program prints ``first paint: CPU X s``
#: (its processor time since it started, imports included) and quits.
TIME_TO_PAINT = "TRACKLAYER_TIME_TO_PAINT"


def _quit_at_first_paint(app: object, window: object) -> None:
    """With :data:`TIME_TO_PAINT` set: print the CPU time at the map's first paint, then quit."""
    import resource

    from PySide6.QtCore import QEvent, QObject, QTimer

    class _Watch(QObject):
        done = False

        def eventFilter(self, obj: QObject, event: QEvent) -> bool:
            if event.type() == QEvent.Type.Paint and not self.done:
                self.done = True
                usage = resource.getrusage(resource.RUSAGE_SELF)
                print(f"first paint: CPU {usage.ru_utime + usage.ru_stime:.3f} s", flush=True)
                QTimer.singleShot(0, app.quit)  # type: ignore[attr-defined]
            return False

    watch = _Watch(window)  # type: ignore[arg-type]
    window.map_view.viewport().installEventFilter(watch)  # type: ignore[attr-defined]


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] == "render":
        return render_command(argv[1:])
    if argv and argv[0] == "routes":
        from engine.routing.cli import run

        return run(argv[1:], "tracklayer routes")
    args = build_parser().parse_args(argv)
    from desktop.startup_check import check_display

    problem = check_display()
    if problem is not None:  # Qt would abort with a misleading message: say what is missing instead
        print(problem, file=sys.stderr)
        return 1
    from PySide6.QtWidgets import QApplication

    from desktop import skip_pyside_source_scan

    skip_pyside_source_scan()  # before the imports below: Qt is loaded now
    from desktop.main_window import MainWindow

    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName("Tracklayer")
    app.setOrganizationName("Tracklayer")
    install_bug_hook()
    window = MainWindow()
    if os.environ.get(TIME_TO_PAINT):
        _quit_at_first_paint(app, window)
    window.show()  # an error dialog about a file that cannot be opened appears over the (empty) window
    recovered = window.offer_recovery()
    if not recovered:
        if args.file is None:
            from desktop.dialogs.new_game import startup_table

            window.new_game(*startup_table(window.settings))
        else:
            window.open_file(args.file)  # a file that cannot be opened leaves the window empty, saying so
    return int(app.exec())
