"""Start-up: ``tracklayer [FILE]`` opens the main window; without a file a new 4-player 1830 game."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="tracklayer", description="Tracklayer: 18xx on the desktop")
    parser.add_argument("file", nargs="?", type=Path, help="an 18xx.games JSON export to open")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    from PySide6.QtWidgets import QApplication

    from desktop.main_window import MainWindow

    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName("Tracklayer")
    app.setOrganizationName("Tracklayer")
    window = MainWindow()
    if args.file is not None:
        window.open_file(args.file)
    else:
        window.new_game("1830", ["Player 1", "Player 2", "Player 3", "Player 4"])
    window.show()
    return int(app.exec())
