"""The ``bhtui`` command."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from bhtui import __version__
from bhtui.rules import PRESETS


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="bhtui",
        description="保皇 (Baohuang) in the terminal. Play against bots, host or join a LAN table.",
    )
    parser.add_argument("--version", action="version", version=f"bhtui {__version__}")
    parser.add_argument("--seed", type=int, default=None, help="match seed (random if left out)")
    parser.add_argument("--name", help="your name at the table")
    parser.add_argument("--lang", choices=("en", "zh"), help="language (default: from the locale)")
    parser.add_argument("--theme", help="felt, dark, light, contrast, or one of your own")
    parser.add_argument("--cards", choices=("unicode", "letters", "ascii"), help="card style")
    parser.add_argument("--fast", action="store_true", help="bots act at once")
    parser.add_argument("--rounds", type=_positive, default=None, help="rounds in the match")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help="a qingdao rule option, e.g. grab_solo=true (repeatable)")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    config = sub.add_parser("config", help="where the settings file is")
    config.add_argument("--path", action="store_true", help="print the settings file's path")
    sim = sub.add_parser("sim", help="let bots play a match and report the result")
    sim.add_argument("--rounds", type=_positive, default=10, help="rounds in the match (10)")
    sim.add_argument("--seed", type=int, default=1, help="match seed (1)")
    sim.add_argument("--preset", choices=sorted(PRESETS), default="qingdao")
    sim.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                     help="a rule option of the preset, e.g. force_first=true (repeatable)")
    sim.add_argument("--bots", default="heuristic",
                     help="one bot for every seat or five comma-separated (random, heuristic)")
    sim.add_argument("--json", action="store_true", help="print one JSON document")
    return parser


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError("must be 1 or more")
    return value


def parse_options(pairs: Sequence[str]) -> dict[str, bool]:
    """``NAME=VALUE`` pairs to typed options; ValueError says what is wrong."""
    options: dict[str, bool] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        truth = {"true": True, "yes": True, "on": True, "1": True,
                 "false": False, "no": False, "off": False, "0": False}
        if not sep or value.strip().lower() not in truth:
            raise ValueError(f"option {pair!r}: write NAME=true or NAME=false")
        options[name.strip()] = truth[value.strip().lower()]
    return options


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command == "sim":
        return _sim(parser, args)
    if args.command == "config":
        from bhtui.store.config import config_path

        print(config_path())
        return 0
    return _play(args)


def _play(args: argparse.Namespace) -> int:
    """Open the table: a qingdao match against four heuristic bots, seat 0 yours."""
    import random

    from bhtui.store.config import load_config
    from bhtui.tui.app import BhtuiApp

    try:
        rules = PRESETS["qingdao"].with_options(**parse_options(args.option))
    except ValueError as exc:
        print(f"bhtui: {exc}", file=sys.stderr)
        return 2
    config, warnings = load_config()
    for warning in warnings:
        print(f"bhtui: {warning}", file=sys.stderr)
    if args.name:
        config.name = args.name.strip()[:24] or config.name
    if args.lang:
        config.language = args.lang
    if args.theme:
        config.theme = args.theme
    if args.cards:
        config.card_style = args.cards
    if args.fast:
        config.bot_delay = 0.0
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**9)
    BhtuiApp(config, rules=rules, seed=seed, rounds=args.rounds, warnings=warnings).run()
    return 0


def _sim(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    from bhtui.sim import parse_bots, simulate, summary

    try:
        rules = PRESETS[args.preset].with_options(**parse_options(args.option))
        names = parse_bots(args.bots)
        report = simulate(rules, args.seed, args.rounds, names)
    except ValueError as exc:
        parser.error(str(exc))
    if args.json:
        json.dump(report, sys.stdout, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        print(summary(report))
    return 0
