"""A game on disk: its setup and its actions. Loading replays them through ``apply``, so a
saved game can never hold a state the rules would not reach."""

from __future__ import annotations

import json

from pydantic import BaseModel, ConfigDict, ValidationError

from .actions import Action
from .begin import start
from .errors import IllegalAction
from .frozen import lend_field
from .game import apply
from .position import GameSetup
from .state import GameState

lend_field()  # the engine's values inside these models name Field in their annotations


class RecordError(ValueError):
    """A saved game that cannot be loaded; the message says where and why."""


class GameRecord(BaseModel):
    # Validators of a save file are built when one is first read or written, not on import:
    # the table's first frame does not wait for them.
    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)
    version: int = 1
    setup: GameSetup
    actions: tuple[Action, ...] = ()

    def replay(self) -> GameState:
        state = start(self.setup)
        for number, action in enumerate(self.actions, 1):
            try:
                state, _ = apply(state, action)
            except IllegalAction as exc:
                raise RecordError(f"action {number} ({action.kind}) is illegal: {exc}") from None
        return state

    def then(self, action: Action) -> GameRecord:
        return self.model_copy(update={"actions": (*self.actions, action)})

    def to_json(self) -> str:
        return self.model_dump_json(indent=1)

    @classmethod
    def from_json(cls, text: str) -> GameRecord:
        try:
            json.loads(text)
        except json.JSONDecodeError as exc:
            raise RecordError(f"line {exc.lineno}, column {exc.colno}: {exc.msg}") from None
        try:
            return cls.model_validate_json(text)
        except ValidationError as exc:
            err = exc.errors()[0]
            where = ".".join(str(x) for x in err["loc"])
            raise RecordError(f"{where}: {err['msg']}") from None
