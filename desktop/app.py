"""Start-up.

``tracklayer [FILE]`` opens the main window, first offering to recover a game a crash left unsaved (without a
file: a new 4-player 1830 game; File > New game offers every title).
``tracklayer render FILE [--at N] --out PICTURE.png [--width W]`` paints the map and the stock market after
N applied actions (default: the end) into a PNG, without needing a display.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="tracklayer", description="Tracklayer: 18xx on the desktop",
        usage="tracklayer [-h] [FILE]\n       tracklayer render FILE [--at N] --out PICTURE.png [--width W]",
        epilog="Commands:\n  render      paint the map and stock market of a game into a PNG, without a display "
               "(tracklayer render --help)",
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("file", nargs="?", type=Path, metavar="FILE",
                        help="an 18xx.games JSON export to open (without one: a new 4-player 1830 game)")
    return parser


def build_render_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="tracklayer render",
                                     description="Render the map and market of a game to a PNG picture")
    parser.add_argument("file", type=Path, help="an 18xx.games JSON export")
    parser.add_argument("--at", type=int, default=None, help="after this many applied actions (default: end)")
    parser.add_argument("--out", type=Path, required=True, help="the PNG file to write")
    parser.add_argument("--width", type=int, default=1600, help="picture width in pixels")
    return parser


def render_command(argv: list[str]) -> int:
    args = build_render_parser().parse_args(argv)
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    from desktop.render import render_game_picture
    from desktop.timeline import GameTimeline
    from engine import GameError
    from engine.record import GameRecord

    _app = QApplication.instance() or QApplication(sys.argv[:1])
    try:
        record = GameRecord.load(args.file)
    except GameError as exc:
        print(f"tracklayer render: {exc}", file=sys.stderr)
        return 1
    timeline = GameTimeline(record)
    if timeline.failure is not None:
        print(f"tracklayer render: {args.file}: {timeline.failure.message} "
              f"(rendering the last good state, {timeline.failure.index} actions)", file=sys.stderr)
    index = timeline.size if args.at is None else max(0, min(args.at, timeline.size))
    image = render_game_picture(timeline.game_at(index), args.width)
    if not image.save(str(args.out), "PNG"):
        print(f"tracklayer render: cannot write {args.out}", file=sys.stderr)
        return 1
    print(f"{args.out}: {image.width()}x{image.height()} after {index} of {timeline.size} actions")
    return 0


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] == "render":
        return render_command(argv[1:])
    args = build_parser().parse_args(argv)
    from desktop.startup_check import check_display

    problem = check_display()
    if problem is not None:  # Qt would abort with a misleading message: say what is missing instead
        print(problem, file=sys.stderr)
        return 1
    from PySide6.QtWidgets import QApplication

    from desktop.main_window import MainWindow

    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName("Tracklayer")
    app.setOrganizationName("Tracklayer")
    window = MainWindow()
    window.show()
    recovered = window.offer_recovery()
    if not recovered and (args.file is None or not window.open_file(args.file)):
        window.new_game("1830", ["Player 1", "Player 2", "Player 3", "Player 4"])
    return int(app.exec())
