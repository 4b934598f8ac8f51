"""The console's lines in Chinese: what ``bhtui`` prints outside its screens (a usage error,
a refused resume, a door that would not open), found by their English.

Those lines are made in English where they arise — argparse's own, ``bhtui.cli``'s, and the
reasons the layers below give (an unknown preset, a damaged game log) — and are said in the
player's language only as they are printed (``bhtui.cli._say``), so no layer below the screens
knows a language. ``ZH`` maps each line's English, with ``{field}`` where it varies, to its
Chinese; what a field holds is looked up in turn (the reason after "cannot resume FILE: "),
and kept as it is when nothing matches it (a path, an option, an address). Imported only when
a line is said in Chinese: a start costs nothing.
"""

from __future__ import annotations

from string import Formatter

from bhtui.tui.i18n import msgid_pattern

FIELDS = {"token": r"[-\w.=]+", "option": r"-[-\w]+"}
"""What a field of that name may hold (any text, else): one word of a list ("--seed or
--settings", "1 or 4"), so that the list's msgid matches no sentence that has an "or" in it;
an option's name, so that a line about one is not read as another's ("error: --rounds before
a command…" is an error, not "{option} before a command…")."""

ZH: dict[str, str] = {
    # argparse's, and bhtui.cli.Parser's
    "error: {message} (see {prog} --help)": "错误：{message}（见 {prog} --help）",
    "error: {message}": "错误：{message}",
    "unknown option {option}": "没有 {option} 这个选项",
    "unknown option {option}; did you mean {options}?": "没有 {option} 这个选项；你是想写 {options} 吗？",
    "{token} or {tokens}": "{token} 或 {tokens}",
    "{option} goes before the command: {usage}": "{option} 要写在命令前面：{usage}",
    "{option} before a command is for a game against bots; for this one write it after: {usage}":
        "写在命令前面的 {option} 是人机对局用的；这个命令要把它写在后面：{usage}",
    "{option} is for a game against bots ({usage}); {command} does not take it":
        "{option} 是人机对局用的（{usage}）；{command} 不接受它",
    "argument {argument}: {reason}": "{argument}：{reason}",
    "argument COMMAND: invalid choice: {value} (choose from {choices})":
        "没有 {value} 这个命令（命令有：{choices}）",
    "invalid choice: {value} (choose from {choices})": "不能是 {value}（可选：{choices}）",
    "expected one argument": "后面要跟一个值",
    "ignored explicit argument {value}": "不带值，不能写 {value}",
    "the following arguments are required: {names}": "缺少参数：{names}",
    "unrecognized arguments: {values}": "多余的参数：{values}",
    # the values of bhtui.cli's options
    "{value} (write numbers in the digits 0-9)": "{value}（数字请用 0-9 书写）",
    "a whole number, not {value}": "要写整数，不能是 {value}",
    "a TCP port is 0 to 65535 (0 picks a free one), not {value}":
        "TCP 端口是 0 到 65535（0 表示自动选一个空闲端口），不能是 {value}",
    "must be 1 or more, not {value}": "至少是 1，不能是 {value}",
    "seconds from 0 to {most}, not {value}": "秒数要在 0 到 {most} 之间，不能是 {value}",
    "an IP address or a host name, not {value}": "要写 IP 地址或主机名，不能是 {value}",
    "unknown theme {theme}; known: {themes}": "没有 {theme} 这个主题；现有：{themes}",
    "{presets} (the presets of {game})": "{presets}（{game} 的规则）",
    "unknown preset {preset}; known: {presets}": "没有 {preset} 这个规则；现有：{presets}",
    "option {pair}: write NAME=VALUE, e.g. NAME=true": "选项 {pair}：要写成 名称=值，例如 NAME=true",
    "option {pair}: write numbers in the digits 0-9": "选项 {pair}：数字请用 0-9 书写",
    "option {pair}: write {shown}": "选项 {pair}：要写成 {shown}",
    "{name}=NUMBER": "{name}=数字",
    "unknown option {name} for {preset}; valid: {names}": "{preset} 没有 {name} 这个选项；可用的有：{names}",
    "option {name} takes a whole number {span}, not {value}":
        "选项 {name} 要写 {span} 之间的整数，不能是 {value}",
    "option {name} takes {shown}, not {value}": "选项 {name} 要写 {shown}，不能是 {value}",
    "unknown bot level {level}; levels: {levels}": "没有 {level} 这个机器人等级；等级有：{levels}",
    "give {counts} bot levels, not {n}": "要写 {counts} 个机器人等级，不能是 {n} 个",
    "--bots: {reason}": "--bots：{reason}",
    "--bots takes 0 to {n} ({rules} has {seats} seats)":
        "--bots 只能是 0 到 {n}（{rules} 有 {seats} 个座位）",
    # a table's door, its join code
    "{address}: write HOST:PORT, e.g. 192.168.1.20:7474":
        "{address}：要写成 主机:端口，例如 192.168.1.20:7474",
    "{address}: a table's TCP port is 1 to 65535, not {port}":
        "{address}：牌桌的 TCP 端口是 1 到 65535，不能是 {port}",
    "--bind {bind} is not an IP address, and no host of that name was found":
        "--bind {bind} 不是 IP 地址，也找不到叫这个名字的主机",
    "cannot serve on {address}: {reason}": "无法在 {address} 开桌：{reason}",
    "a headless table at --fast (no bot delay) needs --rounds N, or a --bot-delay: with nobody "
    "to stop them, its bots would play and log without end":
        "无人值守的牌桌用 --fast（机器人不等待）时要给 --rounds N 或 --bot-delay：没有人能让它停下，"
        "机器人会一直打下去、一直写日志",
    "--code is empty: give the join code, or leave --code out":
        "--code 是空的：请写上入桌码，或者去掉 --code",
    "cannot read the join code from {file}: {reason}": "无法从 {file} 读取入桌码：{reason}",
    "{file} holds no join code": "{file} 里没有入桌码",
    "the join code in {where} is not UTF-8 text: type it in a UTF-8 terminal, or put it in a UTF-8 "
    "file for --code-file": "{where} 里的入桌码不是 UTF-8 文本：请在 UTF-8 终端里输入，或者写进 UTF-8 "
                            "文件再用 --code-file",
    "--public-url {url}: write http(s)://HOST[:PORT]": "--public-url {url}：要写成 http(s)://主机[:端口]",
    "Join code for this table: ": "这张牌桌的入桌码：",
    "This table had a join code; type it again: ": "这张牌桌原来有入桌码，请再输入一次：",
    "Type it once more: ": "请再输入一遍：",
    "the two join codes typed differ: the table stays closed (run the command again and type the "
    "code twice)": "两次输入的入桌码不一样：牌桌不开（请重新运行命令，把入桌码输入两遍）",
    "the join code typed is not UTF-8 text: set the terminal to UTF-8, or put the code in a UTF-8 "
    "file for --code-file": "输入的入桌码不是 UTF-8 文本：请把终端设成 UTF-8，或者把入桌码写进 UTF-8 "
                            "文件再用 --code-file",
    # a resumed table
    "--seat is for a resumed table (--resume): a new one seats you itself":
        "--seat 只用于续开的牌桌（--resume）：新开的牌桌会自己给你安排座位",
    "no game log of a table to resume (a game against bots is not one: bhtui replay opens it)":
        "没有可以续开的牌桌记录（人机对局的记录不算：用 bhtui replay 打开它）",
    "cannot resume {path}: {reason}": "无法续开 {path}：{reason}",
    "--seat {seat} is not a person's seat at this table (those are {seats})":
        "--seat {seat} 不是这张牌桌上玩家的座位（玩家的座位是 {seats}）",
    "--seat {seat} is not a person's seat at this table (those are none)":
        "--seat {seat} 不是这张牌桌上玩家的座位（这张牌桌没有玩家的座位）",
    "the table was on {before}; players waiting for it there must join again at {now}":
        "牌桌原来在 {before}；在那里等着的玩家要重新到 {now} 加入",
    "the table had a join code, and it is not kept: give it again with {ways}":
        "这张牌桌原来有入桌码，但入桌码不会保存：请再用 {ways} 给出",
    "--code-file FILE, the BHTUI_CODE variable, --ask-code or --code":
        "--code-file FILE、环境变量 BHTUI_CODE、--ask-code 或 --code",
    "the table had a join code and none was typed: it stays closed":
        "这张牌桌原来有入桌码，但没有输入：牌桌不开",
    "the log names no seat of yours, so you watch; to sit: {command}":
        "记录里没有你的座位，所以你在观战；要入座：{command}",
    # the games folder (bhtui.store.gamelog.unsaved_reason)
    "games cannot be saved in {path} ({reason})": "无法在 {path} 保存对局（{reason}）",
    "{unsaved}: this game is played unsaved; to keep your games, set BHTUI_DATA_DIR to a folder "
    "you can write": "{unsaved}：这一局照常进行，但不会保存；要保存对局，请把 BHTUI_DATA_DIR 设为"
                     "你能写入的文件夹",
    "cannot host a table: {unsaved}, and its log is what host --resume needs; set BHTUI_DATA_DIR "
    "to a folder you can write": "无法开桌：{unsaved}，而 host --resume 要靠牌桌的记录才能续开；请把 "
                                 "BHTUI_DATA_DIR 设为你能写入的文件夹",
    "{unsaved}: set BHTUI_DATA_DIR to a folder you can write":
        "{unsaved}：请把 BHTUI_DATA_DIR 设为你能写入的文件夹",
    "cannot play on: {unsaved}; set BHTUI_DATA_DIR to a folder you can write":
        "无法续打：{unsaved}；请把 BHTUI_DATA_DIR 设为你能写入的文件夹",
    # a game log (bhtui.store.gamelog)
    "not a bhtui game log": "不是 bhtui 的对局记录",
    "it is larger than {n} MiB, more than any game log holds (over a thousand rounds fit in "
    "that): not read": "它大于 {n} MiB，超过任何对局记录的大小（一千多局也放得下）：不读取",
    "cannot write to it ({reason})": "无法写入（{reason}）",
    "damaged record at byte {offset}": "第 {offset} 字节处的记录已损坏",
    "no header": "没有记录头",
    "the header's door is missing: where the table listened on the LAN and whether it needed a "
    "join code was expected (a game against bots has none: `bhtui replay` opens it)":
        "记录里没有牌桌在局域网上的地址和入桌码设置：不是联网牌桌的记录（人机对局没有："
        "用 `bhtui replay` 打开它）",
    "it was played under {game} rules version {version} and this bhtui plays version "
    "{edition}: replayed now it would be a different game, so it is not loaded (open it with "
    "the bhtui that wrote it)": "它是按 {game} 规则第 {version} 版打的，这个 bhtui 用第 "
                                "{edition} 版：现在重放会是另一局牌，所以不载入（请用写下它的 "
                                "bhtui 打开）",
    "no saved game yet (play one with `bhtui`)": "还没有保存的对局（用 `bhtui` 玩一局）",
    "no saved game has a move in it yet (play one with `bhtui`)":
        "保存的对局里还没有走过一步的（用 `bhtui` 玩一局）",
    "nothing was played in it (the game ended before its first move)":
        "里面一步也没有走（这局在第一步之前就结束了）",
    "cannot replay {path}: {reason}": "无法回放 {path}：{reason}",
    "cannot analyse {path}: {reason}": "无法分析 {path}：{reason}",
    "--seat {seat}: {reason}": "--seat {seat}：{reason}",
    "this game has seats 1 to {n}": "这局的座位是 1 到 {n}",
    "that seat's cards were hidden from you and the game is not over; your seat is {n}":
        "那个座位的牌对你是隐藏的，而这局还没打完；你的座位是 {n}",
    "others sat at this game, it is not over, and its log does not say which seat was yours: no "
    "hand is analysed before its end": "这局还有别人，还没打完，记录里也没说哪个座位是你的：打完之前"
                                       "不分析任何一手牌",
    # the settings file (bhtui.store.config) and the themes (bhtui.tui.themes)
    "Settings file: {path} (F2 in a game edits it)": "设置文件：{path}（在对局中按 F2 修改）",
    "Settings file: {path} — unreadable ({reason}): bhtui uses its defaults and writes nothing "
    "there until it is mended": "设置文件：{path}——无法读取（{reason}）：bhtui 使用默认设置，修好之前"
                                "不往里写任何东西",
    "Settings file: {path} — not there yet: bhtui uses its defaults until F2 in a game saves "
    "your settings there": "设置文件：{path}——还不存在：在对局中按 F2 保存设置之前，bhtui 使用默认设置",
    "{name}: unreadable ({reason}); using the defaults, and no setting you change is saved until "
    "the file is mended":
        "{name}：无法读取（{reason}）；改用默认设置，在修好这个文件之前，你改的设置都不会保存",
    "not UTF-8 text": "不是 UTF-8 文本",
    "nested too deep": "嵌套太深",
    "larger than {n} MiB": "大于 {n} MiB",
    "{name}: unknown setting {key} ignored": "{name}：没有 {key} 这个设置，已略过",
    "{name}: unknown settings {keys} and {n} more ignored": "{name}：没有 {keys} 以及另外 {n} 个设置，已略过",
    "{name}: {key} = {value} is not {why}; using the default":
        "{name}：{key} = {value} 不是 {why}；改用默认值",
    "{name}: {key} = {value} is not {why}; using {shown}": "{name}：{key} = {value} 不是 {why}；改用 {shown}",
    "{name}: {key} = {value} is not text; using {shown}": "{name}：{key} = {value} 不是文本；改用 {shown}",
    "a number of seconds from 0 to {most}": "0 到 {most} 之间的秒数",
    "a table of binding ids and their keys (play = \"enter,space\")":
        "按键表（操作名 = 按键，例如 play = \"enter,space\"）",
    "1 to 24 characters, none of them control characters": "1 到 24 个字符，且不含控制字符",
    "--name is cut to the {most} characters a table keeps: you play as {name}":
        "--name 超过了牌桌保留的 {most} 个字符，已截短：你的名字是 {name}",
    "{name}: {key} is not a list of keys (\"enter,space\"); its own keys are kept":
        "{name}：{key} 不是按键列表（例如 \"enter,space\"）；这个操作保留原来的按键",
    "{name}: {keys} and {n} more are not lists of keys (\"enter,space\"); their own keys are kept":
        "{name}：{keys} 以及另外 {n} 项不是按键列表（例如 \"enter,space\"）；这些操作保留原来的按键",
    "theme {file} skipped: {reason}": "主题 {file} 已略过：{reason}",
    "theme {theme} not found; using {default}": "没有 {theme} 这个主题；改用 {default}",
    "keys.{name}: no key has that id (the README lists them); ignored":
        "keys.{name}：没有这个操作名（README 里有列表）；已略过",
    "keys.{name} = {listed}: {keys} is no key a terminal sends; its own keys are kept":
        "keys.{name} = {listed}：{keys} 不是终端能发出的按键；这个操作保留原来的按键",
    "keys.{name} = {listed}: {key} is already the key of {other}; its own keys are kept":
        "keys.{name} = {listed}：{key} 已经是「{other}」的按键；这个操作保留原来的按键",
    "a theme needs 'name' and 'primary'": "主题要有 'name' 和 'primary'",
    "[variables] holds name = \"colour\" pairs": "[variables] 里要写 名称 = \"颜色\"",
    "{key} = {value} is not a colour": "{key} = {value} 不是颜色",
    "{path} ends early: an incomplete last record ({n} bytes) is left out":
        "{path} 提前结束：不完整的最后一条记录（{n} 字节）已略去",
    "skipped {path}, a newer save that cannot be read: {reason}":
        "跳过了较新的存档 {path}，它无法读取：{reason}",
    "skipped {n} newer saves that cannot be read, the newest {path}: {reason}":
        "跳过了 {n} 个无法读取的较新存档，最新的是 {path}：{reason}",
    # the system's reasons (os.strerror)
    "No such file or directory": "没有这个文件或目录",
    "Permission denied": "没有权限",
    "Is a directory": "这是一个目录",
    "Not a directory": "不是目录",
    "Read-only file system": "只读文件系统",
    "not a regular file": "不是普通文件",
    "Address already in use": "地址已被占用",
    "Cannot assign requested address": "这台机器没有这个地址",
}


def _words(msgid: str) -> int:
    return sum(len(words) for words, *_ in Formatter().parse(msgid))


PATTERNS = [(msgid_pattern(msgid, FIELDS), zh) for msgid, zh in
            sorted(ZH.items(), key=lambda item: -_words(item[0]))]
"""Each msgid's pattern with its Chinese, the one with the most words of its own first: "cannot
read the join code from {file}: …" before "cannot read {path}: …"."""


def in_chinese(line: str) -> str:
    """``line`` in Chinese, each field's text in turn; as it is where no msgid matches it."""
    for pattern, zh in PATTERNS:
        found = pattern.fullmatch(line)
        if found:
            return zh.format(**{name: in_chinese(text) for name, text in found.groupdict().items()})
    return line
