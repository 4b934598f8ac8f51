"""The shared screens' words, in English and simplified Chinese: the table, the rooms, the
lobby, the settings, the dialogs every game shows. Each game's own are in its ``texts.py``."""

from __future__ import annotations

CHAT_KEY = {"en": "c chat · ", "zh": "c 聊天 · "}
"""The help's chat key, in each game's keys: left out where c does nothing (bots only)."""

STRINGS: dict[str, dict[str, str]] = {
    "title": {"en": "bhtui — Baohuang", "zh": "bhtui — 保皇"},
    "pane.table": {"en": "Table", "zh": "牌桌"},
    "pane.hand": {"en": "Your hand", "zh": "手牌"},
    "pane.hands": {"en": "Every hand (open table)", "zh": "各家手牌（明牌观战）"},
    "pane.scores": {"en": "Scores", "zh": "比分"},
    "pane.scores.of": {"en": "Scores · round {n} of {total}", "zh": "比分 · 第{n}局/共{total}局"},
    "pane.scores.at": {"en": "Scores · round {n}", "zh": "比分 · 第{n}局"},
    "pane.log": {"en": "Log", "zh": "记录"},
    "place.1": {"en": "1st 头科", "zh": "头科"},
    "place.2": {"en": "2nd 二科", "zh": "二科"},
    "place.3": {"en": "3rd 三科", "zh": "三科"},
    "place.4": {"en": "4th 二落", "zh": "二落"},
    "place.5": {"en": "5th 大落", "zh": "大落"},
    "cards_left": {"en": "{n} cards", "zh": "{n}张"},
    "cards_left_one": {"en": "1 card", "zh": "1张"},
    "next_seat": {"en": "下家", "zh": "下家"},
    "previous_seat": {"en": "上家", "zh": "上家"},
    "timer.left": {"en": "{n} s left", "zh": "剩 {n} 秒"},
    "timer.short": {"en": "{n} s", "zh": "{n}秒"},
    # What waits on me, under the "too small" message (its countdown runs on unseen).
    "small.turn": {"en": "Your turn", "zh": "轮到你了"},
    "small.decide": {"en": "Your decision: enlarge the terminal to answer",
                     "zh": "轮到你选择：放大窗口后作答"},
    "small.asked": {"en": "Your chance to declare", "zh": "可以表态了"},
    # The waiting room's rules line: the turn timer set with --timer (or none).
    "room.timer": {"en": "Turn timer {n} s", "zh": "限时：每步 {n} 秒"},
    "room.no_timer": {"en": "No turn timer", "zh": "不限时"},
    "counter": {"en": "still out: {items}", "zh": "记牌器 {items}"},
    "pass": {"en": "pass", "zh": "不要"},
    "auto": {"en": "托管", "zh": "托管"},
    "away": {"en": "away", "zh": "离线"},
    "round": {"en": "Round {n}", "zh": "第{n}局"},
    "status.your_lead": {"en": "Your lead: pick a set and press Enter",
                         "zh": "你先出：选牌后按回车"},
    "status.your_turn": {"en": "Your turn: beat {set} or pass ({key_pass})",
                         "zh": "轮到你：压过 {set} 或不要 ({key_pass})"},
    "status.waiting": {"en": "Waiting for {name}…", "zh": "等待 {name}…"},
    "status.held": {"en": "The table goes on once the result is read…",
                    "zh": "看完本局结果后牌桌继续…"},
    "status.reading": {"en": "Waiting for {names} to read the result…",
                       "zh": "等待 {names} 看完本局结果…"},
    "status.decide": {"en": "Your decision (see the dialog)", "zh": "请在对话框中选择"},
    "status.result_open": {"en": "The table waits while you read the result — Enter goes on",
                           "zh": "牌桌在等你看结果——回车继续"},
    "status.answered": {"en": "Answered — the table goes on…", "zh": "已作答——牌局继续……"},
    "status.selected": {"en": "Selected: {set}", "zh": "已选：{set}"},
    "status.not_set": {"en": "not a set: a set is cards of one rank, jokers besides",
                       "zh": "不成套：一套只能是同一点数，可另加王"},
    "status.nothing": {"en": "select cards first (rank keys, arrows + Space)",
                       "zh": "先选牌（点数键，或方向键 + 空格）"},
    "status.nothing_or_pass": {"en": "nothing picked: pick cards to play, or pass ({key_pass})",
                               "zh": "还没选牌：选牌出牌，或不要 ({key_pass})"},
    "status.not_turn": {"en": "not your turn", "zh": "还没轮到你"},
    "status.lead_no_pass": {"en": "the leader must play", "zh": "首家必须出牌"},
    "status.no_rank": {"en": "no more {rank} in your hand", "zh": "手里没有更多的 {rank}"},
    "status.no_rank_held": {"en": "no {rank} in your hand", "zh": "手里没有 {rank}"},
    "status.auto_on": {"en": "托管 on: the bot plays for you ({key_auto} to take over)",
                       "zh": "托管中：机器人替你出牌（按 {key_auto} 取消）"},
    "status.match_over_watching": {"en": "Match over. Enter: the standings · ctrl+q quits.",
                                   "zh": "比赛结束。回车：总排名 · ctrl+q 退出。"},
    "status.match_over_shown": {"en": "Match over · Esc: back to the table · ctrl+q quits.",
                                "zh": "比赛结束 · Esc：回到牌桌 · ctrl+q 退出。"},
    "status.match_over": {"en": "Match over. Enter: standings and 再来一局 · ctrl+q quits.",
                          "zh": "比赛结束。回车：排名与再来一局 · ctrl+q 退出。"},
    "status.refused": {"en": "Refused: {reason}", "zh": "被拒绝：{reason}"},
    "refused.code.stale": {"en": "the table moved on before your command arrived",
                           "zh": "你的操作到达前牌局已经往下进行了"},
    "refused.code.duplicate": {"en": "that command was already received",
                               "zh": "这个操作已经收到过了"},
    "refused.code.waiting": {"en": "the match is not running", "zh": "比赛没有在进行"},
    "refused.code.reading": {"en": "the table waits while a result is read",
                             "zh": "牌桌在等大家看完本局结果"},
    "refused.code.spectator": {"en": "spectators cannot act", "zh": "观战者不能出牌"},
    "refused.code.hinting": {"en": "a hint for you is still being worked out",
                             "zh": "上一个提示还在计算中"},
    "refused.code.chat": {"en": "slow down: one message every two seconds",
                          "zh": "说慢一点：每两秒最多一条消息"},
    "status.renamed": {"en": "{asked} is taken here: the table calls you {name}",
                       "zh": "这里已有人叫 {asked}：牌桌上你叫 {name}"},
    "status.link_lost": {"en": "Connection lost ({reason}): reconnecting…",
                         "zh": "连接断开（{reason}）：正在重连……"},
    "status.unanswered": {"en": "No answer from the host {address}: wait, or ctrl+q quits.",
                          "zh": "主机 {address} 没有响应：请等它恢复，或按 ctrl+q 退出。"},
    "result.seat": {"en": "Seat", "zh": "座位"},
    "result.role": {"en": "Role", "zh": "身份"},
    "result.score": {"en": "Score", "zh": "得分"},
    "result.total": {"en": "Total", "zh": "总分"},
    "result.last": {"en": "That was the last round.", "zh": "这是最后一局。"},
    "result.continue": {"en": "Enter: continue", "zh": "回车：继续"},
    "quit.question": {"en": "Quit bhtui? Every move is saved: bhtui replay shows this game "
                            "again.",
                      "zh": "退出 bhtui？每一步都已保存：运行 bhtui replay 可以回看本局。"},
    # One line (the dialog's title); bhtui's last line on the console says it in full.
    "quit.question_on": {"en": "Quit bhtui? It is saved: to play on later, run bhtui replay, End, "
                               "then p.",
                         "zh": "退出 bhtui？本局已保存：以后想接着打，运行 bhtui replay，按 End "
                               "再按 p。"},
    "quit.question_ends": {"en": "Quit bhtui? Leaving now ends the match; bhtui replay shows "
                                 "this game.",
                           "zh": "退出 bhtui？现在离开会结束本场比赛；运行 bhtui replay 可以回看本局。"},
    # A match whose log was lost mid-game ({saved}: ``saved.lost``, in its game's words), or
    # never made: no line says it is saved whole
    "saved.lost": {"en": "saved to round {n} only ({reason})",
                   "zh": "只保存到第{n}局（{reason}）"},
    # (one line at 80 columns with the longest reason: "No space left on device")
    "quit.question_lost": {"en": "Quit? This game is {saved}.",
                           "zh": "退出 bhtui？本局{saved}。"},
    "quit.question_ends_lost": {"en": "Quit? It ends the match, {saved}.",
                                "zh": "退出 bhtui？这会结束本场比赛，本局{saved}。"},
    "quit.question_ends_unsaved": {"en": "Quit bhtui? Leaving now ends the match.",
                                   "zh": "退出 bhtui？现在离开会结束本场比赛。"},
    "quit.how": {"en": "{keys} quits bhtui (it asks first)", "zh": "按 {keys} 退出 bhtui（会先确认）"},
    "quit.plain": {"en": "Quit bhtui?", "zh": "退出 bhtui？"},
    "quit.back.replay": {"en": "Leave this game for the replay? Its moves are saved.",
                         "zh": "离开这局，回到回放？每一步都已保存。"},
    "quit.back.demo": {"en": "Leave this game for the demo? Its moves are saved.",
                       "zh": "离开这局，回到演示？每一步都已保存。"},
    "quit.back.replay_lost": {"en": "Back to the replay? It is {saved}.",
                              "zh": "离开这局，回到回放？这局{saved}。"},
    "quit.back.demo_lost": {"en": "Back to the demo? It is {saved}.",
                            "zh": "离开这局，回到演示？这局{saved}。"},
    "quit.back.replay_unsaved": {"en": "Leave this game for the replay?",
                                 "zh": "离开这局，回到回放？"},
    "quit.back.demo_unsaved": {"en": "Leave this game for the demo?", "zh": "离开这局，回到演示？"},
    "quit.remote_player": {"en": "Leave? A bot plays till you rejoin. Saved on the host's "
                                 "machine, not this one.",
                           "zh": "离开牌局？机器人代打你的座位，直到你再次加入；牌局保存在主机上，"
                                 "不在本机。"},
    "quit.remote_player_ends": {"en": "Leave? Leaving now ends the match; it is saved on the "
                                      "host's machine.",
                                "zh": "离开牌局？现在离开会结束本场比赛；牌局保存在主机上。"},
    "quit.remote_player_door": {"en": "Leave? A bot plays your seat on; once you have left, "
                                      "you cannot take it back.",
                                "zh": "离开牌局？之后由机器人代打你的座位：离开后无法再回到这个座位。"},
    "quit.remote_player_door_kept": {"en": "Leave? A bot plays your seat until you come in "
                                           "with this SSH key and sit down.",
                                     "zh": "离开牌局？机器人代打你的座位，直到你用同一个 SSH 密钥"
                                           "再进来并选择入座。"},
    "quit.remote_player_door_kept_web": {"en": "Leave? A bot plays your seat till you open "
                                               "this page again in this browser.",
                                         "zh": "离开牌局？机器人代打你的座位，直到你在这个浏览器里"
                                               "再次打开本页。"},
    "quit.remote_watcher": {"en": "Stop watching? The game goes on, saved on the host's "
                                  "machine.",
                            "zh": "不再观战？牌局继续，保存在主机上。"},
    "quit.room_host": {"en": "Close the table? Nothing has been played: everyone here is "
                             "sent away.",
                       "zh": "关闭牌桌？牌局还没开始：等候室里的所有人都会离开。"},
    "quit.room_player": {"en": "Leave the table? Your seat is freed for someone else.",
                         "zh": "离开牌桌？你的座位会空出来给别人（牌局还没开始）。"},
    "quit.room_watcher": {"en": "Stop watching? Nothing has been played yet.",
                          "zh": "不再观战？牌局还没开始。"},
    "quit.hosting": {"en": "Quitting closes your table for everyone (bhtui host --resume "
                           "reopens it).",
                     "zh": "你是本桌的主机：退出会让桌上所有人断开（bhtui host --resume 可重新开桌）。"},
    "quit.hosting_closes": {"en": "Quitting closes your table for everyone.",
                            "zh": "你是本桌的主机：退出会让桌上所有人断开。"},
    "quit.hosting_over": {"en": "Quitting closes your table for everyone; the match is over.",
                          "zh": "你是本桌的主机：退出会让桌上所有人断开；比赛已经结束。"},
    "quit.yes": {"en": "Quit (y)", "zh": "退出 (y)"},
    "quit.no": {"en": "Stay (n)", "zh": "取消 (n)"},
    "small": {"en": "Terminal too small ({w}×{h}).\nThis needs {need_w}×{need_h}: enlarge it.",
              "zh": "终端太小（当前为 {w}×{h}）。\n这里需要 {need_w}×{need_h}，请放大窗口。"},
    "key.play": {"en": "Play", "zh": "出牌"},
    "key.pass": {"en": "Pass", "zh": "不要"},
    "key.hint": {"en": "Hint", "zh": "提示"},
    "key.auto": {"en": "托管", "zh": "托管"},
    "key.standings": {"en": "Standings", "zh": "排名"},
    "key.dialog.auto": {"en": "托管", "zh": "托管"},
    "key.help": {"en": "Help", "zh": "帮助"},
    "key.quit": {"en": "Quit", "zh": "退出"},
    "key.clear": {"en": "Clear", "zh": "清除"},
    "key.theme": {"en": "Theme", "zh": "主题"},
    "help.title": {"en": "Help — keys and rules", "zh": "帮助 — 按键与规则"},
    "help.watch": {
        "en": ("KEYS (watching)\n"
               "  l the previous trick · " + CHAT_KEY["en"] + "v the score sheet\n"
               "  PgUp PgDn  scroll the log\n"
               "  F2 settings · ctrl+t theme · ?/F1 this help · ctrl+q quit"),
        "zh": ("按键（观战）\n"
               "  l 上一轮 · " + CHAT_KEY["zh"] + "v 每局得分\n"
               "  PgUp PgDn 翻看记录\n"
               "  F2 设置 · ctrl+t 主题 · ?/F1 帮助 · ctrl+q 退出")},
    "help.close": {"en": "↑↓ PgUp PgDn scroll · Esc closes this help.",
                   "zh": "↑↓ PgUp PgDn 翻看 · 按 Esc 关闭帮助。"},
    "trick.close": {"en": "Esc, l or Enter closes it.", "zh": "按 Esc、l 或回车关闭。"},
    "chat.title": {"en": "Say something (Tab: preset phrases)", "zh": "说点什么（Tab：常用语）"},
    "chat.title_watchers": {"en": "Say something to the other watchers: you see every hand",
                            "zh": "对其他观战者说点什么：你看得到所有手牌"},
    "chat.placeholder": {"en": "a short message, then Enter", "zh": "输入短消息后按回车"},
    "field.full": {"en": "At most {n} characters here: the rest was not typed",
                   "zh": "这里最多 {n} 个字符：多出的没有输入"},
    "key.chat": {"en": "Chat", "zh": "聊天"},
    "replay.status": {"en": "Action {k}/{n} · {round}{hands}", "zh": "第 {k}/{n} 步 · {round}{hands}"},
    "replay.all_hands": {"en": " · all hands shown", "zh": " · 显示所有手牌"},
    "replay.public": {"en": " · public view", "zh": " · 公开视角"},
    "replay.yours": {"en": " · your view", "zh": " · 你的视角"},
    # (托管 is the English texts' word for the bot that plays a seat for its player)
    "replay.by_bot": {"en": " (played by 托管)", "zh": "（机器人代打）"},
    "replay.seat_view": {"en": " · {name}'s view", "zh": " · {name}的视角"},
    "replay.see_all": {"en": " (v: all hands)", "zh": "（v：所有手牌）"},
    "replay.help": {
        "en": ("REPLAY KEYS\n"
               "  → ←  one action (or a round's end) on or back\n"
               "  ] [  to a trick's end, a round's end or a round's deal\n"
               "  PgDn PgUp  a round (a deal) · Home End  the start, the end\n"
               "  v  every hand (once they may be shown) · s  the seat seen\n"
               "  a  analyse that seat's decisions (again: stop) · n  next mistake\n"
               "  p  play on from here · d  this deal again\n"
               "  Esc  back to the demo (if it opened the replay) · ctrl+q  quit\n"
               "Below: the game's own help, as at its table."),
        "zh": ("回放按键\n"
               "  → ←  前进或后退一步（一局打完也是一步）· PgDn PgUp  一局\n"
               "  ] [  到一轮打完、一局打完或发牌处\n"
               "  Home End  开头、结尾 · v  所有手牌（可以公开时）\n"
               "  s  切换观看和分析的座位 · a  分析该座位的决定（再按停止）\n"
               "  n  下一个失误 · p  从这里接着打 · d  这一副重打\n"
               "  Esc  回到演示（由演示打开时） · ctrl+q  退出\n"
               "以下是这个游戏在牌桌上的帮助。"),
    },
    "replay.keys": {"en": "←/→ action · [/] trick · PgUp/PgDn round · Home/End · v all hands"
                          " · s seat",
                    "zh": "←/→ 一步 · [/] 一轮 · PgUp/PgDn 一局 · Home/End · v 所有手牌 · s 座位"},
    "replay.not_finished": {"en": "hands stay hidden: others sat at this game and it is not "
                                  "finished",
                            "zh": "有别人参加且牌局未结束，手牌不公开"},
    "replay.hands": {"en": "Hands", "zh": "手牌"},
    "settings.title": {"en": "Rules for this match", "zh": "本场规则"},
    "settings.preset": {"en": "Preset: {name}", "zh": "规则：{name}"},
    "settings.keys": {"en": "←/→ rule set · ↑↓ choose · Space switch on/off · {enter} · {leave}",
                      "zh": "←/→ 规则 · ↑↓ 选择 · 空格 开/关 · {enter} · {leave}"},
    "settings.enter_start": {"en": "Enter start", "zh": "回车 开始"},
    "settings.enter_apply": {"en": "Enter apply", "zh": "回车 确定"},
    "settings.leave_quit": {"en": "Esc quit", "zh": "Esc 退出"},
    "settings.leave_back": {"en": "Esc back", "zh": "Esc 返回"},
    "settings.presets": {"en": "Rule set (←/→ to change):", "zh": "规则（←/→ 切换）："},
    "settings.no_options": {"en": "This rule set has no options.", "zh": "此规则没有可选项。"},
    "key.settings.preset": {"en": "Rule set", "zh": "规则"},
    "key.room.options": {"en": "Rules", "zh": "规则"},
    "keyname.space": {"en": "space", "zh": "空格"},
    "key.settings.start": {"en": "Start", "zh": "开始"},
    "key.settings.apply": {"en": "Apply", "zh": "确定"},
    "key.settings.switch": {"en": "On/off", "zh": "开/关"},
    "key.settings.quit": {"en": "Quit", "zh": "退出"},
    "key.settings.back": {"en": "Back", "zh": "返回"},
    "key.result.continue": {"en": "Continue", "zh": "继续"},
    "key.result.take_back": {"en": "托管 off", "zh": "取消托管"},
    "key.help.close": {"en": "Close", "zh": "关闭"},
    "key.chat.close": {"en": "Close", "zh": "关闭"},
    "key.code.give_up": {"en": "Give up", "zh": "放弃"},
    "key.quit.yes": {"en": "Quit", "zh": "退出"},
    "key.quit.no": {"en": "Stay", "zh": "取消"},
    "key.room.ready": {"en": "Ready", "zh": "准备"},
    "key.room.bots": {"en": "Bots", "zh": "补机器人"},
    "key.room.start": {"en": "Start", "zh": "开始"},
    "key.room.remove": {"en": "Remove", "zh": "移除"},
    "key.room.move": {"en": "Move", "zh": "移动"},
    "key.room.chat": {"en": "Chat", "zh": "聊天"},
    "key.room.level": {"en": "Level", "zh": "难度"},
    "key.room.lobby": {"en": "Tables", "zh": "牌桌列表"},
    "key.room.leave": {"en": "Leave", "zh": "离开"},
    "key.menu.back": {"en": "Name", "zh": "改名字"},
    "key.menu.leave": {"en": "Quit", "zh": "退出"},
    "key.lobby.leave": {"en": "Quit", "zh": "退出"},
    "key.room.leave_yes": {"en": "Leave", "zh": "离开"},
    "room.leave_yes": {"en": "Leave (y)", "zh": "离开 (y)"},
    "room.leave_question": {"en": "Leave your seat and go back to the list of tables? It is "
                                  "freed for someone else.",
                            "zh": "离开座位，回到牌桌列表？你的座位会空出来给别人。"},
    "level.easy": {"en": "easy", "zh": "简单"},
    "level.normal": {"en": "normal", "zh": "普通"},
    "level.hard": {"en": "hard", "zh": "困难"},
    "room.keys.watcher": {"en": "You are watching · c chat · the host starts the match",
                          "zh": "你在观战 · c 聊天 · 由主机开始比赛"},
    "room.watcher_sits": {"en": "You are watching: watchers take no seat. To play, leave and "
                                "join the table as a player.",
                          "zh": "你在观战：观众不入座。想打牌，请退出后以玩家身份加入这张牌桌。"},
    "room.remove_self": {"en": "That is your own seat: x empties the others' seats",
                         "zh": "这是你自己的座位：x 只能移走别人"},
    "room.counter_on": {"en": "card counter (记牌器) on", "zh": "记牌器：开"},
    "room.counter_off": {"en": "card counter (记牌器) off", "zh": "记牌器：关"},
    "lobby.counter": {"en": "counter", "zh": "记牌器"},
    "key.lobby.pick": {"en": "Pick", "zh": "选择"},
    "key.demo.next": {"en": "Next chapter", "zh": "下一章"},
    "key.demo.end": {"en": "End of the tour", "zh": "导览结尾"},
    "key.demo.prev": {"en": "Previous", "zh": "上一章"},
    "key.demo.chapters": {"en": "Chapters", "zh": "目录"},
    "key.demo.list.close": {"en": "Close", "zh": "关闭"},
    "key.replay.next": {"en": "Next", "zh": "下一步"},
    "key.replay.prev": {"en": "Back", "zh": "上一步"},
    "key.replay.hands": {"en": "Hands", "zh": "手牌"},
    "room.title": {"en": "Waiting room — {table} ({preset})", "zh": "等候室 — {table}（{preset}）"},
    "room.address": {"en": "Others join with:\n{command}", "zh": "其他人加入：\n{command}"},
    "room.name": {"en": "<name>", "zh": "<名字>"},
    "room.empty": {"en": "(empty)", "zh": "（空）"},
    "room.bot": {"en": "bot", "zh": "机器人"},
    "room.ready": {"en": "ready", "zh": "准备好了"},
    "room.spectators": {"en": "{n} watching", "zh": "{n} 人观战"},
    "room.watchers": {"en": "{n} watching: {names}", "zh": "{n} 人观战：{names}"},
    "room.keys.admin": {"en": "r ready · b fill empty seats with bots · 1-{n} pick a seat, then x remove or m + 1-{n} move · o rules · c chat · Enter start",
                        "zh": "r 准备 · b 空位补机器人 · 1-{n} 选座位后 x 移除，或 m + 1-{n} 移动 · o 规则 · c 聊天 · 回车 开始"},
    "room.keys.admin.levels": {"en": "r ready · b fill empty seats with bots · 1-{n} pick a seat, then x remove, l bot level or m + 1-{n} move · o rules · c chat · Enter start",
                               "zh": "r 准备 · b 空位补机器人 · 1-{n} 选座位后 x 移除、l 机器人难度，或 m + 1-{n} 移动 · o 规则 · c 聊天 · 回车 开始"},
    "status.no_key": {"en": "{press} does nothing here: ? lists the keys",
                      "zh": "{press} 在这里没有作用：按 ? 查看按键"},
    "help.no_key": {"en": "{press} does nothing here: the keys are on this page (Esc closes it)",
                    "zh": "{press} 在这里没有作用：按键就在这一页（按 Esc 关闭）"},
    "status.watching_key": {"en": "You are watching: {press} is a player's key",
                            "zh": "你在观战：{press} 是玩家的按键"},
    "dialog.must": {"en": "{press} does nothing here: the table waits for your choice (its "
                          "keys are below)",
                    "zh": "{press}键在这里没有作用：牌桌在等你选择（按下方列出的键）"},
    "help.room": {"en": "In the waiting room: {keys}. Once the match starts, the table's keys below are yours.",
                  "zh": "等候室：{keys}。比赛开始后，使用下面牌桌上的按键。"},
    "help.room.host": {"en": "In the waiting room: {keys}. Enter starts the match once everyone seated is ready; while someone is not, Enter names them and a second Enter starts all the same (empty seats get bots). Once the match starts, the table's keys below are yours.",
                       "zh": "等候室：{keys}。入座的人都准备好后，回车开始比赛；有人还没准备时，回车先列出他们，再按一次回车仍然开始（空位由机器人补上）。比赛开始后，使用下面牌桌上的按键。"},
    "room.called": {"en": "The host is waiting for you: press r when you are ready (the host "
                          "may start the match all the same).",
                    "zh": "主机在等你：准备好了请按 r（主机也可以不等你直接开始）。"},
    "room.not_ready": {"en": "Not ready yet: {names}. Enter again starts the match all the same.",
                       "zh": "还没准备好：{names}。再按一次回车仍然开始比赛。"},
    "room.keys.player": {"en": "r ready · 1-{n} change seat · c chat · the host starts the match",
                         "zh": "r 准备 · 1-{n} 换座位 · c 聊天 · 由主机开始比赛"},
    "room.keys.player.old": {"en": "r ready · c chat · the host starts the match (choosing "
                                   "your seat needs a newer bhtui at the host)",
                             "zh": "r 准备 · c 聊天 · 由主机开始比赛（自选座位需要主机用更新的 bhtui）"},
    "room.sit_old": {"en": "This host runs an older bhtui: only the host can move you to "
                           "another seat (choosing your own needs a newer version there).",
                     "zh": "主机的 bhtui 版本较旧：只有主机能给你换座位（自选座位需要主机更新版本）。"},
    "refused.sit.seat": {"en": "that is not a seat's number", "zh": "那不是座位号"},
    "refused.sit.watcher": {"en": "watchers have no seat to change: join the table as a player",
                            "zh": "观战者没有座位可换：请以玩家身份加入"},
    "refused.sit.started": {"en": "the match has started: the seats are fixed",
                            "zh": "比赛已经开始：座位不能再换"},
    "refused.sit.range": {"en": "this table has no such seat", "zh": "这张牌桌没有这个座位"},
    "refused.sit.taken": {"en": "someone sits there: pick an empty seat or a bot's",
                          "zh": "那个座位有人了：请选空位或机器人的座位"},
    "lobby.title": {"en": "Tables on this network", "zh": "局域网中的牌桌"},
    "lobby.none": {"en": "Looking for tables… (or: bhtui join HOST:PORT)",
                   "zh": "正在寻找牌桌…（或：bhtui join 主机:端口）"},
    "lobby.keys": {"en": "↑↓ choose · Enter {what} · ctrl+q quit", "zh": "↑↓ 选择 · 回车 {what} · ctrl+q 退出"},
    "lobby.left_out": {"en": "More tables are advertised than the {n} listed: the rest are left out.",
                       "zh": "广播的牌桌超过列出的 {n} 张：其余的未列出。"},
    "lobby.join": {"en": "take a seat", "zh": "入座"},
    "lobby.watch": {"en": "watch", "zh": "观战"},
    "menu.name": {"en": "Your name at the table:", "zh": "你在牌桌上的名字："},
    "menu.placeholder": {"en": "name, then Enter", "zh": "输入名字后按回车"},
    "menu.name_first": {"en": "Type your name first", "zh": "请先输入名字"},
    "menu.unkept_ssh": {"en": "You came in without an SSH key: if your link drops, you lose "
                              "your seat. Come in with a key (ssh-keygen makes one) to keep it.",
                        "zh": "你登录时没有使用 SSH 密钥：\n连接一旦断开，你就会失去座位。\n"
                              "用密钥登录（可用 ssh-keygen 生成）即可保留座位。"},
    "menu.unkept_web": {"en": "This browser keeps no cookie for this page: if the page reloads "
                              "or your link drops, you lose your seat.",
                        "zh": "这个浏览器没有为本页保存 cookie：\n页面一旦重新加载或连接断开，"
                              "你就会失去座位。"},
    "lobby.col.table": {"en": "Table", "zh": "牌桌"},
    "lobby.col.host": {"en": "Host", "zh": "主机"},
    "lobby.col.preset": {"en": "Rules", "zh": "规则"},
    "lobby.col.seats": {"en": "Seats", "zh": "座位"},
    "code.title": {"en": "This table needs a join code", "zh": "该牌桌需要入桌码"},
    "code.wrong": {"en": "Wrong join code: try again (an empty one gives up)",
                   "zh": "入桌码不对：请再试一次（留空则放弃）"},
    "code.changed": {"en": "The table no longer takes your join code: its host may have "
                           "reopened it with a new one. Type the new code (an empty one leaves)",
                     "zh": "牌桌不再接受你的入桌码：主机可能已用新的入桌码重新开桌。"
                           "请输入新的入桌码（留空则离开）"},
    "code.placeholder": {"en": "join code, then Enter", "zh": "入桌码，输完按回车"},
    "refused.title": {"en": "Could not join: {reason}", "zh": "无法加入：{reason}"},
    "refused.title_watch": {"en": "Could not watch: {reason}", "zh": "无法观战：{reason}"},
    "refused.watch": {"en": "To watch it: bhtui watch {address}", "zh": "观战：bhtui watch {address}"},
    "refused.watch_door": {"en": "To watch it, come in again and choose to watch.",
                           "zh": "想观战：请重新进入，选择观战。"},
    "refused.keys": {"en": "Press any key to leave.", "zh": "按任意键退出。"},
    "refused.keys_lobby": {"en": "Press any key to go back to the list of tables.",
                           "zh": "按任意键返回牌桌列表。"},
    "refused.again": {"en": "To come back with the table's new code:\n  {command}",
                      "zh": "拿到牌桌的新入桌码后，这样回来：\n  {command}"},
    "refused.left": {"en": "Left the table: {reason}", "zh": "已离开牌桌：{reason}"},
    "bye.title": {"en": "The host closed the table — waiting for it to reopen (q leaves)\n"
                        "{reason}",
                  "zh": "主机已关闭牌桌——正在等待重新开桌（按 q 离开）\n{reason}"},
    "bye.room": {"en": "The game had not begun. When the host opens a table again, run the "
                       "same command again:\n  {command}",
                 "zh": "牌局尚未开始。主机再次开桌后，再运行同一条命令即可：\n  {command}"},
    "bye.player": {"en": "The game is saved on the host's machine and your seat is kept. When "
                         "the host reopens the table there with\n  bhtui host --resume\nyou are "
                         "back in your seat by yourself. If you leave, take it back later with"
                         "\n  {command}",
                   "zh": "牌局已保存在主机上，座位为你保留。主机在那台机器上运行\n"
                         "  bhtui host --resume\n重新开桌后，你会自动回到你的座位。"
                         "若现在离开，之后可运行\n  {command}\n回到座位。"},
    "bye.watcher": {"en": "The game is saved on the host's machine. When the host reopens the "
                          "table there with\n  bhtui host --resume\nyou watch it again by "
                          "yourself. If you leave, watch it later with\n  {command}",
                    "zh": "牌局已保存在主机上。主机在那台机器上运行\n  bhtui host --resume\n"
                          "重新开桌后，你会自动继续观战。若现在离开，之后可运行\n  {command}\n"
                          "继续观战。"},
    "bye.room_door": {"en": "The game had not begun. When the host opens a table again, come in "
                            "again.",
                      "zh": "牌局尚未开始。主机再次开桌后，请重新进入。"},
    "bye.player_door": {"en": "The game is saved on the host's machine. Stay on this screen: when "
                              "the host reopens the table, you are back in your seat by yourself. "
                              "If you leave, your seat is no longer kept for you.",
                        "zh": "牌局已保存在主机上。请留在这个画面：主机重新开桌后，你会自动回到你的"
                              "座位。若现在离开，座位就不再为你保留。"},
    "bye.player_door_kept": {"en": "The game is saved on the host's machine. Stay on this screen: "
                                   "when the host reopens the table, you are back in your seat by "
                                   "yourself. If you leave, come in again then with the same SSH "
                                   "key and take a seat.",
                             "zh": "牌局已保存在主机上。请留在这个画面：主机重新开桌后，你会自动回到你的"
                                   "座位。若现在离开，届时用同一个 SSH 密钥再进来并选择入座即可。"},
    "bye.player_door_kept_web": {"en": "The game is saved on the host's machine. Stay on this "
                                       "screen: when the host reopens the table, you are back "
                                       "in your seat by yourself. If you leave, open this page "
                                       "again then in this browser and take a seat.",
                                 "zh": "牌局已保存在主机上。请留在这个画面：主机重新开桌后，你会自动回到"
                                       "你的座位。若现在离开，届时在这个浏览器里再次打开本页并选择入座即可。"},
    "bye.watcher_door": {"en": "The game is saved on the host's machine. Stay on this screen: "
                               "when the host reopens the table, you watch it again by yourself.",
                         "zh": "牌局已保存在主机上。请留在这个画面：主机重新开桌后，你会自动继续观战。"},
    "bye.over": {"en": "The match is over. It is saved on the host's machine, where bhtui "
                       "replay shows it again.",
                 "zh": "比赛已结束。牌局保存在主机上，在那台机器上运行 bhtui replay 可以回看。"},
    "bye.gone": {"en": "The host closed the table.\n{reason}", "zh": "主机已关闭牌桌。\n{reason}"},
    "bye.code": {"en": "<join-code>", "zh": "<入桌码>"},
    "bye.keys": {"en": "Press Enter or q to leave.", "zh": "按回车或 q 退出。"},
    "refused.replaced": {"en": "this seat was taken over from another window or machine",
                         "zh": "此座位已被另一个窗口或另一台机器接管"},
    "refused.malformed": {"en": "the table's host broke the protocol ({reason})",
                          "zh": "牌桌主机违反了通信协议（{reason}）"},
    "refused.hello": {"en": "the table's host turned our greeting away ({reason})",
                      "zh": "牌桌主机拒绝了我们的问候（{reason}）"},
    "refused.protocol": {"en": "the table's host says we broke the protocol ({reason})",
                         "zh": "牌桌主机说我们违反了通信协议（{reason}）"},
    "connecting": {"en": "Connecting to {address}…", "zh": "正在连接 {address}…"},
    "unreachable.refused": {
        "en": "nothing answers on {address} (connection refused). Is the table running, and is "
              "that the port bhtui host printed? bhtui join (or watch) without an address "
              "lists the tables on your network.",
        "zh": "{address} 无人应答（连接被拒绝）。牌桌开着吗？端口是 bhtui host 显示的那个吗？"
              "不带地址运行 bhtui join（或 watch）可列出局域网里的牌桌。"},
    "unreachable.timeout": {
        "en": "no answer from {address}. Check the address, that you are on the same network, "
              "and that the host's firewall lets the port in.",
        "zh": "{address} 没有回应。请检查地址、是否在同一网络，以及主机的防火墙是否放行该端口。"},
    "unreachable.name": {
        "en": "cannot find the machine of {address}. Check the name, or use its IP address.",
        "zh": "找不到 {address} 这台机器。请检查名字，或改用 IP 地址。"},
    "unreachable.stranger": {
        "en": "what answers on {address} is not a bhtui table. Is that the port bhtui host "
              "printed?",
        "zh": "{address} 上应答的不是 bhtui 牌桌。端口是 bhtui host 显示的那个吗？"},
    "unreachable.gone": {"en": "nothing answers on {address} any more: that table has closed",
                         "zh": "{address} 已无人应答：这张牌桌已经关闭"},
    "unreachable.door": {"en": "the table at {address} does not answer now: try again later, or "
                               "tell whoever runs this door",
                         "zh": "{address} 的牌桌现在没有应答：请稍后再试，或告诉运行这个入口的人"},
    "unreachable.other": {"en": "{reason}", "zh": "{reason}"},
    "refused.clear": {"en": "this host runs bhtui {app}, which does not encrypt its tables: "
                            "it needs the same version as yours",
                      "zh": "该主机运行的是 bhtui {app}，它的牌桌不加密：需要与你相同的版本"},
    "refused.version": {"en": "this host runs bhtui {app}, whose protocol ({protocols}) "
                              "differs: you both need the same version",
                        "zh": "该主机运行的是 bhtui {app}，通信协议不同（{protocols}）：双方需要相同版本"},
    "refused.busy": {"en": "the table is busy with other connections: try again",
                     "zh": "牌桌正忙于处理其他连接：请稍后再试"},
    "refused.full.seats": {"en": "no free seat at this table; you can watch",
                           "zh": "这张牌桌没有空座位了；你可以观战"},
    "refused.full.spectators": {"en": "this table has as many spectators as it can take",
                                "zh": "这张牌桌的观战人数已满"},
    "refused.full.address": {"en": "too many spectators from your address",
                             "zh": "来自你这个地址的观战者太多了"},
    "refused.code.needed": {"en": "this table needs its join code",
                            "zh": "这张牌桌需要入桌码"},
    "refused.code.wrong": {"en": "wrong join code", "zh": "入桌码不对"},
    "refused.cooldown.codes": {
        "en": "too many wrong join codes at this table: try again in {seconds} s",
        "zh": "在这张牌桌输错入桌码的次数太多：请 {seconds} 秒后再试"},
    "refused.open.open": {
        "en": "this table shows its spectators every hand (--open-spectating), so nobody "
              "watches it from the machine of a player at it, nor plays from a machine that "
              "watches it",
        "zh": "这张牌桌向观战者亮出每个人的牌（--open-spectating），所以不能在同桌玩家的"
              "机器上观战，也不能在观战的机器上入座"},
    "refused.codeless": {
        "en": "this table asks for no join code, but you have one: it may not be the table you "
              "were invited to, or its host turned the code off",
        "zh": "该牌桌不需要入桌码，但你带着入桌码：它可能不是邀请你的那张牌桌，也可能是主机关掉了入桌码"},
    "refused.codeless_how": {"en": "If you trust it, connect again without the code:\n  {command}",
                             "zh": "若信任它，请不带入桌码重新连接：\n  {command}"},
    "refused.codeless_env": {
        "en": "BHTUI_CODE is set (to host a table?) and gives every join its code. If you "
              "trust this table, connect again without it:\n  {command}",
        "zh": "已设置环境变量 BHTUI_CODE（也许是为开桌设的），每次加入都会带上它。"
              "若信任这张牌桌，请不带它重新连接：\n  {command}"},
    "status.watching": {"en": "Watching", "zh": "观战中"},
    "log.match_end": {"en": "Match over", "zh": "比赛结束"},
    "log.chat": {"en": "{name}: {text}", "zh": "{name}：{text}"},
    "log.chat.watching": {"en": "{name} (watching): {text}", "zh": "{name}（观战）：{text}"},
    "log.new_match": {"en": "— 再来一局: a new match at the same seats —", "zh": "—— 再来一局 ——"},
    "log.left": {"en": "{name} left the table: a bot plays the seat until {name} is back",
                 "zh": "{name} 离开了牌桌：回来之前由机器人代打"},
    "log.back": {"en": "{name} is back at the table", "zh": "{name} 回到了牌桌"},
    # The host quit (his table's ``bye``) and ran bhtui host --resume (its next welcome).
    "log.closed": {"en": "The host closed the table; the game is saved on the host's machine",
                   "zh": "主机关闭了牌桌；牌局保存在主机上"},
    "log.unsaved": {"en": "The game can no longer be saved ({reason}): it goes on unsaved from "
                          "here; what was saved before is kept",
                    "zh": "牌局无法再保存（{reason}）：从这里起照常进行但不再保存；之前保存的部分仍保留"},
    "log.reopened": {"en": "The host reopened the table; the game goes on",
                     "zh": "主机重新开桌了；牌局继续"},
    # Back at the table after an absence: what a bot played for me meanwhile (TableModel).
    "log.away.bot": {"en": "A bot for you", "zh": "机器人替你"},
    "log.auto_passed": {"en": " (auto-pass: nothing in your hand beat it)",
                        "zh": "（自动不要：手里没有压得过的牌）"},
    # "Welcome back. While you were away " and what it says (said) as one sentence; with the
    # decisions the bot made for me (the log's own lines), those first, after a colon.
    "log.away.back": {"en": "Welcome back. While you were away {said}", "zh": "欢迎回来。你离开时{said}"},
    "log.away.decided": {"en": "Welcome back. While you were away: {told}",
                         "zh": "欢迎回来。你离开时：{told}"},
    "log.away.and": {"en": "; ", "zh": "；"},
    "log.away.plays": {"en": "a bot played for you: {sets}", "zh": "机器人替你出牌：{sets}"},
    "log.away.many": {"en": "a bot played {n} times for you (the log shows them)",
                      "zh": "机器人替你出了 {n} 次牌（见记录）"},
    "log.away.passes": {"en": "; it passed {n}×", "zh": "；不要 {n} 次"},
    "log.away.passed": {"en": "a bot passed for you ({n}×)", "zh": "机器人替你不要了 {n} 次"},
    # The status line's words for it (78 cells): the moves alone counted in a sentence
    # ({listed}: status.away.listed, or nothing), or the bot named once, then what it did.
    "status.away.counted": {"en": "Welcome back. A bot {counted} for you{listed}",
                            "zh": "欢迎回来。机器人替你{counted}{listed}"},
    "status.away.bot": {"en": "Welcome back. A bot for you: {text}", "zh": "欢迎回来。机器人替你：{text}"},
    "status.away.played": {"en": "played {n}×", "zh": "出牌 {n} 次"},
    "status.away.passed": {"en": "passed {n}×", "zh": "不要 {n} 次"},
    "status.away.both": {"en": "{played} and {passed}", "zh": "{played}、{passed}"},
    "status.away.listed": {"en": " (the log lists them)", "zh": "（见记录）"},
    "log.away.nothing": {"en": "Welcome back. Nothing was played for you while you were away",
                         "zh": "欢迎回来。你离开期间没有替你出牌"},
    "log.timed_out": {"en": "Your time ran out: 托管 plays for you ({key_auto} takes the seat back)",
                      "zh": "超时：托管替你出牌（按 {key_auto} 取消）"},
    "log.auto_back": {"en": "托管 off: you play your own cards again ({key_auto} turns it on)",
                      "zh": "已取消托管：你自己出牌（按 {key_auto} 重新托管）"},
    "status.timed_out": {"en": "Time ran out: 托管 is on — press {key_auto} to play yourself",
                         "zh": "超时，已托管——按 {key_auto} 自己出牌"},
    "status.auto_passed": {"en": "Nothing in your hand beats {set}: passed for you (auto-pass, F2)",
                           "zh": "手里没有压得过 {set} 的牌：已自动不要（F2 可关闭）"},
    "status.sort.rank": {"en": "Hand sorted by rank (o: by group size)", "zh": "按点数排序（o：按张数）"},
    "status.sort.size": {"en": "Hand sorted by group size (o: by rank)", "zh": "按张数排序（o：按点数）"},
    "status.not_saved": {"en": "Settings not saved: {reason}", "zh": "设置未保存：{reason}"},
    "farewell.kept": {"en": "this game is saved in {path} (bhtui replay shows it)",
                      "zh": "本局已保存在 {path}（bhtui replay 可以回看）"},
    "farewell.kept_lost": {"en": "this game is {saved}, in {path}: bhtui replay {path} shows "
                                 "that much, and p there plays on from its last move",
                           "zh": "本局{saved}，记录在 {path}：bhtui replay {path} 可以回看这部分，"
                                 "在那里按 p 从最后一步接着打"},
    "farewell.started_lost": {"en": "the game you started from {source} is {saved}, in {path}: "
                                    "bhtui replay {path} shows that much",
                              "zh": "你从{source}开始的那局{saved}，记录在 {path}：bhtui replay "
                                    "{path} 可以回看这部分"},
    "farewell.hosted_lost": {"en": "this table is {saved}, in {path}; bhtui host --resume {path} "
                                   "opens it again from there",
                             "zh": "这张牌桌{saved}，记录在 {path}；bhtui host --resume {path} "
                                   "可以从那里重新开桌"},
    "farewell.match_lost": {"en": "a match played earlier at this table is {saved}, in {path} "
                                  "(bhtui replay shows that much)",
                            "zh": "这张牌桌之前的一场比赛{saved}，记录在 {path}（bhtui replay "
                                  "可以回看这部分）"},
    "farewell.totals": {"en": "totals after round {n}: {totals}", "zh": "第{n}局后总分：{totals}"},
    "farewell.totals_since": {"en": "totals after round {n}, with round {m}'s penalties ({since}): "
                                    "{totals}",
                              "zh": "第{n}局后总分（含第{m}局罚分：{since}）：{totals}"},
    "farewell.totals_first": {"en": "totals with round {m}'s penalties ({since}): {totals}",
                              "zh": "总分（含第{m}局罚分：{since}）：{totals}"},
    "farewell.kept_on": {"en": "this game is saved in {path}: to play it on, run bhtui replay "
                               "{path}, press End (its last move), then p (play on)",
                         "zh": "本局已保存在 {path}：想接着打，运行 bhtui replay {path}，按 End "
                               "跳到最后一步，再按 p 接着打"},
    # A game played on from a replay (p, d) and left for it: "this game" was read as the one
    # quit, the demo, which saves none
    "farewell.started": {"en": "the game you started from {source} is saved in {path} (bhtui "
                               "replay shows it)",
                         "zh": "你从{source}开始的那局已保存在 {path}（bhtui replay 可以回看）"},
    "farewell.started_on": {"en": "the game you started from {source} is saved in {path}: to play "
                                  "it on, run bhtui replay {path}, press End (its last move), "
                                  "then p (play on)",
                            "zh": "你从{source}开始的那局已保存在 {path}：想接着打，运行 bhtui "
                                  "replay {path}，按 End 跳到最后一步，再按 p 接着打"},
    "source.replay": {"en": "the replay", "zh": "回放"},
    "source.demo": {"en": "the demo", "zh": "演示"},
    "farewell.hosted": {"en": "this table is saved in {path}; bhtui host --resume {path} opens "
                              "it again",
                        "zh": "这张牌桌已保存在 {path}；bhtui host --resume {path} 可以重新开桌"},
    "farewell.hosted_over": {"en": "this match is over and saved in {path}; bhtui replay {path} "
                                   "shows it",
                             "zh": "本场比赛已结束，保存在 {path}；bhtui replay {path} 可以回看"},
    "farewell.remote": {"en": "this game is saved on the host's machine, not on yours: bhtui "
                              "replay there shows it",
                        "zh": "本局保存在主机上，不在你的机器上：在主机上运行 bhtui replay 可以回看"},
    # A toast over the log's top lines: short, and soon gone
    "replay.newest": {"en": "Newest game here: {kind}, {when}. Games you joined are on their "
                            "host.",
                      "zh": "本机最新的牌局：{kind}，{when}。你加入的牌局在主机上。"},
    "replay.newest_read": {"en": "Newest game here that can be read: {kind}, {when}. Games you "
                                 "joined are on their host.",
                           "zh": "本机能读取的最新牌局：{kind}，{when}。你加入的牌局在主机上。"},
    "replay.kind.bots": {"en": "against bots", "zh": "人机对局"},
    "replay.kind.hosted": {"en": "a table you hosted", "zh": "你开的牌桌"},
    "farewell.earlier": {"en": "a match played earlier at this table is saved in {path}",
                         "zh": "这张牌桌之前的一场比赛保存在 {path}"},
    "farewell.match": {"en": "a match played earlier at this table ended {totals}; it is saved "
                             "in {path} (bhtui replay shows it)",
                       "zh": "这张牌桌之前的一场比赛最终总分：{totals}；保存在 {path}（bhtui replay "
                             "可以回看）"},
    "farewell.seat": {"en": "you left the table and a bot plays your seat; to take it back: "
                            "{command}",
                      "zh": "你已离开牌桌，机器人替你打；要回到座位：{command}"},
    "hint.thinking": {"en": "Hint: thinking…", "zh": "提示：思考中…"},
    "hint.more": {"en": "Hint: {set} — {key_play} plays it, {key_hint} again for another",
                  "zh": "提示：{set} — {key_play} 出牌，再按 {key_hint} 换一手"},
    "hint.one": {"en": "Hint: {set} — {key_play} plays it", "zh": "提示：{set} — {key_play} 出牌"},
    "hint.or_pass": {"en": "Or pass on {set} and keep your cards ({key_pass} or {key_play}), "
                           "{key_hint} for the hint",
                     "zh": "也可以先不压 {set}，选“不要”留着牌（{key_pass} 或 {key_play}），"
                           "{key_hint} 回到提示"},
    "hint.another": {"en": "{n} of {of}: {set} — {key_play} plays it, {key_hint} for the next",
                     "zh": "第 {n}/{of} 手：{set} — {key_play} 出牌，{key_hint} 看下一手"},
    "hint.pass": {"en": "Nothing beats {set} — pass ({key_pass} or {key_play})",
                  "zh": "没有压得过 {set} 的牌 — 不要（{key_pass} 或 {key_play}）"},
    "hint.hold": {"en": "Hint: pass on {set} and keep your cards ({key_pass} or {key_play})",
                  "zh": "提示：先不压 {set}，选“不要”留着手里的牌（{key_pass} 或 {key_play}）"},
    "result.hands": {"en": "Still in hand:", "zh": "剩余手牌："},
    "result.auto": {"en": "Next round in {n} s — Enter now", "zh": "{n} 秒后下一局 — 回车立即继续"},
    "result.auto_last": {"en": "The standings in {n} s — Enter now", "zh": "{n} 秒后看总排名 — 回车立即继续"},
    "result.auto_watch": {"en": "This closes in {n} s — Enter closes it now",
                          "zh": "{n} 秒后关闭 — 回车立即关闭"},
    "end.title": {"en": "Match over", "zh": "比赛结束"},
    "end.place": {"en": "Place", "zh": "名次"},
    "end.keys": {"en": "Enter: 再来一局 play again (same seats) · Esc: back to the table",
                 "zh": "回车：再来一局（座位不变） · Esc：回到牌桌"},
    "end.wait": {"en": "Waiting for the host: 再来一局 starts at the same seats · Esc: table",
                 "zh": "等待主机再来一局（座位不变） · Esc：回到牌桌"},
    "end.closes": {"en": "Nobody here starts 再来一局: the table closes soon · Esc: table",
                   "zh": "这张牌桌无人主持再来一局，即将关闭 · Esc：回到牌桌"},
    "trick.previous": {"en": "The previous trick", "zh": "上一轮"},
    "trick.none": {"en": "No trick has been finished yet.", "zh": "本局还没有打完的一轮。"},
    "key.previous_trick": {"en": "Last trick", "zh": "上一轮"},
    "key.scores": {"en": "Scores", "zh": "计分"},
    "key.scores.close": {"en": "Close", "zh": "关闭"},
    "key.end.scores": {"en": "Scores", "zh": "计分"},
    "scores.title": {"en": "Every round's scores", "zh": "每局得分"},
    "scores.none": {"en": "No round has ended yet.", "zh": "还没有打完的局。"},
    "scores.close": {"en": "↑ ↓ PgUp PgDn scroll · Esc, v or Enter closes it.",
                     "zh": "↑ ↓ PgUp PgDn 翻看 · 按 Esc、v 或回车关闭。"},
    "key.end.again": {"en": "Play again", "zh": "再来一局"},
    "key.end.close": {"en": "Table", "zh": "牌桌"},
    "key.trick.close": {"en": "Close", "zh": "关闭"},
    "key.prefs.change": {"en": "Change", "zh": "更改"},
    "key.prefs.save": {"en": "Save", "zh": "保存"},
    "key.prefs.cancel": {"en": "Cancel", "zh": "取消"},
    "key.preferences": {"en": "Settings", "zh": "设置"},
    "prefs.title": {"en": "Settings (saved to {path})", "zh": "设置（保存到 {path}）"},
    "prefs.title_visit": {"en": "Settings (kept for this visit)", "zh": "设置（本次访问有效）"},
    "prefs.title_unsaved": {"en": "Settings for this run ({path} is unreadable: mend it to save)",
                            "zh": "设置仅本次有效（{path} 无法读取：修好后才能保存）"},
    # A toast (37 cells at 80 columns, Textual breaks it at any space): a line each, the
    # number glued to its measure word (设置有 2 / 处问题 was split).
    # Each problem says what comes of it ("using felt", "this game is played unsaved"): the
    # count claims no one consequence for them all
    "warnings.some": {"en": "{n} problems with the settings, each saying what bhtui does "
                            "instead:\n{key_problems} lists them",
                      "zh": "设置有{n}处问题，各自说明了后果：\n按 {key_problems} 查看"},
    "warnings.title": {"en": "Problems with the settings ({n})", "zh": "设置中的问题（{n} 处）"},
    "warnings.none": {"en": "No problems with the settings.", "zh": "设置没有问题。"},
    "warnings.seat_unsaved": {"en": "Your seat could not be written down ({path}: {reason}): "
                                    "the game goes on, but after a restart bhtui join cannot "
                                    "bring you back to it",
                              "zh": "无法记下你的座位（{path}：{reason}）：牌局照常进行，但重启后 "
                                    "bhtui join 无法让你回到这个座位"},
    "warnings.log_lost": {"en": "This game's log {path} cannot be written ({reason}): the game "
                                "goes on unsaved from here.",
                          "zh": "本局的记录 {path} 无法写入（{reason}）：牌局照常进行，但从这里起不再保存。"},
    "warnings.log_lost_local": {"en": "What was saved before stays readable: bhtui replay {path} "
                                      "shows it, and p there plays on from its last move.",
                                "zh": "之前保存的部分仍可读取：bhtui replay {path} 可以回看，在那里按 p "
                                      "从最后一步接着打。"},
    "warnings.log_lost_hosted": {"en": "What was saved before stays readable: bhtui host "
                                       "--resume {path} opens the table again from there.",
                                 "zh": "之前保存的部分仍可读取：bhtui host --resume {path} 可以从那里重新开桌。"},
    "warnings.log_unmade": {"en": "No log of this match can be made in {folder} ({reason}): it "
                                  "is played unsaved.",
                            "zh": "无法在 {folder} 中为本场比赛建立记录（{reason}）：本场照常进行，但不会保存。"},
    # The toast of the two above, F3 (and the terminal at the end) giving them whole: a Match
    # over box leaves four rows under it at 80x24, and the toast went on past the screen's end
    "warnings.log_lost_toast": {"en": "This game can no longer be saved ({reason}): it goes on "
                                      "unsaved. {key_problems} says more.",
                                "zh": "本局无法再保存（{reason}）：牌局照常进行，但不再保存。"
                                      "按 {key_problems} 查看详情。"},
    "warnings.log_unmade_toast": {"en": "This match cannot be saved ({reason}): it is played "
                                        "unsaved. {key_problems} says more.",
                                  "zh": "本场比赛无法保存（{reason}）：照常进行，但不会保存。"
                                        "按 {key_problems} 查看详情。"},
    "warnings.close": {"en": "↑↓ PgUp PgDn scroll · Esc closes · the terminal shows them too "
                             "once bhtui ends",
                       "zh": "↑↓ PgUp PgDn 翻看 · 按 Esc 关闭 · 退出后终端里也会列出"},
    "prefs.name": {"en": "Your name at the table (next start):", "zh": "你在牌桌上的名字（下次启动生效）："},
    "prefs.name_flag": {"en": "Your name at the table (next start; {now} now, from {flag}):",
                        "zh": "你在牌桌上的名字（下次启动生效；本次为 {now}，来自 {flag}）："},
    "prefs.keys": {"en": "↑↓ choose · ←→/Space change · Tab name · ctrl+s save · Esc cancel",
                   "zh": "↑↓ 选择 · ←/→ 或空格 更改 · Tab 名字 · ctrl+s 保存 · Esc 取消"},
    "prefs.theme": {"en": "Theme", "zh": "主题"},
    "prefs.language": {"en": "Language (next start)", "zh": "语言（下次启动生效）"},
    "prefs.card_style": {"en": "Card style (next start)", "zh": "牌面样式（下次启动生效）"},
    "prefs.four_colour": {"en": "Four suit colours (next start)", "zh": "四色花色（下次启动生效）"},
    "prefs.timer": {"en": "Turn timer for your tables (next match)", "zh": "出牌计时（下一场生效）"},
    "prefs.result_seconds": {"en": "Result shown under 托管 for", "zh": "托管时结果显示"},
    "prefs.bot_delay": {"en": "Bots wait (next match)", "zh": "机器人等待（下一场生效）"},
    "prefs.auto_pass": {"en": "Auto-pass when nothing beats the table", "zh": "压不过时自动不要"},
    "prefs.bell": {"en": "Bell when it is your turn or a decision", "zh": "轮到你或要你决定时响铃"},
    "prefs.sort": {"en": "Sort the hand by", "zh": "手牌排序"},
    "prefs.sort.rank": {"en": "rank", "zh": "按点数"},
    "prefs.sort.size": {"en": "group size", "zh": "按张数"},
    "prefs.item": {"en": "{name}: {value}", "zh": "{name}：{value}"},
    "prefs.item_flag": {"en": "{name}: {value} · {now} now ({flag})",
                        "zh": "{name}：{value} · 本次为{now}（{flag}）"},
    "prefs.seconds": {"en": "{n} s", "zh": "{n} 秒"},
    "prefs.theme.felt": {"en": "felt", "zh": "毛毡"},
    "prefs.theme.dark": {"en": "dark", "zh": "深色"},
    "prefs.theme.light": {"en": "light", "zh": "浅色"},
    "prefs.theme.contrast": {"en": "high contrast", "zh": "高对比度"},
    "prefs.language.en": {"en": "English", "zh": "英文"},
    "prefs.language.zh": {"en": "Chinese", "zh": "中文"},
    "prefs.card_style.unicode": {"en": "suit symbols", "zh": "花色符号"},
    "prefs.card_style.letters": {"en": "suit letters", "zh": "花色字母"},
    "prefs.card_style.ascii": {"en": "ASCII only", "zh": "仅 ASCII"},
    "prefs.bots": {"en": "Bots' level (next match)", "zh": "机器人难度（下一场生效）"},
    "prefs.assist": {"en": "托管 and hints play at", "zh": "托管和提示的难度"},
    "prefs.off": {"en": "off", "zh": "关"},
    "prefs.by_language": {"en": "by language", "zh": "按语言"},
    "prefs.saved": {"en": "Settings saved", "zh": "设置已保存"},
    "prefs.in_use": {"en": "Settings in use for this run", "zh": "设置在本次运行中生效"},
    "prefs.theme_now": {"en": "Theme: {theme}", "zh": "主题：{theme}"},
    "game.baohuang": {"en": "Baohuang 保皇", "zh": "保皇"},
    "game.doudizhu": {"en": "Dou Dizhu 斗地主", "zh": "斗地主"},
    "lobby.col.game": {"en": "Game", "zh": "游戏"},
    "lobby.game.baohuang": {"en": "Baohuang", "zh": "保皇"},
    "lobby.game.doudizhu": {"en": "Dou Dizhu", "zh": "斗地主"},
    "lobby.col.state": {"en": "State", "zh": "状态"},
    "lobby.state.waiting": {"en": "waiting", "zh": "等人"},
    "lobby.state.playing": {"en": "playing", "zh": "进行中"},
    "lobby.state.round": {"en": "round {n}", "zh": "第{n}局"},
    "lobby.state.over": {"en": "over", "zh": "已结束"},
    "title.baohuang": {"en": "bhtui — Baohuang", "zh": "bhtui — 保皇"},
    "title.doudizhu": {"en": "bhtui — Dou Dizhu", "zh": "bhtui — 斗地主"},
    "status.no_run": {"en": "no run from the lowest picked rank (pick one, then x)",
                      "zh": "从所选最小点数连不成顺（先选一张，再按 x）"},
    "key.run": {"en": "Run", "zh": "连顺"},
}
