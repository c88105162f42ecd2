"""The New Game dialog: title, players, seat order, seed and the title's optional rules.

It returns a ``GameRecord`` (``game_record()``) and never starts the game itself.  Names, the last title and
the seat-order choice are remembered in QSettings.  The seed is random by default, shown and editable, so a
table can set up the same game twice.
"""

from __future__ import annotations

import random
from typing import Any

from PySide6.QtCore import QSettings, Qt, QTimer, Signal
from PySide6.QtGui import QGuiApplication, QIntValidator
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QCompleter,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLayout,
    QLineEdit,
    QPushButton,
    QRadioButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from desktop.controllers.bots import SEAT_KINDS
from desktop.dialogs.amount import AmountBox
from engine.record import SEED_LIMIT, GameRecord, random_seed
from engine.titles.registry import supported_titles, title_spec

# An 18xx ``TitleSpec`` or a kernel title's ``KernelTitleSpec``: both have title, player_range, optional_rules
# (sym, short_name, desc, players) and mutex_rules.
TitleSpec = Any
OptionalRuleSpec = Any

#: seats shown one under the other; a title seating more has them in a second column (1817 seats up to 12)
SEATS_PER_COLUMN = 6
SETTINGS_GROUP = "new_game"
#: A title with an optional rule by this name seats the players at random from its seed unless the rule is on
#: (Irish Gauge).  The dialog's Seat order choice sets that rule: offering both said the same thing twice.
SEATING_RULE = "seats_as_listed"


def seat_order(names: list[str], seed: int, shuffle: bool) -> list[str]:
    """The seats: as entered, or shuffled reproducibly from the game's seed."""
    if not shuffle:
        return list(names)
    order = list(names)
    random.Random(seed).shuffle(order)
    return order


#: Titles the engine replays exactly but the table cannot play yet (no gestures for their minors' auction and
#: merger round): listed in the dialog, not choosable, with the reason.
REPLAY_ONLY: dict[str, str] = {}


#: the title a first New Game offers
DEFAULT_TITLE = "1830"


def remembered_title(settings: QSettings) -> str:
    """The title last chosen in the New Game dialog (:data:`DEFAULT_TITLE` before the first)."""
    return str(settings.value(f"{SETTINGS_GROUP}/title", DEFAULT_TITLE) or DEFAULT_TITLE)


def startup_table(settings: QSettings) -> tuple[str, list[str]]:
    """The game a window opened without a file starts: the title chosen last (one the table can play), with four
    players or as near to four as the title seats."""
    title = remembered_title(settings)
    if title in REPLAY_ONLY or title not in supported_titles():
        title = DEFAULT_TITLE
    low, high = title_spec(title).player_range
    count = max(low, min(high, 4))
    return title, [f"Player {i + 1}" for i in range(count)]


def title_order(title: str) -> tuple[str, str]:
    """Titles in the order a player looks for them: by name, ignoring spaces and case ("18 Hiawatha" among 18H...)."""
    return title.replace(" ", "").casefold(), title


