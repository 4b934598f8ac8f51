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
    "--name is cut to the {most} characters a table's name keeps: the table is called {name}":
        "--name 超过了牌桌名字保留的 {most} 个字符，已截短：牌桌名为 {name}",
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
    # --help (``bhtui.cli.Parser.format_help``): argparse's words, then bhtui's
    "usage:": "用法：",  # (in as many cells as "usage: ", with its space: Formatter)
    "positional arguments": "参数",
    "options": "选项",
    "show this help message and exit": "显示这段帮助后退出",
    "show program's version number and exit": "显示版本号后退出",
    "commands (optional)": "命令（可以不写）",
    "保皇 (Baohuang) and 斗地主 (Dou Dizhu) in the terminal. Play against bots, host or join a LAN "
    "table. With no command, a game against bots starts at once (the options before a command "
    "are for it).": "在终端里玩保皇和斗地主：和机器人打，或在局域网上开桌、入座。不写命令就立刻开始一局"
                    "人机对局（写在命令前面的选项都是给它用的）。",
    "match seed (random if left out)": "比赛的随机种子（不写则随机）",
    "match seed": "比赛的随机种子",
    "match seed (1)": "比赛的随机种子（1）",
    "tournament seed (1)": "锦标赛的随机种子（1）",
    "your name at the table": "你在牌桌上的名字",
    "language (default: from the locale)": "语言（默认：按系统的语言环境）",
    "felt, dark, light, contrast, or one of your own": "felt、dark、light、contrast，或你自己的主题",
    "card style": "牌面样式",
    "bots act at once": "机器人不等待，立刻出牌",
    "rounds in the match (default: no end, it goes on until you quit with ctrl+q)":
        "比赛的局数（默认：不限，一直打到你按 ctrl+q 退出）",
    "baohuang (保皇, the default) or doudizhu (斗地主)": "baohuang（保皇，默认）或 doudizhu（斗地主）",
    "the rule set ({presets}); default: the game's first": "规则（{presets}）；默认：该游戏的第一个",
    "a rule option of the preset, e.g. grab_solo=true or base=2 (repeatable)":
        "规则的选项，例如 grab_solo=true 或 base=2（可以写多次）",
    "a rule option of the preset, e.g. force_first=true (repeatable)":
        "规则的选项，例如 force_first=true（可以写多次）",
    "a rule option of the preset (repeatable)": "规则的选项（可以写多次）",
    "a rule option (repeatable)": "规则的选项（可以写多次）",
    "choose the rule set and its options on a screen before the match":
        "比赛开始前在界面上选择规则和选项",
    "the bots' level (easy, normal or hard, in both games): one for all, or one per bot seat "
    "separated by commas (default: your settings, normal)":
        "机器人的难度（easy、normal 或 hard，两个游戏都适用）：写一个给所有机器人，或用逗号隔开，"
        "每个机器人座位一个（默认：你的设置，normal）",
    "serve a table on the LAN and sit at it (or --headless)": "在局域网上开一张牌桌并入座（或 --headless）",
    "take a seat at a LAN table (the lobby lists them)": "到局域网上的牌桌入座（大厅里有列表）",
    "watch a LAN table (the lobby lists them)": "观战局域网上的牌桌（大厅里有列表）",
    "a guided tour of the rules (keyboard only, 80x24)": "规则导览（只用键盘，80x24）",
    "watch or join one table (what serve-ssh --table runs)":
        "观战或加入一张牌桌（serve-ssh --table 运行的就是它）",
    "serve the demo (or a LAN table's menu) over SSH": "通过 SSH 提供演示（或局域网牌桌的菜单）",
    "serve the demo (or a LAN table's menu) to web browsers":
        "在网页浏览器里提供演示（或局域网牌桌的菜单）",
    "step through a saved game (against bots, or a table you hosted: a joined game is its "
    "host's)": "逐步回看保存的对局（人机对局，或你开的牌桌；加入别人的对局保存在主机上）",
    "weigh your decisions in a saved game with the hard bot": "用 hard 机器人评估你在保存的对局里的每个决定",
    "where the settings file is, whether it exists, what in it is not used":
        "设置文件在哪里、是否存在、里面哪些没有用上",
    "let bots play a match and report the result": "让机器人打一场比赛并报告结果",
    "bots play many rounds rotated over the seats: scores with 95% intervals, roles, decision "
    "times": "机器人轮换座位打很多局：带 95% 置信区间的得分、角色、决策用时",
    "the table's name": "牌桌的名字",
    "TCP port ({port}, or the resumed table's; 0 picks one)":
        "TCP 端口（{port}，或续开的牌桌原来的；0 表示自动选一个）",
    "TCP port ({port}; 0 picks one)": "TCP 端口（{port}；0 表示自动选一个）",
    "listen and advertise only on this address (default: all, or the resumed table's)":
        "只在这个地址上监听和广播（默认：所有地址，或续开的牌桌原来的）",
    "{text}; other users of this machine can see a code given here, so prefer --code-file or "
    "BHTUI_CODE": "{text}；这里写的入桌码，这台机器的其他用户看得到，最好用 --code-file 或 BHTUI_CODE",
    "a join code players must know (never sent over the wire)": "玩家必须知道的入桌码（从不在网络上传送）",
    "the table's join code (asked for when the table needs one)": "牌桌的入桌码（牌桌需要时会问你）",
    "read the join code from FILE": "从 FILE 读取入桌码",
    "type the join code at a hidden prompt before the table opens": "开桌前在不回显的提示下输入入桌码",
    "seconds per turn before 托管 takes over, 0 for none (default: the settings' timer, or the "
    "resumed table's)": "每轮出牌的秒数，超时由托管代打，0 为不限（默认：设置里的计时，或续开的牌桌原来的）",
    "the card counter (记牌器) for everyone at the table (default: off, or the resumed table's)":
        "给牌桌上每个人开记牌器（默认：关，或续开的牌桌原来的）",
    "only serve; nobody sits here": "只开桌，这里不入座",
    "seats given to bots at once: a number (0 to the seats of the preset; bots of your level) "
    "or their levels, e.g. hard,normal":
        "一开始就交给机器人的座位：写个数（0 到该规则的座位数；机器人用你的难度），或写它们的难度，"
        "例如 hard,normal",
    "rounds in the match (default: no end, it goes on until the host quits; or the resumed "
    "table's)": "比赛的局数（默认：不限，一直打到主机退出；或续开的牌桌原来的）",
    "continue a match from its log (default: the newest)": "从对局记录接着打一场比赛（默认：最新的）",
    "with --resume: your seat, numbered as the waiting room numbers it from 1 (default: the one "
    "the log says was yours; none said: you watch)":
        "与 --resume 一起用：你的座位，按等候室的编号从 1 数起（默认：记录里你的座位；没有就观战）",
    "spectators see every hand (players never do; default: off, or the resumed table's)":
        "观战者能看到所有手牌（玩家永远看不到；默认：关，或续开的牌桌原来的）",
    "do not announce on the LAN": "不在局域网上广播",
    "seconds bots wait (default: the settings', or the resumed table's)":
        "机器人等待的秒数（默认：设置里的，或续开的牌桌原来的）",
    "HOST:PORT to connect directly": "直接连接的 主机:端口",
    "HOST:PORT": "主机:端口",
    "browse the LAN only from this address": "只从这个地址浏览局域网",
    "listen on this address (default: all)": "在这个地址上监听（默认：所有地址）",
    "private key file (default: made once in the data folder)": "私钥文件（默认：在数据文件夹里生成一次）",
    "offer watching or joining this table": "提供观战或加入这张牌桌",
    "SSH sessions served at once (20)": "同时服务的 SSH 会话数（20）",
    "sessions served at once to one address (4, or --max-sessions if less)":
        "同一地址同时服务的会话数（4，或 --max-sessions，取较小的）",
    "Serve the rules demo, or with --table the menu to watch or join that LAN table, as a web "
    "page: each browser tab runs its own bhtui (its own person, seat and data folder) drawn in "
    "the page. Anyone who can reach the port can open it: there is no password, no TLS. It is "
    "meant for your LAN; --bind limits it to one interface. To offer it beyond the LAN put a "
    "reverse proxy with TLS and a login in front (bind 127.0.0.1, give the proxy's address as "
    "--public-url, and --max-per-address --max-sessions, since every visitor then comes from the "
    "proxy).": "把规则演示（或用 --table 时观战、加入那张局域网牌桌的菜单）做成网页：每个浏览器标签页运行"
               "自己的 bhtui（自己的身份、座位和数据文件夹），画在网页里。能连到这个端口的人都能打开它：没有"
               "密码，没有 TLS。它是给局域网用的；--bind 可以限制到一个网络接口。要在局域网之外提供，请在前面"
               "放一个带 TLS 和登录的反向代理（绑定 127.0.0.1，用 --public-url 给出代理的地址，并设置 "
               "--max-per-address 和 --max-sessions，因为这时所有访客都来自代理）。",
    "browser tabs served at once (20)": "同时服务的浏览器标签页数（20）",
    "tabs served at once to one address (4, or --max-sessions if less)":
        "同一地址同时服务的标签页数（4，或 --max-sessions，取较小的）",
    "the address visitors use, when it is not this server's own (a proxy's https://..., a LAN "
    "name other than the host name); by default the one each visitor typed":
        "访客使用的地址，当它不是这台服务器自己的地址时（代理的 https://...，或不同于主机名的局域网"
        "名字）；默认用每个访客自己输入的地址",
    "a .bhlog file (default: the newest)": "一个 .bhlog 文件（默认：最新的）",
    "the seat to analyse, numbered as the waiting room numbers it from 1 (default: yours; "
    "another once the game is over)": "要分析的座位，按等候室的编号从 1 数起（默认：你的；对局结束后"
                                      "可以选别人的）",
    "deals hard plays each candidate out on ({n})": "hard 为每个候选打完的牌局数（{n}）",
    "print the analysis as JSON": "以 JSON 输出分析",
    "print the settings file's path": "输出设置文件的路径",
    "rounds in the match ({n})": "比赛的局数（{n}）",
    "one bot for every seat, or one per seat comma-separated (random, heuristic)":
        "所有座位用同一个机器人，或用逗号隔开每个座位一个（random、heuristic）",
    "print one JSON document": "输出一个 JSON 文档",
    "a comma-separated bot for every seat, rotated over the seats (easy, normal, hard, random, "
    "heuristic; default hard and normal in every other seat)":
        "用逗号隔开，每个座位一个机器人，轮换座位（easy、normal、hard、random、heuristic；默认 hard 和 "
        "normal 隔座交替）",
    "rounds to play at least (whole deals in every rotation; 250; Dou Dizhu: games, each deal "
    "played once per seating)": "至少要打的局数（每次轮换都打完整的牌局；250；斗地主：按局数计，每副"
                                "牌每种座次打一次）",
    "rounds per match, so tribute and deals follow real results ({n})":
        "每场比赛的局数，让进贡和发牌跟着真实结果走（{n}）",
    "processes to play on (default: every core)": "用来打牌的进程数（默认：每个核心一个）",
    "keep each finished deal in FILE; the same command again goes on where it stopped":
        "把每副打完的牌存进 FILE；再运行同样的命令会从停下的地方接着打",
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
