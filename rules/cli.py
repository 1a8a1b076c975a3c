"""Command line: validate a deck file and print the verdict as JSON.

Exit codes: 0 the deck is legal (warnings allowed), 1 it breaks a rule, 2 the input cannot be
read (no such file, not JSON, not a deck), 3 an internal error (a bug: please report it).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import traceback
from collections.abc import Sequence
from typing import Any

from rules.core import LANGS, DeckFormatError
from rules.core.registry import validate_contract

EXIT_VALID = 0
EXIT_INVALID = 1
EXIT_UNREADABLE = 2
EXIT_INTERNAL = 3


class _Unreadable(Exception):
    """Carry a one-line reason why the input is not a deck."""


def _build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m rules", description="Check card-game decks against their game's rules."
    )
    commands = parser.add_subparsers(dest="command", required=True)
    check = commands.add_parser(
        "validate",
        help="validate a deck given as JSON",
        description="Print {valid, violations} as JSON. Exit 0 if legal (warnings allowed), "
        "1 if a rule is broken, 2 if the input cannot be read.",
    )
    check.add_argument("file", metavar="FILE", help="the deck as JSON; '-' reads stdin")
    check.add_argument(
        "--lang", choices=LANGS, default="en", help="language of the messages (default: en)"
    )
    return parser


def _load(file: str) -> Any:
    """Read and decode the JSON document in `file` ('-' for stdin)."""
    label = "<stdin>" if file == "-" else file
    try:
        if file == "-":
            text = sys.stdin.buffer.read().decode("utf-8-sig")
        else:
            with open(file, "rb") as handle:
                text = handle.read().decode("utf-8-sig")
    except OSError as exc:
        raise _Unreadable(f"{label}: cannot read: {exc.strerror or exc}") from None
    except UnicodeDecodeError as exc:
        raise _Unreadable(f"{label}: not UTF-8 text (byte {exc.start})") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise _Unreadable(
            f"{label}: not JSON: {exc.msg} at line {exc.lineno} column {exc.colno}"
        ) from None
    except RecursionError:
        raise _Unreadable(f"{label}: not JSON this validator can read: nested too deep") from None
    except ValueError:  # not a syntax error: Python refuses to read an integer this long
        raise _Unreadable(
            f"{label}: not JSON this validator can read: a number has more than "
            f"{sys.get_int_max_str_digits()} digits"
        ) from None


def main(argv: Sequence[str] | None = None) -> int:
    """Run the CLI with `argv` (default sys.argv[1:]) and return the exit code."""
    args = _build_parser().parse_args(argv)
    label = "<stdin>" if args.file == "-" else args.file
    try:
        data = _load(args.file)
        verdict = validate_contract(data)
    except _Unreadable as exc:
        print(f"error: {exc}", file=sys.stderr)
        return EXIT_UNREADABLE
    except DeckFormatError as exc:
        print(f"error: {label}: {exc}", file=sys.stderr)
        return EXIT_UNREADABLE
    except Exception:  # a bug, not bad input: keep it apart from "invalid deck" (exit 1)
        traceback.print_exc()
        return EXIT_INTERNAL
    # Polish messages stay readable in the output whatever the console's locale.
    if hasattr(sys.stdout, "reconfigure"):
        sys.stdout.reconfigure(encoding="utf-8")
    try:
        print(json.dumps(verdict.to_dict(args.lang), ensure_ascii=False, indent=2), flush=True)
    except BrokenPipeError:
        # The reader left early (`| head`): point stdout at devnull so exit does not complain.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return EXIT_VALID if verdict.valid else EXIT_INVALID
