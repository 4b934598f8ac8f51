"""The ``bhtui`` command."""

from __future__ import annotations

import argparse
import json
import os
import re
import shlex
import signal
import sys
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn, TypeVar

from bhtui import __version__
from bhtui.games import GAMES, Game, rules_named
from bhtui.store.config import SECONDS, Settings
from bhtui.store.private import read_small
from bhtui.text import clean_line, clean_text, shortened

if TYPE_CHECKING:  # the app (textual) is imported only by the commands that open it
    from bhtui.net.host import Table
    from bhtui.store.gamelog import GameLog
    from bhtui.store.replay import Replay
    from bhtui.tui.app import BhtuiApp, Session
    from bhtui.tui.i18n import Translator

_T = TypeVar("_T")
PRESET_LIST = "; ".join(f"{g.name}: {', '.join(g.presets)}" for g in GAMES.values())


SYNONYMS = {"--rules": "--preset", "--rule": "--preset", "--ruleset": "--preset",
            "--colour": "--theme", "--color": "--theme", "--language": "--lang",
            "--level": "--bots"}
"""Options a player may reach for, and the one that does it (a typo gets a close match)."""
PLAY_ONLY = frozenset({"--seed", "--rounds", "--game", "--preset", "--option", "--settings",
                       "--bots"})
"""Options before any command that only a game against bots (``bhtui`` alone) reads: written
before a command they were silently ignored (``bhtui --bots hard host`` gave normal bots)."""
_NUMBER = re.compile(r"-\d+(\.\d*)?")
PORT, BIND = 7474, "0.0.0.0"  # a new table's door
CODE_WAYS = "--code-file FILE, the BHTUI_CODE variable, --ask-code or --code"
_command_line: Sequence[str] = ()
"""The arguments of the command being run: the language of its console lines (``_language``)."""