class NewGameDialog(QDialog):
    """Choose what to play.  ``game_record()`` is the new game's record once accepted."""

    validity_changed = Signal(bool)

    def __init__(
        self, settings: QSettings | None = None, parent: QWidget | None = None, current_title: str | None = None
    ) -> None:
        """``current_title``: the title of the game open now, which the dialog offers first (a table starting
        another game mostly plays the same title again); without it, the title chosen last."""
        super().__init__(parent)
        self.setWindowTitle("New game")
        self.settings = settings or QSettings()
        self.specs: dict[str, TitleSpec] = {t: title_spec(t) for t in supported_titles()}

        self.title_box = QComboBox(self)
        for title in sorted(self.specs, key=title_order):
            spec = self.specs[title]
            low, high = spec.player_range
            if title in REPLAY_ONLY:
                self.title_box.addItem(f"{title}  (opens and replays; not yet at the table)", title)
                index = self.title_box.count() - 1
                item = self.title_box.model().item(index)  # type: ignore[attr-defined]
                item.setEnabled(False)
                self.title_box.setItemData(index, REPLAY_ONLY[title], Qt.ItemDataRole.ToolTipRole)
                continue
            self.title_box.addItem(f"{title}  ({low}–{high} players)", title)
        self._make_searchable(self.title_box)
        # a typed count outside the title's range stays as typed and is refused with the range (a spin box dropped
        # the keystroke: a typed 9 for Irish Gauge left 4 and the game started with 4, nothing said)
        self.count_box = AmountBox(self, what="The number of players")

        self.name_edits: list[QLineEdit] = []
        self.name_labels: list[QLabel] = []
        self.kind_boxes: list[QComboBox] = []  # person, or a computer player of a level
        names_box = QGroupBox("Players, in seat order", self)
        names_column = QVBoxLayout(names_box)
        names_grid = QGridLayout()
        names_column.addLayout(names_grid)
        #: as many seats as the title seating the most (the dialog offered six: 18USA's and the 1822 family's
        #: seventh player and 1817's seventh to twelfth could not sit; a typed 7 was silently turned back to 6)
        self.max_seats = max((spec.player_range[1] for spec in self.specs.values()), default=SEATS_PER_COLUMN)
        for i in range(self.max_seats):
            label = QLabel(f"Seat {i + 1}", names_box)
            edit = QLineEdit(names_box)
            edit.setPlaceholderText(f"Player {i + 1}")
            edit.setMaxLength(40)
            edit.textChanged.connect(self._on_name_text_changed)
            kind = QComboBox(names_box)
            for sym, text in SEAT_KINDS.items():
                kind.addItem(text, sym)
            kind.setToolTip("A person plays this seat, or a computer player of the level chosen")
            row, block = i % SEATS_PER_COLUMN, 3 * (i // SEATS_PER_COLUMN)
            names_grid.addWidget(label, row, block)
            names_grid.addWidget(edit, row, block + 1)
            names_grid.addWidget(kind, row, block + 2)
            self.kind_boxes.append(kind)
            self.name_labels.append(label)
            self.name_edits.append(edit)
            edit.setMinimumWidth(120)  # a second column's names as wide as the first's (seat 7's was squeezed)
            names_grid.setColumnStretch(block + 1, 1)
        self.as_entered = QRadioButton("As entered", self)
        self.random_order = QRadioButton("Random (drawn from the seed)", self)
        self.as_entered.setToolTip("Seat 1 sits first; the title's own rules decide who starts")
        self.random_order.setToolTip("The seats are shuffled from the seed: the same seed gives the same order")
        order_group = QButtonGroup(self)
        order_group.addButton(self.as_entered)
        order_group.addButton(self.random_order)
        order_row = QHBoxLayout()
        order_row.addWidget(QLabel("Seat order:", self))
        order_row.addWidget(self.as_entered)
        order_row.addWidget(self.random_order)
        order_row.addStretch(1)
        names_column.addLayout(order_row)  # under the seats, not in their grid (it widened the first column's)

        self.seed_edit = QLineEdit(self)
        self.seed_edit.setValidator(QIntValidator(1, SEED_LIMIT - 1, self))
        self.seed_edit.setToolTip(
            "The game's random seed. The same title, players, seat order, rules and seed "
            "give the same game; change it only to repeat a game."
        )
        self.seed_edit.textChanged.connect(self._on_seed_text_changed)
        self.new_seed_button = QPushButton("New seed", self)
        self.new_seed_button.setToolTip("Draw another random seed")
        self.new_seed_button.clicked.connect(self._on_new_seed_button_clicked)
        seed_row = QHBoxLayout()
        seed_row.addWidget(self.seed_edit, 1)
        seed_row.addWidget(self.new_seed_button)
        seed_hint = QLabel(
            "A new random seed for every game; enter an earlier one to set up the same game again.", self
        )
        seed_hint.setWordWrap(True)
        seed_hint.setStyleSheet("color: #555;")

        # The rules scroll inside their box: Auction HOW's eleven rules made the dialog taller than the screen,
        # with Start game below its bottom edge.
        self.rules_box = QGroupBox("Optional rules", self)
        box_layout = QVBoxLayout(self.rules_box)
        box_layout.setContentsMargins(2, 2, 2, 2)
        self.rules_scroll = QScrollArea(self.rules_box)
        self.rules_scroll.setObjectName("rulesScroll")
        self.rules_scroll.setWidgetResizable(True)
        self.rules_scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        self.rules_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.rules_content = QWidget(self.rules_scroll)
        self.rules_layout = QVBoxLayout(self.rules_content)
        self.rules_layout.setContentsMargins(6, 4, 6, 4)
        self.rules_scroll.setWidget(self.rules_content)
        box_layout.addWidget(self.rules_scroll)
        box_layout.addStretch(1)
        self.rule_checks: dict[str, QCheckBox] = {}

        form = QFormLayout()
        form.addRow("Game:", self.title_box)
        form.addRow("Players:", self.count_box)
        form.addRow("Seed:", seed_row)
        form.addRow("", seed_hint)

        self.problem_label = QLabel(self)
        self.problem_label.setObjectName("problem")
        self.problem_label.setStyleSheet("QLabel#problem { color: #b03a2e; }")
        self.problem_label.setWordWrap(True)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        self.ok_button = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.ok_button.setText("Start game")
        self.buttons.accepted.connect(self._on_buttons_accepted)
        self.buttons.rejected.connect(self.reject)

        self.setMinimumWidth(520)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(names_box)
        layout.addWidget(self.rules_box)
        layout.addWidget(self.problem_label)
        layout.addWidget(self.buttons)
        # The dialog is never smaller than its contents: a title with many rules (Auction HOW has seven) had its
        # wrapped descriptions squeezed over their check boxes.
        layout.setSizeConstraint(QLayout.SizeConstraint.SetMinimumSize)

        self._restore(current_title)
        self.title_box.currentIndexChanged.connect(self._on_title_box_changed)
        self.count_box.valueChanged.connect(self._on_count_box_changed)
        self.seed_edit.setText(str(random_seed()))
        self._on_title_box_changed()

    # --- state -----------------------------------------------------------------------------------------
    @property
    def title(self) -> str:
        return str(self.title_box.currentData())

    @property
    def spec(self) -> TitleSpec:
        return self.specs[self.title]

    def seat_count(self) -> int:
        """The seats shown: the typed number of players, within the title's range (a refused number shows the
        nearest allowed count of seats until it is corrected)."""
        box = self.count_box
        return max(box.low, min(box.high, box.value()))

    def names(self) -> list[str]:
        """The entered names (an empty field means its placeholder, "Player N")."""
        count = self.seat_count()
        return [" ".join((edit.text() or edit.placeholderText()).split()) for edit in self.name_edits[:count]]

    def seat_kinds(self) -> list[str]:
        """Each seat's kind in seat order as entered: "person", "beginner" or "strong"."""
        return [str(box.currentData()) for box in self.kind_boxes[: self.seat_count()]]

    def bot_seats(self) -> dict[str, str]:
        """Player name -> bot level for the seats a computer plays."""
        return {name: kind for name, kind in zip(self.names(), self.seat_kinds()) if kind != "person"}

    def seed(self) -> int | None:
        text = self.seed_edit.text().strip()
        return int(text) if text.isdigit() and 0 < int(text) < SEED_LIMIT else None

    def seats_itself(self) -> bool:
        """Does the title draw the seats from its seed itself (unless told to keep them as listed)?"""
        return any(o.sym == SEATING_RULE for o in self.spec.optional_rules)

    def chosen_rules(self) -> list[str]:
        chosen = [sym for sym, box in self.rule_checks.items() if box.isChecked() and box.isEnabled()]
        if self.seats_itself() and self.as_entered.isChecked():
            chosen.append(SEATING_RULE)
        return chosen

    def problem(self) -> str | None:
        """Why the game cannot start yet (None: it can)."""
        refused = self.count_box.refusal()
        if refused is not None:
            return refused
        names = self.names()
        if len(set(names)) != len(names):
            return "Two players have the same name: every player needs a different name."
        if self.seed() is None:
            return f"The seed must be a whole number from 1 to {SEED_LIMIT - 1}."
        return None

    def game_record(self) -> GameRecord:
        """The new game's record (players in their seats, the seed, the chosen rules)."""
        seed = self.seed()
        if seed is None:
            raise ValueError(self.problem() or "invalid seed")
        # a title that seats itself shuffles from the seed; shuffling here as well would add nothing
        players = seat_order(self.names(), seed, self.random_order.isChecked() and not self.seats_itself())
        return GameRecord.new(self.title, players, seed=seed, optional_rules=self.chosen_rules())

    # --- building the variable parts -------------------------------------------------------------------
    def _rebuild_rules(self) -> None:
        while self.rules_layout.count():
            item = self.rules_layout.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:  # hidden at once: deleteLater alone left the old title's rules drawn
                widget.hide()
                widget.deleteLater()
        self.rule_checks = {}
        spec = self.spec
        remembered = self._remembered_rules(spec.title)
        if not self.settings.contains(f"{SETTINGS_GROUP}/rules/{spec.title}"):  # never set up here: the title's
            remembered = {o.sym for o in spec.optional_rules if getattr(o, "default", False)}  # ticked options
        # the Seat order choice sets the seating rule; a rule the site's menu does not offer is only read from files
        options = [o for o in spec.optional_rules if o.sym != SEATING_RULE and getattr(o, "on_menu", True)]
        if not options:
            none = QLabel(f"{spec.title} has no optional rules.", self.rules_content)
            none.setEnabled(False)
            self.rules_layout.addWidget(none)
            none.show()
        for option in options:
            holder = self._rule_widget(option, option.sym in remembered)
            self.rules_layout.addWidget(holder)
            holder.show()  # now, not when the event loop next runs: _fit_rules measures it
        self.rules_layout.addStretch(1)
        self._update_rule_availability()
        self._fit_rules()

    def _fit_rules(self) -> None:
        """Show every rule when the screen has room; else as many as fit, the rest a scroll away."""
        self.rules_layout.activate()
        content = self.rules_content.sizeHint().height() + 4
        screen = self.screen() or QGuiApplication.primaryScreen()
        room = screen.availableGeometry().height() if screen is not None else 768
        layout = self.layout()
        if layout is None:
            return
        # Everything but the rules (summed from the parts: the layout's own minimum is stale right after a
        # change), the rules box's title and the window frame.
        parts = [layout.itemAt(i) for i in range(layout.count())]
        shown = [
            item
            for item in parts
            if item is not None
            and item.widget() is not self.rules_box
            and not (item.widget() is not None and item.widget().isHidden())
        ]
        margins = layout.contentsMargins()
        others = (
            sum(item.sizeHint().height() for item in shown)
            + layout.spacing() * len(shown)
            + margins.top()
            + margins.bottom()
            + 40
            + 40
        )
        height = min(content, max(120, min(room - others, room // 2)))
        self._fit_numbers = (content, room, others, height)
        self.rules_scroll.setMinimumHeight(height)
        self.rules_scroll.setMaximumHeight(content)
        self.rules_scroll.setVerticalScrollBarPolicy(
            Qt.ScrollBarPolicy.ScrollBarAsNeeded if height < content else Qt.ScrollBarPolicy.ScrollBarAlwaysOff
        )

    def _rule_widget(self, option: OptionalRuleSpec, checked: bool) -> QWidget:
        holder = QWidget(self.rules_content)
        layout = QVBoxLayout(holder)
        layout.setContentsMargins(0, 2, 0, 4)
        layout.setSpacing(0)
        box = QCheckBox(option.short_name.replace("&", "&&"), holder)  # "C&O" is not a keyboard mnemonic
        box.setChecked(checked)
        box.setToolTip(option.desc)
        box.toggled.connect(lambda on, sym=option.sym: self._on_rule_toggled(sym, on))
        excluded = [
            self._short_name(other)
            for group in self.spec.mutex_rules
            if option.sym in group
            for other in group
            if other != option.sym
        ]
        desc = option.desc + (f" Cannot be combined with {', '.join(excluded)}." if excluded else "")
        text = QLabel(desc, holder)
        text.setWordWrap(True)
        text.setIndent(22)
        text.setStyleSheet("color: #555;")
        # Wrapped labels do not pass their height up the nested layouts: reserve it (at the dialog's width).
        text.setMinimumHeight(text.heightForWidth(max(self.minimumWidth() - 100, 300)))
        layout.addWidget(box)
        layout.addWidget(text)
        self.rule_checks[option.sym] = box
        return holder

    def _short_name(self, sym: str) -> str:
        return next((o.short_name for o in self.spec.optional_rules if o.sym == sym), sym)

    def _update_rule_availability(self) -> None:
        count = self.seat_count()
        for option in self.spec.optional_rules:
            box = self.rule_checks.get(option.sym)
            if box is None:
                continue
            offered = option.players is None or count in option.players
            box.setEnabled(offered)
            if offered:
                box.setToolTip(option.desc)
            else:
                counts = ", ".join(str(n) for n in option.players or ())
                box.setToolTip(f"Only for {counts} players. {option.desc}")

    def _update_names(self) -> None:
        count = self.seat_count()
        for i, (label, edit, kind) in enumerate(zip(self.name_labels, self.name_edits, self.kind_boxes)):
            visible = i < count
            label.setVisible(visible)
            edit.setVisible(visible)
            kind.setVisible(visible)
        self._fit_rules()

    def _update_validity(self) -> None:
        problem = self.problem()
        self.problem_label.setText(problem or "")
        self.problem_label.setVisible(problem is not None)
        self.ok_button.setEnabled(problem is None)
        self.ok_button.setToolTip(problem or "Start the game")
        self.validity_changed.emit(problem is None)

    # --- remembered settings ---------------------------------------------------------------------------
    def _restore(self, current_title: str | None = None) -> None:
        s = self.settings
        index = -1
        for title in (current_title, remembered_title(s)):
            if title is not None and title not in REPLAY_ONLY and (index := self.title_box.findData(title)) >= 0:
                break
        if index < 0:
            index = max(self.title_box.findData(DEFAULT_TITLE), 0)
        self.title_box.setCurrentIndex(index)
        names = s.value(f"{SETTINGS_GROUP}/names", [])
        if isinstance(names, str):
            names = [names]
        for edit, name in zip(self.name_edits, list(names or [])):
            edit.setText(str(name))
        kinds = s.value(f"{SETTINGS_GROUP}/kinds", [])
        for box, kind in zip(self.kind_boxes, [kinds] if isinstance(kinds, str) else list(kinds or [])):
            box.setCurrentIndex(max(0, box.findData(str(kind))))
        shuffle = str(s.value(f"{SETTINGS_GROUP}/random_order", "false")).lower() == "true"
        (self.random_order if shuffle else self.as_entered).setChecked(True)

    def _remembered_rules(self, title: str) -> set[str]:
        value = self.settings.value(f"{SETTINGS_GROUP}/rules/{title}", [])
        if isinstance(value, str):
            value = [value] if value else []
        return {str(v) for v in (value or [])}

    def remember(self) -> None:
        s = self.settings
        s.setValue(f"{SETTINGS_GROUP}/title", self.title)
        count = self.seat_count()
        # Names of seats not used this time are kept for a bigger table next time.
        names = [edit.text().strip() for edit in self.name_edits]
        s.setValue(f"{SETTINGS_GROUP}/names", names)
        s.setValue(f"{SETTINGS_GROUP}/kinds", [str(box.currentData()) for box in self.kind_boxes])
        s.setValue(f"{SETTINGS_GROUP}/random_order", "true" if self.random_order.isChecked() else "false")
        s.setValue(f"{SETTINGS_GROUP}/seat_random/{self.title}", "true" if self.random_order.isChecked() else "false")
        s.setValue(f"{SETTINGS_GROUP}/count/{self.title}", count)
        s.setValue(f"{SETTINGS_GROUP}/rules/{self.title}", self.chosen_rules())
        s.sync()

    # --- slots -----------------------------------------------------------------------------------------
    @staticmethod
    def _make_searchable(box: QComboBox) -> None:
        """Over fifty titles: typing any part of a name ("hiaw", "zoo", "pnw") lists the titles that contain it;
        text that names no title goes back to the chosen one when the field is left."""
        box.setEditable(True)
        box.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        completer = box.completer()
        completer.setCompletionMode(QCompleter.CompletionMode.PopupCompletion)
        completer.setFilterMode(Qt.MatchFlag.MatchContains)
        completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        line = box.lineEdit()
        line.setPlaceholderText("type part of a title's name")
        line.setToolTip("Type part of a title's name to find it, or open the list")

        def restore() -> None:
            if box.findText(line.text()) != box.currentIndex():
                line.setText(box.itemText(box.currentIndex()))

        line.editingFinished.connect(restore)

    def _on_title_box_changed(self, *_: Any) -> None:
        low, high = self.spec.player_range
        wanted = int(str(self.settings.value(f"{SETTINGS_GROUP}/count/{self.title}", "0")) or 0)
        if not wanted:
            wanted = min(max(4, low), high)
        self.count_box.blockSignals(True)
        self.count_box.set_allowed(low, min(high, self.max_seats))
        self.count_box.setToolTip(f"How many players sit at the table: {low} to {min(high, self.max_seats)}")
        self.count_box.setValue(min(max(wanted, low), high))
        self.count_box.blockSignals(False)
        self._default_seat_order()
        self._rebuild_rules()
        self._update_names()
        self._update_validity()
        self.adjustSize()
        self._keep_on_screen()
        QTimer.singleShot(0, self.adjustSize)  # once the layout has taken in the new rules: no empty band

    def _default_seat_order(self) -> None:
        """The seat order a title starts with: the one last chosen for it; for a title whose rules draw the seats
        (Irish Gauge) random, as its rules and the engine's own default say; otherwise the last choice."""
        remembered = self.settings.value(f"{SETTINGS_GROUP}/seat_random/{self.title}")
        if remembered is not None:
            shuffle = str(remembered).lower() == "true"
        elif self.seats_itself():
            shuffle = True
        else:
            shuffle = str(self.settings.value(f"{SETTINGS_GROUP}/random_order", "false")).lower() == "true"
        (self.random_order if shuffle else self.as_entered).setChecked(True)

    def _keep_on_screen(self) -> None:
        """Move the dialog up (or left) when it grew past the screen's edge."""
        screen = self.screen() or QGuiApplication.primaryScreen()
        if screen is None or not self.isVisible():
            return
        room = screen.availableGeometry()
        frame = self.frameGeometry()
        x = max(room.left(), min(frame.left(), room.right() - frame.width()))
        y = max(room.top(), min(frame.top(), room.bottom() - frame.height()))
        if (x, y) != (frame.left(), frame.top()):
            self.move(x, y)

    def showEvent(self, event: Any) -> None:
        super().showEvent(event)
        self._keep_on_screen()

    def resizeEvent(self, event: Any) -> None:
        super().resizeEvent(event)
        self._keep_on_screen()  # the layout grows the dialog after a title change, not at once

    def _on_count_box_changed(self, _value: int) -> None:
        self._update_names()
        self._update_rule_availability()
        self._update_validity()

    def _on_name_text_changed(self, _text: str) -> None:
        self._update_validity()

    def _on_seed_text_changed(self, _text: str) -> None:
        self._update_validity()

    def _on_new_seed_button_clicked(self) -> None:
        self.seed_edit.setText(str(random_seed()))

    def _on_rule_toggled(self, sym: str, on: bool) -> None:
        if not on:
            return
        for group in self.spec.mutex_rules:
            if sym in group:
                for other in group:
                    box = self.rule_checks.get(other)
                    if other != sym and box is not None and box.isChecked():
                        box.setChecked(False)

    def _on_buttons_accepted(self) -> None:
        if self.problem() is not None:
            return
        self.remember()
        self.accept()