class Parser(argparse.ArgumentParser):
    """argparse's parser, knowing each command's options, so that an option no command knows
    is named as such: argparse sets it aside and reads the value after it as the command
    (``bhtui --rules weihai`` said "invalid choice: 'weihai'"). An option is written whole,
    in every command (their parsers are this class too): argparse took any abbreviation,
    so a typo silently meant another option (``--round 3`` was ``--rounds 3``) and one
    added later would change what an abbreviation in someone's script means."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.known: dict[str, argparse.Action] = {}
        self.commands: dict[str, Parser] = {}
        super().__init__(*args, **{"formatter_class": Formatter, **kwargs, "allow_abbrev": False})

    def format_help(self) -> str:
        """The help in the player's language (``_language``): bhtui's words, and argparse's
        own but "usage:" (its width is argparse's, which reads every character as one cell).
        Made in English, as every console line; said only here, so the option's help a test
        reads is the English."""
        if _language() == "zh":
            from bhtui.tui.clitexts import in_chinese

            for group in self._action_groups:
                group.title = group.title and in_chinese(group.title)
            self.description = self.description and in_chinese(self.description)
            for action in self._actions:  # (a help's % is written %%: "95%%" is "95%")
                for each in (action, *getattr(action, "_choices_actions", ())):
                    each.help = each.help and in_chinese(
                        each.help.replace("%%", "%")).replace("%", "%%")
        return super().format_help()

    def error(self, message: str) -> NoReturn:
        """One line, and where the usage is (argparse printed the whole usage first: six to
        nine lines over the one that says what is wrong)."""
        hint = "" if "--help" in message else f" (see {self.prog} --help)"
        said = _in_language(f"error: {message}{hint}")
        self.exit(2, f"{self.prog}: {clean_text(said)}\n")  # (see _say)

    def add_argument(self, *args: Any, **kwargs: Any) -> argparse.Action:
        action = super().add_argument(*args, **kwargs)
        self.known.update(dict.fromkeys(action.option_strings, action))
        return action

    def check_options(self, argv: Sequence[str]) -> None:
        """Exit with a usage error naming the first option its command does not know (and
        the option meant, when a synonym or a close spelling tells)."""
        parser, i, command = self, 0, ""
        given: list[str] = []  # options written before any command
        while i < len(argv):
            token = argv[i]
            i += 1
            if token == "--":
                return
            if not token.startswith("-") or token == "-" or _NUMBER.fullmatch(token):
                if token in parser.commands:
                    parser, command = parser.commands[token], token
                    self._check_play_only(given, command)
                continue
            name = token.split("=", 1)[0]
            if name not in parser.known and command and name in self.known:
                parser.error(f"{name} goes before the command: {self.prog} {name} … {command} …")
            if name not in parser.known:
                parser.error(f"unknown option {name}{parser._meant(name)}")
            if not command:
                given.append(name)
            takes = parser.known[name].nargs
            if "=" not in token and takes != 0 and (
                    takes != "?" or i < len(argv) and not argv[i].startswith("-")):
                i += 1  # the option's value

    def _check_play_only(self, given: list[str], command: str) -> None:
        """A game-against-bots option written before ``command`` is refused, not ignored."""
        for name in given:
            if name not in PLAY_ONLY:
                continue
            if name in self.commands[command].known:
                self.error(f"{name} before a command is for a game against bots; for this "
                           f"one write it after: {self.prog} {command} {name} …")
            self.error(f"{name} is for a game against bots ({self.prog} {name} …); "
                       f"{command} does not take it")

    def _meant(self, name: str) -> str:
        """The option ``name`` was likely meant for: a synonym's, the ones it begins (an
        abbreviation), else the closest spelling."""
        import difflib  # only for a mistyped option: not at every start

        longs = [o for o in self.known if o.startswith("--")]
        meant = [SYNONYMS[name]] if SYNONYMS.get(name) in self.known else [
            o for o in longs if o.startswith(name)] or \
            difflib.get_close_matches(name, longs, n=1, cutoff=0.8)
        return f"; did you mean {' or '.join(meant)}?" if meant else f" (see {self.prog} --help)"


class Formatter(argparse.HelpFormatter):
    """argparse's help, showing the command as optional, which it is: ``bhtui`` alone plays
    (argparse wrote ``COMMAND ...`` as if one were needed), and wrapped by the cells the
    terminal gives each character (argparse counts 保皇 as two columns, not four, and breaks
    a Chinese sentence only at its few spaces)."""

    def _format_args(self, action: argparse.Action, default_metavar: str) -> str:
        if action.nargs == argparse.PARSER:
            return f"[{self._metavar_formatter(action, default_metavar)(1)[0]} ...]"
        return super()._format_args(action, default_metavar)

    def _format_usage(self, usage: str | None, actions: Iterable[argparse.Action],
                      groups: Iterable[argparse._MutuallyExclusiveGroup],
                      prefix: str | None) -> str:
        """"usage:" in the player's language. argparse lays the usage out for its "usage: "
        and counts a prefix's characters, not its cells: given "用法：" (three, six cells),
        the lines under the first stood 3 columns left of the words they continue. Its
        words are laid out for "usage: " and that is replaced by as many cells."""
        text = super()._format_usage(usage, actions, groups, prefix)
        english = "usage: "
        if prefix is not None or _language() != "zh" or not text.startswith(english):
            return text
        from rich.cells import cell_len

        from bhtui.tui.clitexts import in_chinese

        said = in_chinese(english.strip())
        return said + " " * max(1, cell_len(english) - cell_len(said)) + text[len(english):]

    def _split_lines(self, text: str, width: int) -> list[str]:
        from bhtui.tui.prose import wrap

        return wrap(" ".join(text.split()), width)

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        return "\n".join(indent + line for line in self._split_lines(text, width - len(indent)))


def build_parser() -> Parser:
    parser = Parser(
        prog="bhtui", formatter_class=Formatter,
        description="保皇 (Baohuang) and 斗地主 (Dou Dizhu) in the terminal. Play against "
                    "bots, host or join a LAN table. With no command, a game against bots "
                    "starts at once (the options before a command are for it).",
    )
    parser.add_argument("--version", action="version", version=f"bhtui {__version__}")
    parser.add_argument("--seed", type=_whole, default=None, help="match seed (random if left out)")
    parser.add_argument("--name", help="your name at the table")
    parser.add_argument("--lang", choices=("en", "zh"), help="language (default: from the locale)")
    parser.add_argument("--theme", help="felt, dark, light, contrast, or one of your own")
    parser.add_argument("--cards", choices=("unicode", "letters", "ascii"), help="card style")
    parser.add_argument("--fast", action="store_true", help="bots act at once")
    parser.add_argument("--rounds", type=_positive, default=None,
                        help="rounds in the match (default: no end, it goes on until you "
                             "quit with ctrl+q)")
    _game_options(parser, "play_game", "play_preset")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help="a rule option of the preset, e.g. grab_solo=true or base=2 "
                             "(repeatable)")
    parser.add_argument("--settings", action="store_true",
                        help="choose the rule set and its options on a screen before the match")
    parser.add_argument("--bots", dest="play_bots", metavar="LEVEL[,LEVEL…]",
                        help="the bots' level (easy, normal or hard, in both games): one for all, "
                             "or one per bot seat separated by commas (default: your "
                             "settings, normal)")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", title="commands (optional)")
    parser.commands = sub.choices  # filled as the commands are added below

    def command(name: str, said: str, **kwargs: Any) -> Parser:
        """A command, whose own --help begins with what the list of commands says of it."""
        return sub.add_parser(name, help=said, **{"description": said.replace("%%", "%"), **kwargs})

    host = command("host", "serve a table on the LAN and sit at it (or --headless)")
    host.add_argument("--name", dest="table_name", default=None, help="the table's name")
    _game_options(host, "host_game", "preset")
    host.add_argument("--option", dest="host_option", action="append", default=[],
                      metavar="NAME=VALUE", help="a rule option (repeatable)")
    host.add_argument("--port", type=_port, default=None,
                      help=f"TCP port ({PORT}, or the resumed table's; 0 picks one)")
    host.add_argument("--bind", type=_bind, default=None,
                      help="listen and advertise only on this address (default: all, or "
                           "the resumed table's)")
    _code_options(host, "a join code players must know (never sent over the wire)")
    host.add_argument("--ask-code", action="store_true",
                      help="type the join code at a hidden prompt before the table opens")
    host.add_argument("--timer", type=_seconds(SECONDS["timer"]),
                      help="seconds per turn before 托管 takes over, 0 for none (default: the "
                           "settings' timer, or the resumed table's)")
    host.add_argument("--counter", action=argparse.BooleanOptionalAction, default=None,
                      help="the card counter (记牌器) for everyone at the table (default: off, "
                           "or the resumed table's)")
    host.add_argument("--headless", action="store_true", help="only serve; nobody sits here")
    host.add_argument("--bots", default="0", metavar="N|LEVEL,…",
                      help="seats given to bots at once: a number (0 to the seats of the "
                           "preset; bots of your level) or their levels, e.g. hard,normal")
    host.add_argument("--seed", dest="host_seed", type=_whole, help="match seed")
    host.add_argument("--rounds", dest="host_rounds", type=_positive,
                      help="rounds in the match (default: no end, it goes on until the host "
                           "quits; or the resumed table's)")
    host.add_argument("--resume", nargs="?", const="latest", metavar="FILE",
                      help="continue a match from its log (default: the newest)")
    host.add_argument("--seat", type=_whole, default=None,
                      help="with --resume: your seat, numbered as the waiting room numbers it "
                           "from 1 (default: the one the log says was yours; none said: you "
                           "watch)")
    host.add_argument("--open-spectating", action=argparse.BooleanOptionalAction, default=None,
                      help="spectators see every hand (players never do; default: off, or the "
                           "resumed table's)")
    host.add_argument("--no-advertise", action="store_true", help="do not announce on the LAN")
    host.add_argument("--bot-delay", type=_seconds(SECONDS["timer"]), default=None,
                      help="seconds bots wait (default: the settings', or the resumed "
                           "table's)")
    for verb, role, said in (("join", "player", "take a seat at a LAN table (the lobby lists them)"),
                             ("watch", "spectator", "watch a LAN table (the lobby lists them)")):
        p = command(verb, said)
        p.add_argument("address", nargs="?", help="HOST:PORT to connect directly")
        _code_options(p, "the table's join code (asked for when the table needs one)")
        p.add_argument("--bind", type=_bind, help="browse the LAN only from this address")
        p.set_defaults(role=role)
    command("demo", "a guided tour of the rules (keyboard only, 80x24)")
    menu = command("menu", "watch or join one table (what serve-ssh --table runs)")
    menu.add_argument("address", help="HOST:PORT")
    ssh = command("serve-ssh", "serve the demo (or a LAN table's menu) over SSH")
    ssh.add_argument("--port", type=_port, default=2222, help="TCP port (2222; 0 picks one)")
    ssh.add_argument("--bind", type=_bind, default="0.0.0.0", help="listen on this address (default: all)")
    ssh.add_argument("--host-key", help="private key file (default: made once in the data folder)")
    ssh.add_argument("--table", metavar="HOST:PORT", help="offer watching or joining this table")
    ssh.add_argument("--max-sessions", type=_positive, default=20,
                     help="SSH sessions served at once (20)")
    ssh.add_argument("--max-per-address", type=_positive, default=None,
                     help="sessions served at once to one address (4, or --max-sessions if less)")
    web = command(
        "serve-web", "serve the demo (or a LAN table's menu) to web browsers",
        description="Serve the rules demo, or with --table the menu to watch or join that "
                    "LAN table, as a web page: each browser tab runs its own bhtui (its own "
                    "person, seat and data folder) drawn in the page. Anyone who can reach "
                    "the port can open it: there is no password, no TLS. It is meant for "
                    "your LAN; --bind limits it to one interface. To offer it beyond the LAN "
                    "put a reverse proxy with TLS and a login in front (bind 127.0.0.1, give "
                    "the proxy's address as --public-url, and --max-per-address "
                    "--max-sessions, since every visitor then comes from the proxy).")
    web.add_argument("--port", type=_port, default=8080, help="TCP port (8080; 0 picks one)")
    web.add_argument("--bind", type=_bind, default="0.0.0.0", help="listen on this address (default: all)")
    web.add_argument("--table", metavar="HOST:PORT", help="offer watching or joining this table")
    web.add_argument("--max-sessions", type=_positive, default=20,
                     help="browser tabs served at once (20)")
    web.add_argument("--max-per-address", type=_positive, default=None,
                     help="tabs served at once to one address (4, or --max-sessions if less)")
    web.add_argument("--public-url", metavar="URL",
                     help="the address visitors use, when it is not this server's own (a "
                          "proxy's https://..., a LAN name other than the host name); by "
                          "default the one each visitor typed")
    replay = command("replay", "step through a saved game (against bots, or a table you "
                               "hosted: a joined game is its host's)")
    replay.add_argument("file", nargs="?", help="a .bhlog file (default: the newest)")
    analyse = command("analyse", "weigh your decisions in a saved game with the hard bot")
    analyse.add_argument("file", nargs="?", help="a .bhlog file (default: the newest)")
    analyse.add_argument("--seat", type=_whole, default=None,
                         help="the seat to analyse, numbered as the waiting room numbers it "
                              "from 1 (default: yours; another once the game is over)")
    analyse.add_argument("--playouts", type=_positive, default=None,
                         help="deals hard plays each candidate out on (64)")
    analyse.add_argument("--json", action="store_true", help="print the analysis as JSON")
    config = command("config", "where the settings file is, whether it exists, what in it is "
                               "not used")
    config.add_argument("--path", action="store_true", help="print the settings file's path")
    sim = command("sim", "let bots play a match and report the result")
    sim.add_argument("--rounds", type=_positive, default=10, help="rounds in the match (10)")
    sim.add_argument("--seed", type=_whole, default=1, help="match seed (1)")
    _game_options(sim, "sim_game", "preset")
    sim.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                     help="a rule option of the preset, e.g. force_first=true (repeatable)")
    sim.add_argument("--bots", default="heuristic",
                     help="one bot for every seat, or one per seat comma-separated "
                          "(random, heuristic)")
    sim.add_argument("--json", action="store_true", help="print one JSON document")
    cup = command("tournament", "bots play many rounds rotated over the seats: scores with 95%% "
                                "intervals, roles, decision times")
    cup.add_argument("--bots", default=None,
                     help="a comma-separated bot for every seat, rotated over the seats "
                          "(easy, normal, hard, random, heuristic; default hard and normal "
                          "in every other seat)")
    cup.add_argument("--rounds", type=_positive, default=250,
                     help="rounds to play at least (whole deals in every rotation; 250; "
                          "Dou Dizhu: games, each deal played once per seating)")
    cup.add_argument("--match-rounds", type=_positive, default=5,
                     help="rounds per match, so tribute and deals follow real results (5)")
    cup.add_argument("--seed", type=_whole, default=1, help="tournament seed (1)")
    _game_options(cup, "cup_game", "preset")
    cup.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                     help="a rule option of the preset (repeatable)")
    cup.add_argument("--jobs", type=_positive, default=os.cpu_count() or 1,
                     help="processes to play on (default: every core)")
    cup.add_argument("--json", action="store_true", help="print one JSON document")
    cup.add_argument("--save", type=Path, default=None, metavar="FILE",
                     help="keep each finished deal in FILE; the same command again goes on "
                          "where it stopped")
    return parser


def _game_options(parser: argparse.ArgumentParser, game: str, preset: str) -> None:
    """--game and --preset; the preset is checked against the game's own (``game_rules``),
    so a typo lists that game's presets, not both games'."""
    parser.add_argument("--game", dest=game, choices=sorted(GAMES), default=None,
                        help="baohuang (保皇, the default) or doudizhu (斗地主)")
    parser.add_argument("--preset", dest=preset, default=None, metavar="PRESET",
                        help=f"the rule set ({PRESET_LIST}); default: the game's first")


def game_rules(game_name: str | None, preset: str | None,
               pairs: Sequence[str]) -> tuple[Game, Any]:
    """The game and rules a command line names: ``--game`` (or the game whose preset
    ``--preset`` is), the preset (the game's default) and ``--option``s. ValueError says
    what is wrong. A number in another script's digits is refused here, as every number of
    the command line is (the game reads ``base=٥`` as 5)."""
    game, rules = rules_named(preset, game_name)
    for pair in pairs:
        if _digits(pair):
            raise ValueError(f"option {pair!r}: write numbers in the digits 0-9")
    return game, game.with_parsed(rules, pairs)


def _code_options(parser: argparse.ArgumentParser, text: str) -> None:
    parser.add_argument("--code", help=f"{text}; other users of this machine can see a code "
                                       "given here, so prefer --code-file or BHTUI_CODE")
    parser.add_argument("--code-file", metavar="FILE", help="read the join code from FILE")


def join_code(args: argparse.Namespace, hosting: bool = False) -> str | None:
    """The join code from --code, --code-file, the BHTUI_CODE variable or a hidden prompt
    (--ask-code), in that order; ValueError says what is wrong. A host types his twice."""
    if args.code is not None:  # (empty, refused: `--code "$CODE"` with CODE unset opened a
        #                          host's table to everyone)
        if not args.code.strip():
            raise ValueError("--code is empty: give the join code, or leave --code out")
        return _utf8(args.code.strip(), "--code")
    if args.code_file:
        try:
            text = read_small(Path(args.code_file), streams=True).decode("utf-8").strip()
        except (OSError, UnicodeDecodeError) as exc:
            raise ValueError(f"cannot read the join code from {args.code_file}: "
                             f"{getattr(exc, 'strerror', None) or exc}") from None
        if not text:
            raise ValueError(f"{args.code_file} holds no join code")
        return text.splitlines()[0].strip()
    if os.environ.get("BHTUI_CODE", "").strip():
        return _utf8(os.environ["BHTUI_CODE"].strip(), "BHTUI_CODE")
    if getattr(args, "ask_code", False):
        return _ask_code("Join code for this table: ", confirm=hosting)
    return None


def _utf8(code: str, where: str) -> str:
    """``code`` if it is text; a code given in bytes that are not UTF-8 (a Latin-1 terminal's
    é) comes surrogate-escaped, and the host could never prove it to a player: nobody could
    join. ValueError, as --code-file says of such a file."""
    try:
        code.encode()
    except UnicodeEncodeError:
        raise ValueError(f"the join code in {where} is not UTF-8 text: type it in a UTF-8 "
                         "terminal, or put it in a UTF-8 file for --code-file") from None
    return code


def _ask_code(prompt: str, confirm: bool = False) -> str | None:
    """A join code typed at a hidden prompt (None if none was): ValueError when the terminal
    sent bytes that are not UTF-8 (getpass raised UnicodeDecodeError), or where ``confirm``
    (a host's code) the second typing differs — unseen, a typo became the table's code, and
    friends with the right one were refused while those waiting for it never got back in."""
    import getpass

    try:
        code = getpass.getpass(_in_language(prompt)).strip() or None
        if code is not None and confirm and getpass.getpass(
                _in_language("Type it once more: ")).strip() != code:
            raise ValueError("the two join codes typed differ: the table stays closed "
                             "(run the command again and type the code twice)")
        return code
    except UnicodeDecodeError:
        raise ValueError("the join code typed is not UTF-8 text: set the terminal to "
                         "UTF-8, or put the code in a UTF-8 file for --code-file") from None


def parse_address(text: str) -> str:
    """HOST:PORT checked, as one writes it: an IPv6 address in brackets (``[::1]:7474``, or
    ``::1:7474`` given bare, the port after its last colon), which every line that names
    the table shows; ValueError says what is wrong."""
    from bhtui.net.gate import with_port

    host, sep, port = text.rpartition(":")
    if not sep or not _is_host(host) or not _DIGITS.fullmatch(port):
        raise ValueError(f"{text!r}: write HOST:PORT, e.g. 192.168.1.20:7474{_digits(port)}")
    if not 0 < int(port) < 65536:  # the form is right: say what is wrong with it (as --port)
        raise ValueError(f"{text!r}: a table's TCP port is 1 to 65535, not {port}")
    return with_port(host, int(port))


_HOST_NAME = re.compile(r"[\w.-]+")


def _is_host(text: str) -> bool:
    """Whether ``text`` may name a host: an IP address (IPv6 bracketed or not) or a host name
    the resolver can be asked about (an escape sequence, a space or bytes that are not UTF-8
    were taken as one, to end in a traceback or in the app's screens)."""
    import ipaddress

    from bhtui.net.gate import unbracketed

    try:
        ipaddress.ip_address(unbracketed(text))
        return True
    except ValueError:
        pass
    try:
        text.encode("idna")  # (an empty label, one too long, a surrogate: UnicodeError)
    except UnicodeError:
        return False
    return bool(_HOST_NAME.fullmatch(text))


def _bind(text: str) -> str:
    """--bind: an address or a host name ("" for all, as left out); an IPv6 address may come
    in brackets, as before a port (``[::1]``)."""
    from bhtui.net.gate import unbracketed

    if text and not _is_host(text):
        raise argparse.ArgumentTypeError(f"an IP address or a host name, not {text!r}")
    return unbracketed(text)


def _unserved(exc: OSError, bind: str) -> str:
    """Why a door could not open, in words: a --bind the resolver does not know said
    "Unknown error -2" (a getaddrinfo code, negative, that socket.create_server passes on
    as an errno)."""
    if (exc.errno or 0) < 0:
        return f"--bind {bind!r} is not an IP address, and no host of that name was found"
    return os.strerror(exc.errno) if exc.errno else str(exc)


def bot_levels(game: Game, text: str, allowed: Sequence[int]) -> list[str]:
    """Comma-separated bot levels of ``game``, as many as one of ``allowed``; ValueError says
    why not."""
    levels = [level.strip() for level in text.split(",")]
    for level in levels:
        if level not in game.levels:
            raise ValueError(f"unknown bot level {level!r}; levels: {', '.join(game.levels)}")
    if len(levels) not in allowed:
        raise ValueError(f"give {' or '.join(map(str, allowed))} bot levels, not {len(levels)}")
    return levels


_DIGITS = re.compile(r"[0-9]+")
_WHOLE = re.compile(r"-?[0-9]+")
_DECIMAL = re.compile(r"[0-9]+(\.[0-9]*)?|\.[0-9]+")
"""The numbers a command line takes: in the digits 0-9. int() and float() read any script's
digits too (``--bots ٣`` was 3), spaces around them and underscores: a typo taken silently."""


def _digits(text: str) -> str:
    """Why ``text`` was no number, when it has digits of another script: it looks like one."""
    return " (write numbers in the digits 0-9)" if any(
        c.isdigit() and not c.isascii() for c in text) else ""


def _whole(text: str) -> int:
    """A whole number, a minus sign allowed (a seed, a seat: their commands check the rest)."""
    if not _WHOLE.fullmatch(text):
        raise argparse.ArgumentTypeError(f"a whole number, not {text!r}{_digits(text)}")
    return int(text)


def _port(text: str) -> int:
    value = int(text) if _DIGITS.fullmatch(text) else -1
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(
            f"a TCP port is 0 to 65535 (0 picks a free one), not {text!r}{_digits(text)}")
    return value


def _positive(text: str) -> int:
    value = int(text) if _DIGITS.fullmatch(text) else 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be 1 or more, not {text!r}{_digits(text)}")
    return value


def _seconds(most: float) -> Callable[[str], float]:
    """Seconds from 0 to ``most`` (a negative turn timer put the host's seat on 托管 at every
    turn). A host may hold his bots back longer than the settings file's 10 s."""
    def seconds(text: str) -> float:
        value = float(text) if _DECIMAL.fullmatch(text) else -1.0
        if not 0 <= value <= most:
            raise argparse.ArgumentTypeError(
                f"seconds from 0 to {most:g}, not {text!r}{_digits(text)}")
        return value
    return seconds


def main(argv: Sequence[str] | None = None) -> int:
    try:
        return _command(argv)
    except BrokenPipeError:  # the reader went (`bhtui analyse | head`): nothing more to say,
        #                       and nothing to say it on (what is left goes nowhere)
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 128 + signal.SIGPIPE


def _command(argv: Sequence[str] | None) -> int:
    global _command_line
    parser = build_parser()
    argv = _command_line = sys.argv[1:] if argv is None else list(argv)
    parser.check_options(argv)
    args = parser.parse_args(argv)
    if args.theme is not None:
        from bhtui.tui.themes import theme_names

        if args.theme not in (known := theme_names()):
            return _fail(f"unknown theme {args.theme!r}; known: {', '.join(known)}")
    if args.command == "sim":
        return _sim(parser, args)
    if args.command == "tournament":
        return _tournament(parser, args)
    if args.command == "host":
        return _host(args)
    if args.command in ("join", "watch"):
        return _join(args)
    if args.command == "replay":
        return _replay(args)
    if args.command == "analyse":
        return _analyse(args)
    if args.command == "menu":
        try:
            address = parse_address(args.address)
        except ValueError as exc:
            return _fail(exc)
        from bhtui.tui.sessions import MenuSession

        return _run_app(args, MenuSession(address))
    if args.command == "serve-ssh":
        return _serve_ssh(args)
    if args.command == "serve-web":
        return _serve_web(args)
    if args.command == "demo":
        from bhtui.tui.demo import DemoSession

        return _run_app(args, DemoSession())
    if args.command == "config":
        return _config(args.path)
    return _play(args)


def _config(path_only: bool) -> int:
    """Where the settings file is, whether it is there, and what in it is not used: a path
    printed alone was read as a file that exists (--path prints the path alone, for scripts),
    and a file with a bad value said it was fine until a game opened. Its [keys] table's
    and the themes' problems follow, as the app finds them at start (F3 lists them all)."""
    from bhtui.store.config import config_path, load_config, read_toml
    from bhtui.store.gamelog import unsaved_reason, unsaved_words
    from bhtui.tui import keymap
    from bhtui.tui.themes import pick_theme

    path = clean_text(str(config_path()))  # (from HOME or BHTUI_CONFIG_DIR: see _say)
    if path_only:
        print(path)
        return 0
    problems: list[str] = []
    config, found = load_config()  # (the defaults where the file is not there or unreadable)
    try:  # (a file in the way of its folder: unreadable, as every start says, not "not there")
        read_toml(config_path())
    except FileNotFoundError:
        line = (f"Settings file: {path} — not there yet: bhtui uses its defaults until F2 in a "
                "game saves your settings there")
    except OSError as exc:  # (said at every start too, but this is where one looks)
        line = (f"Settings file: {path} — unreadable ({exc.strerror or exc}): bhtui uses its "
                "defaults and writes nothing there until it is mended")
    else:
        line = f"Settings file: {path} (F2 in a game edits it)"
        problems = found
    problems += keymap.checked(config.keys)[1] + pick_theme(config.theme)[2]
    unsaved = unsaved_reason()  # (the folder made, as the first game would)
    if unsaved is not None:
        problems.append(f"{unsaved_words(unsaved)}: {MEND_DATA}")
    print(clean_text(_in_language(line)))
    for problem in problems:
        print(f"  {clean_text(_in_language(problem))}")
    return 0


MEND_DATA = "set BHTUI_DATA_DIR to a folder you can write"


def _say(message: object) -> None:
    """A line of bhtui's on the console. What it quotes (a file or its name, the command line,
    the environment) is cleaned as text from the wire is: an escape sequence in a log's file
    name or a settings file's key set the terminal's title when printed raw."""
    print(f"bhtui: {clean_text(_in_language(str(message)))}", file=sys.stderr)


def _in_language(line: str) -> str:
    """A console line of bhtui's (made in English) in the player's language: its Chinese
    (``bhtui.tui.clitexts``) is imported only when a line is said to a player who reads it."""
    if _language() != "zh":
        return line
    from bhtui.tui.clitexts import in_chinese

    return in_chinese(line)


def _language() -> str:
    """The player's language: ``--lang`` on this command line (the last that names one, as
    argparse reads it; ``--language`` too, refused as it is), else the settings file's, else the locale's.
    Read when a line is said, from the words given: a usage error comes before any are
    parsed."""
    given = ""
    for i, token in enumerate(_command_line):
        name, _, value = token.partition("=")
        if name == "--":
            break
        value = value or "".join(_command_line[i + 1:i + 2])
        if SYNONYMS.get(name, name) == "--lang" and value in ("en", "zh"):
            given = value
    if given:
        return given
    from bhtui.store.config import load_config

    return load_config()[0].language


def _fail(message: object) -> int:
    """A clear one-line error and the usage-error exit code, never a traceback."""
    _say(message)
    return 2


def _run_app(args: argparse.Namespace, session: Session, said: Sequence[str] = ()) -> int:
    """Open the app on ``session``; ``said``: lines said on the console of what it opens (a
    newer save passed over, a game that cannot be saved), which its toast and F3 show too."""
    settings, warnings = _settings(args)
    return _run(make_app(args, session, (settings, [*said, *warnings])))


def _run(app: BhtuiApp) -> int:
    """Run the app, then print what it found wrong at start (a theme, a key) and showed only
    for a moment — the settings file's own warnings were printed before it opened — and its
    farewell: where the game is kept, how to take a seat left back. Its exit status: 1 after
    a crash (its report printed) or a join that never reached the table, else 0."""
    app.run()
    for problem in app.problems:
        _say(problem)
    for line in app.farewell:
        _say(line)
    return app.return_code or _never_in(app)


def _never_in(app: BhtuiApp) -> int:
    """1, saying why on the console, when the app joined a table that never let it in: the
    host refused it (a wrong code given up, a full table), nothing answered there, or the
    person left before a welcome (the host gone). A failed join ended with status 0 as a
    game played did, so ``bhtui join … && …`` went on. 0 for any other session, and for
    a join that never tried: the lobby left without picking a table. A door's visitor is
    told nothing more: his screen said why, and a web door would log the line as the app's
    fault (an SSH client gets the status)."""
    client = app.client
    if client is None or app.admin or client.welcomes:
        return 0
    if client.refused is not None and not app.visitor:
        from bhtui.tui.app import refusal, refused_title

        title = refused_title(client)
        for line in app.t(title, reason=refusal(app.t, client.refused)).splitlines():
            _say(line)
    return 1


def make_app(args: argparse.Namespace, session: Session,
             found: tuple[Settings, list[str]] | None = None) -> BhtuiApp:
    """The app a command opens on ``session``, with the settings file's values and this
    command line's flags over them for this run (``found``: those settings, read already)."""
    from bhtui.net.gate import SEATS_KEPT, VISITOR
    from bhtui.tui.app import BhtuiApp

    settings, warnings = found or _settings(args)
    return BhtuiApp(settings.saved, session, warnings=warnings, overrides=settings.overrides,
                    visitor=os.environ.get(VISITOR, ""),
                    seats_kept=os.environ.get(SEATS_KEPT) == "1")


def _settings(args: argparse.Namespace) -> tuple[Settings, list[str]]:
    """The settings file's values and, apart from them, this command line's overrides: the
    flags are for this run only, so saving a setting never writes them (``Settings``)."""
    from bhtui.net.protocol import MAX_NAME
    from bhtui.store.config import load_config

    config, warnings = load_config()
    # --name cleaned as a table cleans a hello's: a bidi override in it reached the screen
    name = clean_line(args.name or "", MAX_NAME)
    if name and len(clean_text(args.name).strip()) > MAX_NAME:  # (said, not cut unseen)
        warnings = [*warnings, f"--name is cut to the {MAX_NAME} characters a table keeps: "
                               f"you play as {name}"]
    for warning in warnings:
        _say(warning)
    flags = {"name": name or None, "language": args.lang,
             "theme": args.theme, "card_style": args.cards,
             "bot_delay": 0.0 if args.fast else None}
    overrides = {key: value for key, value in flags.items() if value is not None}
    return Settings(config, overrides), warnings


def _host(args: argparse.Namespace) -> int:
    """Serve a table: TCP on the LAN, advertised by zeroconf, logged for --resume."""
    import asyncio

    from bhtui.net.gate import with_port
    from bhtui.net.host import Seat, Table, bot_seat
    from bhtui.net.serve import run_headless
    from bhtui.net.tcp import listen_socket
    from bhtui.store.gamelog import (
        MAX_TABLE_NAME,
        GameLog,
        GameLogError,
        new_log_path,
        saved_logs,
        unsaved_reason,
        unsaved_words,
    )

    settings, warnings = _settings(args)
    notice = ""  # said on the screen once it opens
    config = settings.current()
    delay = args.bot_delay if args.bot_delay is not None else config.bot_delay
    try:
        code = join_code(args, hosting=True)
    except ValueError as exc:
        return _fail(exc)
    timer = (args.timer if args.timer is not None else config.timer) or None  # 0: none
    # What this command line chose; a resumed table keeps its logged settings for the rest.
    chosen = {"bot_delay": 0.0 if args.fast else args.bot_delay, "timer": args.timer,
              "counter": args.counter, "open_spectating": args.open_spectating}
    given = {key: value for key, value in chosen.items() if value is not None}
    common: dict[str, Any] = dict(bot_delay=delay, timer=timer, code=code,
                                  open_spectating=bool(args.open_spectating),
                                  counter=bool(args.counter))
    bind, port = args.bind or BIND, PORT if args.port is None else args.port
    if args.seat is not None and not args.resume:
        return _fail("--seat is for a resumed table (--resume): a new one seats you itself")
    unsaved = unsaved_reason()  # (a resumed table's next match is logged there too)
    if unsaved is not None:
        return _fail(f"cannot host a table: {unsaved_words(unsaved)}, and its log is what "
                     f"host --resume needs; {MEND_DATA}")
    if args.resume:
        # (a log without a move too, unlike replay's: after 再来一局 it is the match begun,
        # and the newest with a move is the one over)
        paths = list(saved_logs(served=True)) if args.resume == "latest" \
            else [Path(args.resume)]
        if not paths:
            return _fail("no game log of a table to resume (a game against bots is not one: "
                         "bhtui replay opens it)")
        # read and checked whole before the file is touched or a socket opened
        read, skipped = _newest_read(paths, GameLog.read)
        if read is None:
            path, why = skipped[0]
            return _fail(f"cannot resume {path}: {why}")
        log, path = read, read.path
        try:
            log.rules()  # which game first: a log of another edition says so, not what it lacks
            (bind, port), code = _door_again(args, log, code)
            table = Table.resume(log, {"bot_delay": delay, "timer": timer}, code=code, **given)
            _host_seat(table, args.seat)
            log.reopen()
        except (GameLogError, KeyError, TypeError, ValueError) as exc:
            return _fail(f"cannot resume {path}: {_named_once(exc, path)}")
        said = _skipped(skipped) + log.warnings  # (on the console, and F3 lists them)
        for warning in said:
            _say(warning)
        warnings += said
        if table.host_seat is None and not args.headless:
            file = "" if args.resume == "latest" else f" {shlex.quote(args.resume)}"
            notice = (f"the log names no seat of yours, so you watch; to sit: bhtui host "
                      f"--resume{file} --seat N (1-{len(table.seats)})")
    else:
        try:
            game, rules = game_rules(args.host_game, args.preset, args.host_option)
        except ValueError as exc:
            return _fail(exc)
        size = game.seats(rules)
        try:
            levels = ([game.level(config.bots)] * int(args.bots)
                      if _DIGITS.fullmatch(args.bots.strip())
                      else bot_levels(game, args.bots, range(1, size + 1)))
        except ValueError as exc:
            return _fail(f"--bots: {exc}{_digits(args.bots)}")
        if len(levels) > size:
            return _fail(f"--bots takes 0 to {size} ({game.name} {rules.name} has {size} seats)")
        own = f"{config.name}的牌桌" if config.language == "zh" else f"{config.name}'s table"
        # The host's language: the room's title says it. Cleaned as the wire shows it: the
        # log keeps it, and a resume shows it to everyone (GameLog.name_and_id cleans too).
        asked = clean_text(args.table_name or "").strip()
        name = shortened(asked or clean_text(own).strip(), MAX_TABLE_NAME)
        if asked and name != asked:  # (said, not cut unseen; its end shows it was cut)
            warnings = [*warnings, f"--name is cut to the {MAX_TABLE_NAME} characters a "
                                   f"table's name keeps: the table is called {name}"]
            _say(warnings[-1])
        first = size - len(levels)
        seats = [Seat() for _ in range(first)] + [
            bot_seat(game, levels[s - first], s) for s in range(first, size)]
        table = Table(rules, seats, game=game, name=name, seed=args.host_seed,
                      rounds=args.host_rounds, log=GameLog(new_log_path(name)),
                      bots=config.bots, **common)
    if args.headless and not table.bot_delay and table.rounds is None:
        # Nobody there to stop it: its bots alone played and logged without end (a disk
        # filler; 360 rounds and 3 MB in 30 s).
        return _fail("a headless table at --fast (no bot delay) needs --rounds N, or a "
                     "--bot-delay: with nobody to stop them, its bots would play and log "
                     "without end")
    advertise = not args.no_advertise
    try:  # bound before the app starts: a port in use is one line, not a traceback
        sock = listen_socket(bind, port)
    except OSError as exc:
        return _fail(f"cannot serve on {with_port(bind, port)}: {_unserved(exc, bind)}")
    if args.headless:
        asyncio.run(run_headless(table, sock, advertise))
        return 0
    from bhtui.tui.sessions import HostSession

    app = make_app(args, HostSession(table, sock, advertise), (settings, warnings))
    if notice:  # news for this run, not a problem with the settings (F3 lists those)
        app.notify(app.t.plain(_in_language(notice)), timeout=20, markup=False)
    return _run(app)


def _named_once(exc: Exception, path: Path) -> str:
    """Why a log could not be read, after a line that names it: without its name again (a
    log's errors begin with it)."""
    return str(exc).removeprefix(f"{path}: ")


def _host_seat(table: Table, seat: int | None) -> None:
    """The seat the host takes back at a resumed table: ``seat`` where given, numbered from 1
    as the screens number seats (ValueError unless it is a person's), else the one its log
    names (``Table.host_seat``)."""
    if seat is None:
        return
    if not 1 <= seat <= len(table.seats) or table.seats[seat - 1].bot is not None:
        people = [str(i) for i, s in enumerate(table.seats, 1) if s.bot is None]
        raise ValueError(f"--seat {seat} is not a person's seat at this table (those are "
                         f"{', '.join(people) or 'none'})")
    table.host_seat = seat - 1


def _door_again(args: argparse.Namespace, log: GameLog,
                code: str | None) -> tuple[tuple[str, int], str | None]:
    """A resumed table's door: the address and port its log names (unless given here) and a
    join code if it had one — given again or typed at a hidden prompt, since the log never
    holds it; ValueError, saying how to give it, where nobody can type it. A table that had
    a code never opens without one, so a log whose door is missing or damaged is refused
    (GameLogError), whatever --bind and --port say."""
    from bhtui.net.gate import with_port

    logged = log.door()
    bind = args.bind or logged.bind
    port = args.port if args.port is not None else logged.port
    if (bind, port) != (logged.bind, logged.port):
        _say(f"the table was on {with_port(logged.bind, logged.port)}; players waiting for it "
             f"there must join again at {with_port(bind, port)}")
    if code is None and logged.code:
        if not sys.stdin.isatty():
            raise ValueError(f"the table had a join code, and it is not kept: give it again "
                             f"with {CODE_WAYS}")
        code = _ask_code("This table had a join code; type it again: ", confirm=True)
        if code is None:
            raise ValueError("the table had a join code and none was typed: it stays closed")
    return (bind, port), code


def _join(args: argparse.Namespace) -> int:
    try:
        address = parse_address(args.address) if args.address else None
        code = join_code(args)
    except ValueError as exc:
        return _fail(exc)
    from bhtui.tui.sessions import RemoteSession

    return _run_app(args, RemoteSession(address, args.role, code, args.bind))


def _door_command(args: argparse.Namespace) -> list[str]:
    """What a door's visitor runs: the demo, or the menu of --table (ValueError if bad)."""
    return ["menu", parse_address(args.table)] if args.table else ["demo"]


def _per_address(args: argparse.Namespace) -> int:
    """A door's sessions per address: --max-per-address, else PER_ADDRESS within the cap."""
    from bhtui.net.gate import PER_ADDRESS

    return int(args.max_per_address or min(PER_ADDRESS, args.max_sessions))


def _serve_ssh(args: argparse.Namespace) -> int:
    try:
        command = _door_command(args)
    except ValueError as exc:
        return _fail(exc)
    import asyncio

    from bhtui.net.gate import with_port
    from bhtui.sshd import HostKeyError, host_key_path, serve_forever

    key = Path(args.host_key) if args.host_key else host_key_path()
    try:
        asyncio.run(serve_forever(args.port, args.bind, key, command, args.max_sessions,
                                  own_folder=args.host_key is None,
                                  per_address=_per_address(args)))
    except HostKeyError as exc:
        return _fail(exc)
    except OSError as exc:
        return _fail(f"cannot serve SSH on {with_port(args.bind, args.port)}: "
                     f"{_unserved(exc, args.bind)}")
    return 0


def _serve_web(args: argparse.Namespace) -> int:
    try:
        command = _door_command(args)
        if args.public_url is not None and not _is_public_url(args.public_url):
            raise ValueError(f"--public-url {args.public_url!r}: write http(s)://HOST[:PORT]")
    except ValueError as exc:
        return _fail(exc)
    import asyncio

    from bhtui.net.gate import with_port
    from bhtui.webd import serve_forever

    try:
        asyncio.run(serve_forever(command, args.bind, args.port, public_url=args.public_url,
                                  max_sessions=args.max_sessions,
                                  per_address=_per_address(args)))
    except OSError as exc:
        return _fail(f"cannot serve the web on {with_port(args.bind, args.port)}: "
                     f"{_unserved(exc, args.bind)}")
    return 0


def _is_public_url(text: str) -> bool:
    """Whether --public-url is http(s)://HOST[:PORT] with HOST as a browser sends it in its
    Host header, which the door compares with it, and a port from 1 to 65535 (``http://a]b``
    passed a looser check and ended in urllib's "Invalid IPv6 URL" traceback)."""
    from urllib.parse import urlsplit

    from bhtui.net.gate import HOST_HEADER

    scheme, _, door = text.partition("://")
    if scheme not in ("http", "https") or not HOST_HEADER.fullmatch(door):
        return False
    try:
        return urlsplit(text).port != 0
    except ValueError:  # a port past 65535, a bracketed address that is not IPv6
        return False


def _load_replay(file: str | None, verb: str = "replay") -> tuple[Replay, list[str], bool] | str:
    """The saved game ``file`` names, or without one the newest that can be replayed, what
    was said of it (a newer save passed over, its own last record cut short) and whether a
    newer save was passed over; else
    what is wrong (``verb``: what the command could not do). One damaged save, the newest,
    kept every command from all the others."""
    from bhtui.store.gamelog import latest_log, saved_logs

    paths = [Path(file)] if file else list(saved_logs(acted=True))  # (not a game left at once)
    if not paths:
        return "no saved game yet (play one with `bhtui`)" if latest_log() is None \
            else "no saved game has a move in it yet (play one with `bhtui`)"
    found, skipped = _newest_read(paths, _replay_of)
    if found is None:  # (none can be: the newest's is the trouble to mend)
        path, why = skipped[0]
        return f"cannot {verb} {path}: {why}"
    replay, said = found
    said = _skipped(skipped) + said
    for line in said:
        _say(line)
    return replay, said, bool(skipped)


def _replay_of(path: Path) -> tuple[Replay, list[str]]:
    """The game the log at ``path`` holds, and its warnings; GameLogError says why not.
    Viewed, never written: it may be read-only, or not ours."""
    from bhtui.store.gamelog import GameLog, GameLogError
    from bhtui.store.replay import Replay

    log = GameLog.read(path)
    try:
        replay = Replay.from_log(log)
    except (KeyError, TypeError, ValueError) as exc:
        raise GameLogError(f"{path}: {exc}") from None
    if not replay.actions:  # (a "0/0" screen, or an analysis of nothing, told nobody why)
        raise GameLogError(f"{path}: nothing was played in it (the game ended before its "
                           f"first move)")
    return replay, log.warnings


def _newest_read(paths: list[Path], read: Callable[[Path], _T]) -> tuple[
        _T | None, list[tuple[Path, str]]]:
    """What ``read`` makes of the first of ``paths`` (newest first) it can read, and those
    before it it could not, with why (its GameLogError's words, after the path)."""
    from bhtui.store.gamelog import GameLogError

    skipped: list[tuple[Path, str]] = []
    for path in paths:
        try:
            return read(path), skipped
        except GameLogError as exc:
            skipped.append((path, _named_once(exc, path)))
    return None, skipped


def _skipped(skipped: list[tuple[Path, str]]) -> list[str]:
    """The line that says which newer saves were passed over, the newest named with why."""
    if not skipped:
        return []
    (path, why), more = skipped[0], len(skipped)
    if more == 1:
        return [f"skipped {path}, a newer save that cannot be read: {why}"]
    return [f"skipped {more} newer saves that cannot be read, the newest {path}: {why}"]


def _replay(args: argparse.Namespace) -> int:
    loaded = _load_replay(args.file)
    if isinstance(loaded, str):
        return _fail(loaded)
    from bhtui.tui.sessions import ReplaySession

    replay, said, passed_over = loaded  # (`said` names what was passed over)
    return _run_app(args, ReplaySession(replay, args.file is None, passed_over), said)


def _analyse(args: argparse.Namespace) -> int:
    """`bhtui analyse`: the replay's analysis without a screen (cached beside the log)."""
    loaded = _load_replay(args.file, "analyse")
    if isinstance(loaded, str):
        return _fail(loaded)
    replay = loaded[0]
    from bhtui.analysis import PLAYOUTS, report_json

    # (numbered from 1 as the waiting room and `host --seat` number seats; 0 in --json)
    seat = replay.own_seat if args.seat is None else args.seat - 1
    if not 0 <= seat < replay.seats:
        return _fail(f"--seat {args.seat}: this game has seats 1 to {replay.seats}")
    if not replay.may_see(seat):
        given = f"--seat {args.seat}: " if args.seat is not None else ""
        if not replay.own_known:  # (a log from before the host's seat was kept)
            return _fail(f"{given}others sat at this game, it is not over, and its log does "
                         "not say which seat was yours: no hand is analysed before its end")
        return _fail(f"{given}that seat's cards were hidden from you and the game is not "
                     f"over; your seat is {replay.own_seat + 1}")
    playouts = args.playouts or PLAYOUTS
    if args.json:  # (machine readable: in no language)
        print(report_json(replay, seat, playouts, _progress(None)))
        return 0
    from bhtui.tui.analysis_words import report  # (no Textual: words and cards only)
    from bhtui.tui.i18n import Translator

    t = Translator(_language())
    print(report(replay, seat, playouts, t, _progress(t)))
    return 0


def _progress(t: Translator | None) -> Callable[[int, int], None] | None:
    """The analysis's count on a terminal's stderr (nothing where it is not one), in the
    player's language; a line of its own once the last decision is weighed."""
    if not sys.stderr.isatty():
        return None

    def progress(done: int, total: int) -> None:
        line = t("analysis.report.progress", done=done, total=total) if t is not None \
            else f"analysing: {done}/{total} decisions"
        print(f"\r{line}", end="\n" if done == total else "", file=sys.stderr, flush=True)

    return progress


def _play(args: argparse.Namespace) -> int:
    """Open the table: a match against the game's bots (of --bots or the settings' level),
    seat 0 yours."""
    from bhtui.games import secret_seed

    try:
        game, rules = game_rules(args.play_game, args.play_preset, args.option)
        size = game.seats(rules)
        bots = tuple(bot_levels(game, args.play_bots, (1, size - 1))) if args.play_bots else ()
    except ValueError as exc:
        return _fail(exc)
    from bhtui.store.gamelog import unsaved_reason, unsaved_words
    from bhtui.tui.sessions import LocalSession

    unsaved = unsaved_reason()
    said = [] if unsaved is None else [  # played all the same
        f"{unsaved_words(unsaved)}: this game is played unsaved; to keep your games, {MEND_DATA}"]
    for line in said:
        _say(line)
    seed = args.seed if args.seed is not None else secret_seed()
    session = LocalSession(rules=rules, game=game.name, seed=seed, rounds=args.rounds,
                           ask_rules=args.settings, bots=bots, saved=unsaved is None)
    return _run_app(args, session, said)


def _sim(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    from bhtui.sim import simulate, summary

    return _bots_report(parser, args, args.sim_game, lambda game, rules, names: simulate(
        rules, args.seed, args.rounds, names), summary)


def _tournament(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    from bhtui.tournament import summary, tournament

    def progress(done: int, total: int) -> None:
        print(f"\r{done}/{total} rounds", end="" if done < total else "\n", file=sys.stderr,
              flush=True)

    if args.bots is None:
        try:
            game, rules = game_rules(args.cup_game, args.preset, [])
        except ValueError as exc:
            parser.error(str(exc))
        args.bots = ",".join(["hard"] + ["normal"] * (game.seats(rules) - 1))
    def terminated(signum: int, frame: object) -> None:
        raise KeyboardInterrupt  # stopped as by Ctrl-C: the pool's workers with it

    # A kill (a session ending, `kill PID`) left the workers playing their blocks out
    # for minutes, their results lost; it now stops the run as Ctrl-C does.
    before = signal.signal(signal.SIGTERM, terminated)
    try:
        return _bots_report(parser, args, args.cup_game, lambda game, rules, names: tournament(
            rules, names, args.rounds, args.seed, args.jobs, args.match_rounds,
            progress if sys.stderr.isatty() else None, args.save), summary)
    except KeyboardInterrupt:
        kept = (f"; the deals finished are in {args.save}: the same command goes on"
                if args.save else "; --save FILE keeps the deals finished")
        print(f"\nstopped{clean_text(kept)}", file=sys.stderr)
        return 130
    finally:
        signal.signal(signal.SIGTERM, before)


def _bots_report(parser: argparse.ArgumentParser, args: argparse.Namespace,
                 game_name: str | None, run: Callable[[Game, Any, list[str]], dict[str, Any]],
                 summary: Callable[[dict[str, Any]], str]) -> int:
    """Bots play (a sim, a tournament) under ``--preset``/``--option``; the report as JSON
    or read by ``summary``. A bad name or option is a usage error."""
    from bhtui.sim import parse_bots

    try:
        game, rules = game_rules(game_name, args.preset, args.option)
        report = run(game, rules, parse_bots(args.bots, game.seats(rules), game))
    except ValueError as exc:
        parser.error(str(exc))
    if args.json:
        json.dump(report, sys.stdout, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        print(summary(report))
    return 0
