"""Baohuang's words on the screen, in English and simplified Chinese: its roles, the throne
and the call, declarations, its log lines and results, its presets and options."""

from __future__ import annotations

from bhtui.tui.texts import CHAT_KEY

JOKER_KEYS = {"en": "  s / b  add a small / big joker (again: one more)\n",
              "zh": "  s / b  选小王 / 大王（再按多选一张）\n"}
"""The help's joker keys at a table without Weifang's GC (``help_texts``)."""
JOKER_KEYS_GC = {"en": "  s / b / x  add a small / big joker / Weifang's GC (again: one more)\n",
                 "zh": "  s / b / x  选小王 / 大王 / 特画 GC（潍坊；再按多选一张）\n"}
"""The same keys where the GC is (and where the table's rules are not known)."""

STRINGS: dict[str, dict[str, str]] = {
    "role.emperor": {"en": "emperor", "zh": "皇帝"},
    "role.guard": {"en": "guard", "zh": "保皇派"},
    "role.rebel": {"en": "rebel", "zh": "革命党"},
    "role.solo.open": {"en": " (open solo)", "zh": "（明独）"},
    "role.solo.hidden": {"en": " (hidden solo)", "zh": "（暗独）"},
    "solo.short": {"en": " · 明独", "zh": " · 明独"},
    "you.guard": {"en": "you: guard", "zh": "你是保皇派"},
    # (→ without spaces: "↺ card → 下下家" is 15 cells, one more than the centre box's 14)
    "direction.play": {"en": "↺ play→下家", "zh": "↺ 出牌→下家"},
    "direction.throne": {"en": "↻ card→上家", "zh": "↻ 皇牌→上家"},
    "direction.throne.next": {"en": "↺ card→下家", "zh": "↺ 皇牌→下家"},
    "direction.throne.after_next": {"en": "↺ card→下下家", "zh": "↺ 皇牌→下下家"},
    "yield": {"en": "让牌 (yields)", "zh": "让牌"},
    "called": {"en": "called {card}", "zh": "叫 {card}"},
    "trick.empty": {"en": "new trick", "zh": "新一轮"},
    "status.need_n": {"en": "{n} cards needed", "zh": "需要 {n} 张"},
    "status.need_one": {"en": "1 card needed", "zh": "需要 1 张"},
    "status.must_beat": {"en": "must beat {set}", "zh": "必须大过 {set}"},
    "throne.title": {"en": "The throne is offered to you", "zh": "请你当皇帝"},
    "throne.card": {"en": "The emperor card: {card}", "zh": "皇牌：{card}"},
    "throne.bundle": {"en": "The emperor card: {card}; with it, to whoever takes it: {cards}",
                      "zh": "皇牌：{card}；随皇牌附带：{cards}"},
    "throne.second": {"en": "Everyone declined: this is your second and last offer.",
                      "zh": "所有人都放弃了：这是你最后一次机会。"},
    "throne.forced": {"en": "逼位: you must accept.", "zh": "逼位：你必须接受。"},
    "throne.passes_to": {"en": "If you pass it on, the emperor card goes to your 上家, {name}.",
                         "zh": "若不接，皇牌传给你的上家 {name}。"},
    "throne.costs_two": {"en": "Passing it on costs you a 2: your {card} goes with the card "
                                "(you hold {twos} 2s).",
                          "zh": "不接就要附上一张 2：你的{card}随皇牌传走（你有 {twos} 张 2）。"},
    "throne.costs_card": {"en": "Passing it on costs you a card: you hold no 2, so your {card} "
                                 "goes with it.",
                          "zh": "不接就要附上一张牌：你没有 2，你的{card}随皇牌传走。"},
    "throne.costs_nothing": {"en": "Passing it on costs you no card this time.",
                             "zh": "这次不接不用附牌。"},
    "throne.ends": {"en": "If you pass it on, nobody has taken it: the deal is void.",
                    "zh": "你若不接，就没人当皇帝：重新发牌。"},
    "throne.ends.baike": {"en": "If you yield too, everyone has: 逼庄, the first with exactly "
                                "three must call.",
                          "zh": "你若也让，大家都让了：逼庄，第一个有恰好三张的人必须叫庄。"},
    "throne.circle_forced": {"en": "Back after a full circle: you must take the throne.",
                             "zh": "传了一圈又回到你手里：你必须当皇帝。"},
    "throne.circle_four": {"en": "Back after a full circle: with four identical cards you "
                                 "may yield again.",
                           "zh": "传了一圈又回到你手里：你有四张相同的牌，可以再让。"},
    "throne.second_circle": {"en": "Second circle: if nobody takes it, the deal is void.",
                             "zh": "第二圈：再没人当皇帝就重新发牌。"},
    "throne.accept": {"en": "Accept (y)", "zh": "登基 (y)"},
    "throne.decline": {"en": "Decline (n)", "zh": "放弃 (n)"},
    "call.title": {"en": "Call your guard", "zh": "叫保皇派"},
    "call.keys": {"en": "↑↓ choose · Enter confirm", "zh": "↑↓ 选择 · 回车 确定"},
    "call.key": {"en": "Enter confirm", "zh": "回车 确定"},
    "call.help": {"en": "The holder of the fourth identical card becomes your secret guard.",
                  "zh": "持有第四张相同牌的人就是你的暗保。"},
    "call.help_promoted": {"en": "The holder of the fourth identical card becomes your secret "
                                 "guard, and that card the GC, above the big joker.",
                           "zh": "持有第四张相同牌的人就是你的暗保；\n"
                                 "这第四张成为特画（GC），比大王还大。"},
    "call.three": {"en": "Call {card} (you hold three)", "zh": "叫 {card}（你有三张）"},
    "call.hidden": {"en": "Call {card}: hidden solo (you hold four)", "zh": "叫 {card}：暗独（你有四张）"},
    "call.open": {"en": "Show four {card}: open solo, scores double", "zh": "亮四张 {card}：明独，分数翻倍"},
    "call.declare_solo": {"en": "Declare an open solo (明独保): no call, one against four, "
                                "scores double",
                          "zh": "明独保：不叫牌，一打四，分数翻倍"},
    "grab.title": {"en": "Grab an open solo?", "zh": "抢独吗？"},
    # Weihai's grab (R-WH-GRAB-1) by its sources' word, which its body and question use
    "grab.title_marked": {"en": "Grab an open solo (明渡)?", "zh": "明渡吗？"},
    "grab.help": {"en": "Take the emperor card and play one against four, scores doubled.",
                  "zh": "拿走皇牌一打四，分数翻倍。"},
    "grab.help_marked": {"en": "明渡: alone as emperor, the marked cards ignored; 1st +24, else -24.",
                         "zh": "明渡：当皇帝一打四，两张标记牌都不算。头科 +24，否则 -24。"},
    "grab.grab": {"en": "Grab (g)", "zh": "抢 (g)"},
    "grab.skip": {"en": "Skip (s)", "zh": "不抢 (s)"},
    "grab.grab_marked": {"en": "明渡 (g)", "zh": "明渡 (g)"},
    "grab.skip_marked": {"en": "No 明渡 (s)", "zh": "不明渡 (s)"},
    "result.title": {"en": "Round {n} over", "zh": "第{n}局结束"},
    "result.place": {"en": "Place", "zh": "名次"},
    "result.tribute": {"en": "Tribute next round: {items}", "zh": "下局进贡：{items}"},
    "result.no_tribute": {"en": "No tribute next round (draw)", "zh": "平局，下局不进贡"},
    "result.draw": {"en": "Draw", "zh": "平局"},
    "result.winner.emperor": {"en": "The emperor's side wins", "zh": "皇帝一方胜"},
    "result.winner.rebels": {"en": "The rebels win", "zh": "革命党胜"},
    "help.body": {
        "en": (
            "KEYS\n"
            "  3-9, 0 or 10, j q k a 2  add a card of that rank (1 alone: an ace)\n"
            + JOKER_KEYS_GC["en"] +
            "  Backspace  remove the last card;  Esc  clear the selection\n"
            "  ← → Space  move over the hand and toggle a card; a click too\n"
            "  Enter play · p pass · h hint (again: the next play)\n"
            "  t 托管 (auto-play) on/off\n"
            "  l the previous trick · o sort by rank / by group size\n"
            "  PgUp PgDn  scroll the log · " + CHAT_KEY["en"] + "v every round's scores\n"
            "  F2 settings · ctrl+t theme · ?/F1 this help · ctrl+q quit\n"
            "  Out of turn, when the rules allow (the footer shows them):\n"
            "  g 抢庄/抢独 grab · y 让牌 yield in a baike trick\n"
            "  m 明保 reveal yourself as guard (or declare your solo)\n"
            "  r 造反 rebel: for rebels only; once two have, the guard is shown\n"
            "    and the scores double, whoever wins\n"
            "  g, m and r (and 踢's k, Weihai's a) act on a second press.\n\n"
            "THE HAND\n"
            "Each rank is one unit: 8×5 on top means five 8s, and the line under it has one "
            "suit per card (♠♥♣♦, or S H C D). A unit is never split across lines. "
            "The called card's copies are hollow (♤♡♧♢, or lower case s h c d); ☆ is a small "
            "joker, ★ a big one, ✪ Weifang's GC under its own GC unit (w, W and G in "
            "letters), "
            "† (or +) the marked SJ (侍卫牌) in lianzhong-simple and weihai. The cursor card "
            "has a coloured background; selected cards are reversed.\n\n"
            "THE TABLE\n"
            "Seats go round in play order from you at the bottom: play goes to 下家 (the next "
            "seat, on your right) ↺, and a declined emperor card goes to 上家 (the previous "
            "seat, on your left) ↻; a Weihai emperor who abdicates hands it to 下下家 (the "
            "seat after next) ↺. ▶ marks the seat to act, ● beside a name the one whose "
            "set holds the trick. Each seat shows its last set until it acts again; "
            "\"still out\" under the table counts the jokers, 2s and aces not yet played "
            "and not in your hand (记牌器, when the table has it on)."
        ),
        "zh": (
            "按键\n"
            "  3-9、0 或 10、j q k a 2  选一张该点数的牌（单按 1 是 A）\n"
            + JOKER_KEYS_GC["zh"] +
            "  退格 去掉最后一张；Esc 清空选择\n"
            "  ← → 空格  在手牌上移动并选取；也可以用鼠标点\n"
            "  回车 出牌 · p 不要 · h 提示（再按：下一手） · t 托管开关\n"
            "  l 上一轮 · o 按点数 / 按张数排序\n"
            "  PgUp PgDn 翻看记录 · " + CHAT_KEY["zh"] + "v 每局得分\n"
            "  F2 设置 · ctrl+t 主题 · ?/F1 帮助 · ctrl+q 退出\n"
            "  规则允许时可随时（底栏会显示）：g 抢庄/抢独，\n"
            "  m 明保（或明独），y 让牌（百科），r 造反（仅限革命党；\n"
            "  两人造反即亮出保皇派，无论输赢分数翻倍）。\n"
            "  g、m、r（和踢的 k、威海的 a）要按两次才生效。\n\n"
            "手牌\n"
            "每种点数是一组：上面 8×5 表示五张 8，下面一行每张牌一个花色（S H C D）。"
            "一组牌不会被拆到两行。叫的那张牌用小写字母（s h c d）表示；w 是小王、W 是大王、"
            "G 是特画（或 ☆、★、✪），"
            "+（或 †）是带剑小王（侍卫牌，联众简单与威海）；潍坊的特画（叫牌的第四张，GC）单独一组。"
            "光标所在的牌有底色，"
            "选中的牌反色显示。\n\n"
            "牌桌\n"
            "座位按出牌顺序从你（下方）开始排列：出牌传给下家（右手边）↺，"
            "放弃的皇牌传给上家（左手边）↻；威海的皇帝让位时传给下下家（隔一家）↺。▶ 标出该出牌的人，名字旁的 ● 标出目前最大的一家。"
            "每家最后出的牌一直显示到他再出牌为止；"
            "牌桌下方的记牌器显示还没出、也不在你手里的王、2 和 A。"
        ),
    },
    "help.rules": {
        "en": (
            "RULES (qingdao)\n"
            "Five players, four decks. A set is any number of one rank plus jokers. "
            "Beat a set with one of the same size whose cards are each higher, sorted high "
            "to low: BJ > SJ > 2 > A > … > 3. A small joker needs a big one above it; nothing "
            "beats a set with a big joker.\n"
            "The emperor (public) calls one card, its rank and suit said to all, of which he "
            "holds three identical copies; whoever holds the fourth copy is his secret "
            "guard. Holding all four: a hidden solo, or show them for an open solo (scores "
            "double). Everyone else is a rebel.\n"
            "Places 1st..5th score 4, 2, 0, -2, -4; each side gets the sum of its members. "
            "Winning a trick leads the next; if the winner is out, the next player leads "
            "(接风). Next round the losers pay tribute: their highest cards."
        ),
        "zh": (
            "规则（青岛）\n"
            "五人四副牌。一套牌是同一点数的若干张加任意王。"
            "压牌要张数相同，且从大到小逐张都更大：大王 > 小王 > 2 > A > … > 3。"
            "挂小王的牌必须用挂大王的牌来管；挂大王的牌最大。\n"
            "皇帝叫一张牌，点数和花色大家都知道，他自己手里有三张一模一样的；"
            "持有第四张的人是暗保。四张都在手里就是独，亮出四张为明独，分数翻倍。"
            "其余的人是革命党。\n"
            "名次 头科..大落 得 4、2、0、-2、-4 分，按组计分。"
            "赢得一轮的人先出；如果他已出完，由下家接风。下一局输的一方进贡最大的牌。"
        ),
    },
    # baike's and lianzhong's rules (docs/rules.md): the help at their tables
    "help.rules.baike": {
        "en": (
            "RULES (baike)\n"
            "Five players, four decks, 43 cards each. A set is any number of one rank plus "
            "jokers. Beat a set with one of the same size whose cards are each higher, sorted "
            "high to low: BJ > SJ > 2 > A > … > 3. A small joker needs a big one above it; "
            "nothing beats a set with a big joker.\n"
            "The emperor card (a BJ) goes to a random seat. 叫庄: its holder takes the throne "
            "by calling a card he holds three or four identical copies of (jokers too, the "
            "emperor card counting as a BJ), or passes it to his 上家 (让庄, n). When all five have, 逼庄: the first "
            "with exactly three identical cards must call; with nobody, a new deal. 抢庄 (g): "
            "until someone calls, anyone may grab the throne without a group, to play one "
            "against four.\n"
            "Called with three: whoever holds the fourth copy is the emperor's secret guard "
            "(holding it himself, he plays a hidden solo); all four shown: an open solo "
            "(明独). Before the "
            "first lead the guard may show himself (明保, m): scores ×2. Everyone else is a "
            "rebel.\n"
            "让牌 (y): in the first circle after a set you may yield instead of passing; if "
            "nobody beats it, the yielders alone are asked again (扣牌 when still nobody "
            "does).\n"
            "Scores: places 1st..5th score 6, 3, 0, -3, -6; each side adds up "
            "its members' points; the emperor gets 2/3 of his side's total, the guard 1/3, "
            "each rebel 1/3 of the rebels'. Emperor 1st, guard 4th: +2 and +1, each rebel "
            "-1. A solo: 16, 4, 0, -4, -16 to the emperor, a quarter of it the other "
            "way to each rebel; 明独 doubles. 抢庄: the emperor 1st +40, each rebel -10; "
            "otherwise -40, each rebel +10. No tribute."
        ),
        "zh": (
            "规则（百科）\n"
            "五人四副牌，每人 43 张。一套牌是同一点数的若干张加任意王。"
            "压牌要张数相同，且从大到小逐张都更大：大王 > 小王 > 2 > A > … > 3。"
            "挂小王的牌必须用挂大王的牌来管；挂大王的牌最大。\n"
            "带标记的大王（皇牌）随机发给一人。叫庄：叫一张自己有三张或四张一模一样（同点数"
            "同花色）的牌（王也可以，皇牌算大王）就当皇帝；不叫就让庄 (n)，皇牌传给上家。五人都让了就逼庄："
            "第一个有恰好三张相同牌的人必须叫庄；没人符合就黄庄，重新发牌。抢庄 (g)："
            "没人叫庄之前，谁都可以不凭牌型直接抢当皇帝，一打四。\n"
            "叫的牌他有三张：持有第四张的人是暗中的保皇派（第四张在皇帝自己手里就是暗独）；"
            "亮出四张：明独。首家出牌前保皇派可以明保 (m)：分数翻倍。其余的人是革命党。\n"
            "让牌 (y)：一套牌出来后的第一圈可以让牌而不是不要；第一圈没人压，"
            "只再问让牌的人（还没人压就扣牌）。\n"
            "计分：名次 头科..大落 得 6、3、0、-3、-6 分，按组相加；皇帝得本组的 2/3，"
            "保皇派 1/3，革命党各得本组的 1/3。例如皇帝头科、保皇派二落：+2、+1，革命党各 -1。"
            "独保：16、4、0、-4、-16 归皇帝，革命党各得相反的四分之一；明独翻倍。"
            "抢庄：皇帝头科 +40，革命党各 -10；否则 -40，革命党各 +10。没有进贡。"
        ),
    },
    "help.rules.lianzhong-classic": {
        "en": (
            "RULES (lianzhong-classic)\n"
            "The emperor card (a marked BJ) is dealt like any card. Its holder takes the "
            "throne (y) if he holds three identical cards (same rank and suit), or passes it "
            "to his 上家 (让位, n), nothing added. Back after a full circle, the first holder "
            "must take it unless he holds four identical cards; after two circles, a new "
            "deal. 抢独 (option, g): anyone may declare an open solo before the emperor is "
            "settled.\n"
            "The emperor calls one card, its rank and suit said to all, of which he holds "
            "three identical copies: whoever holds the fourth copy is his secret guard. "
            "Calling one he holds all four of: a hidden solo; or he declares an open solo "
            "(明独保) with no call. Before the first lead the guard may show himself "
            "(明保, m): scores ×2."
        ),
        "zh": (
            "规则（联众经典）\n"
            "带权杖标记的大王（皇牌）和别的牌一样发。抓到的人有三张同点数同花色的牌就可以"
            "登基 (y)，否则让位 (n) 给上家，不贴牌。传完一圈回到第一个人手里，他必须登基，"
            "除非有四张同点数同花色的牌；传两圈还没人登基就重新发牌。抢独（选项，g）："
            "皇帝确定之前，谁都可以抢当皇帝打明独保。\n"
            "皇帝叫一张牌，点数和花色大家都知道，他自己手里有三张一模一样的；"
            "持有第四张的人是暗中的侍卫（保皇派）。叫一张自己有四张的牌就是暗独保；也可以不叫牌，直接声明明独保。"
            "首家出牌前侍卫可以明保 (m)：分数翻倍。"
        ),
    },
    "help.rules.lianzhong-simple": {
        "en": (
            "RULES (lianzhong-simple)\n"
            "The emperor card (a marked BJ) is dealt like any card. Its holder takes the "
            "throne (y), needing no group, or passes it to his 上家 (让位, n); each later "
            "one who passes it adds a 2, or without one his highest card but a joker. After "
            "two circles without an emperor, a new deal. 抢独 (option, g): anyone may declare "
            "an open solo before the emperor is settled.\n"
            "The guard is whoever holds the marked SJ (侍卫牌, {mark} in the hand). An emperor "
            "holding it plays alone: a hidden solo, or an open one (明独) if he declares it "
            "with m before the first lead. Before the first lead the guard may show himself "
            "(明保, m): scores ×2.\n"
            "造反 (option, r): in play each rebel may declare once; when two have, the guard "
            "(or the hidden solo) is shown and the scores double, whether the rebels win or "
            "lose. A declarer is marked either way."
        ),
        "zh": (
            "规则（联众简单）\n"
            "带权杖标记的大王（皇牌）和别的牌一样发。抓到的人不需要牌型就可以登基 (y)，"
            "或者让位 (n) 给上家；之后每个再让的人都要贴一张 2，没有 2 就贴除王以外最大的牌。"
            "传两圈还没人登基就重新发牌。抢独（选项，g）：皇帝确定之前，谁都可以抢当皇帝"
            "打明独。\n"
            "持有带宝剑标记的小王（侍卫牌，手牌里的 {mark}）的人是侍卫（保皇派）。皇帝自己有侍卫牌"
            "就一打四：不声明是暗独，首家出牌前按 m 声明就是明独。首家出牌前侍卫可以明保 (m)："
            "分数翻倍。\n"
            "造反（选项，r）：出牌中每个革命党可以造反一次；两人造反，侍卫（或暗独）就被亮出来，"
            "不论输赢分数都翻倍。造反的人不论成败都有标记。"
        ),
    },
    "help.rules.lianzhong": {
        "en": (
            "168 cards, no 3s, 4s or 5s, all dealt: 34, 34, 34, 33, 33. A set is any number of "
            "one rank plus jokers (2s are never fillers); beat it with one of the same size "
            "whose cards are each higher, sorted high to low: BJ > SJ > 2 > A > … > 6. "
            "Nothing beats a set with a big joker. The emperor leads; the round ends when a "
            "side is all out. Options: 烤牌, 憋6.\n"
            "Scores, two against three: g = 6 - (the emperor's place + the "
            "guard's); the guard gets g, the emperor 2g, each rebel -g. Emperor 1st, guard "
            "3rd: +4 and +2, each rebel -2. ×2 for 明保 or a successful 造反 (once: never ×4).\n"
            "A solo: open, the emperor 1st +24 and each other -6; anyone else "
            "out first ends it: -24, each other +6. Hidden: 1st +12, each other -3; 2nd 0; "
            "3rd or lower -12, each other +3 (×2 when 造反 shows it). No tribute."
        ),
        "zh": (
            "168 张牌（没有 3、4、5），全部发完：34、34、34、33、33 张。一套牌是同一点数的若干张"
            "加任意王（2 不能配牌）；压牌要张数相同，且从大到小逐张都更大："
            "大王 > 小王 > 2 > A > … > 6。挂大王的牌最大。皇帝先出；一方全部出完本局就结束。"
            "选项：烤牌、憋6。\n"
            "计分（二打三）：侍卫得分 = 6 -（皇帝名次 + 侍卫名次），皇帝得侍卫的两倍，"
            "革命党各得侍卫得分的相反数。例如皇帝头科、侍卫三科：+4、+2，革命党各 -2。"
            "明保或造反成功分数翻倍（只翻一次，不会×4）。\n"
            "独保：明独时皇帝头科 +24，其他人各 -6；别人先出完本局即结束：-24，其他人各 +6。"
            "暗独时皇帝头科 +12，其他人各 -3；二科 0；三科或更差 -12，其他人各 +3"
            "（造反成功亮出暗独则翻倍）。没有进贡。"
        ),
    },
    "preset.qingdao": {"en": "Qingdao (the classic: 4/2/0/-2/-4, tribute)", "zh": "青岛（经典：4/2/0/-2/-4，进贡）"},
    "option.force_first": {"en": "逼位: the first candidate must accept on the second offer",
                           "zh": "逼位：第二次询问时，首位候选人能当皇帝就必须当"},
    "option.grab_solo": {"en": "抢独: anyone may grab an open solo before the emperor is settled",
                         "zh": "抢独：皇帝确定之前，任何人都可以抢独（明独）"},
    "option.kao": {"en": "烤牌: a set of another size may roast jokers (BJ>SJ 2SJ>SJ 2BJ>BJ 3SJ>BJ)",
                   "zh": "烤牌：有王的牌可用不同张数来烤（大王>小王 2小王>小王 2大王>大王 3小王>大王）"},
    "option.bie6": {"en": "憋6: 6s only in the set that empties your hand, all of them at once",
                    "zh": "憋6：6只能在最后一手一起出完"},
    "option.rebellion": {"en": "造反: rebels only; two declaring show the guard, scores double whoever wins",
                         "zh": "造反：仅限革命党；两人造反即亮出保皇派，无论输赢分数翻倍"},
    "preset.baike": {"en": "Baike (叫庄 with 3 identical, 抢庄, 明保, 让牌; 6/3/0/-3/-6)",
                     "zh": "百科（三张相同叫庄，抢庄，明保，让牌；6/3/0/-3/-6）"},
    "preset.lianzhong-classic": {"en": "Lianzhong classic (168 cards, guard by a called card, 明独保)",
                                 "zh": "联众经典（168张，叫牌定保皇派，可明独保）"},
    "preset.lianzhong-simple": {"en": "Lianzhong simple (168 cards, the marked SJ is the guard)",
                                "zh": "联众简单（168张，带剑小王为保皇派）"},
    # ----- the towns (docs/baohuang-towns.md) -------------------------------------------
    "preset.weihai": {"en": "Weihai (165 cards, marked BJ/SJ, 明渡, abdication, 明保/造反/踢 ×4, 憋6)",
                      "zh": "威海（165张，皇牌与侍卫牌，明渡，让位，明保/造反/踢最多×4，憋6）"},
    "preset.weifang": {"en": "Weifang (205 cards, 买3, 憋3 and 闷, the 4th copy above BJ, 2s kill jokers)",
                       "zh": "潍坊（205张，买3，憋3与闷，第四张叫牌大过大王，2灭王）"},
    "option.abdicate_mode": {"en": "Who may pass the throne on, and to whom: a holder of both "
                                   "marked cards, to the seat after next; or anyone, to the next",
                             "zh": "谁能让位、让给谁：双牌在手的人让给下下家，或人人可传给下家"},
    "option.abdicate_chain": {"en": "An abdication may be refused; it moves on, and if all "
                                    "refuse the abdicator loses",
                              "zh": "让位可以拒绝，依次往下传；都拒绝则让位者输"},
    "option.rekick": {"en": "反踢: the kicked side may kick back once (×2 more)",
                      "zh": "反踢：被踢的一方可以踢回一次（再翻倍）"},
    "option.bie6_pure": {"en": "憋6 pure: the last set holds the 6s and nothing else",
                         "zh": "纯憋6：最后一手只能是6，不能带王"},
    "option.stuck": {"en": "逼死: a hand of only 6s facing a set leaves play at the bottom place",
                     "zh": "逼死：手里只剩6又要压牌时出局，排在最后"},
    "option.stuck_penalty": {"en": "The stuck player pays 3 (6 under 明保) to whoever stuck him",
                             "zh": "被逼死的人赔给逼死他的人3分（明保时6分）"},
    "option.tribute": {"en": "进贡: the losers give their highest cards next round (never a marked card)",
                       "zh": "进贡：输的一方下局进最大的牌（皇牌侍卫牌不进）"},
    "option.emperor_leads": {"en": "The emperor leads the first trick, not the first drawer",
                             "zh": "皇帝先出，而不是先摸牌的人"},
    "option.bombs": {"en": "Bombs: four or more of a rank beat any set but a bigger bomb",
                     "zh": "炸弹：四张以上同点数的牌压一切，只有更大的炸弹能管"},
    "option.bomb_multiplier": {"en": "Each bomb played doubles the round's score",
                               "zh": "每打出一个炸弹，本局分数翻倍"},
    "option.two_kill": {"en": "2灭王: three 2s kill a BJ, four a GC (full, singles only, off)",
                        "zh": "2灭王：三个2管大王，四个2管特画（全部、只管单张、不用）"},
    "option.two_kill_gc": {"en": "How many 2s kill the guard card (4, Shouguang: 5)",
                           "zh": "几个2能管特画（4；寿光：5）"},
    "option.yield_fallback": {"en": "A yielder without a 2 adds: nothing, his lowest joker, or his "
                                    "highest card",
                              "zh": "让位时没有2：不附牌、附最小的王、或附最大的牌"},
    "option.joker_sets": {"en": "Joker sets: jokers alone are a set (off: only beside natural "
                                "cards, or all of them as your last set)",
                          "zh": "王可以单独成一手（关：王只能跟点数牌一起出，只剩王时一次出完）"},
    "option.strict_auto": {"en": "联众托管: it passes, leads its lowest single; 4 times a round "
                                 "stays on; a round ending on 托管 ends the match",
                           "zh": "联众托管：托管只出最小单张、跟牌不要；一局超过三次不能取消；"
                                 "局终有人托管即解散，全员托管不计分"},
    "option.quit_penalty": {"en": "Quit penalty: points lost for quitting, or being removed, "
                                  "mid-round (0: none)",
                            "zh": "中途退出或被踢出扣的分数（0：不扣）"},
    "value.abdicate_mode.w1": {"en": "holder of both, to 下下家", "zh": "只许独保让位（给下下家）"},
    "value.abdicate_mode.tv": {"en": "anyone, to 下家 (逼位)", "zh": "人人可传给下家（逼位）"},
    "value.bombs.off": {"en": "off", "zh": "不用"},
    "value.bombs.rank4plus": {"en": "4+ of a rank", "zh": "四张以上"},
    "value.two_kill.full": {"en": "full", "zh": "全部"},
    "value.two_kill.singles": {"en": "lone jokers", "zh": "只管单张"},
    "value.two_kill.off": {"en": "off", "zh": "不用"},
    "value.two_kill_gc.4": {"en": "4", "zh": "4"},
    "value.two_kill_gc.5": {"en": "5", "zh": "5"},
    "value.yield_fallback.nothing": {"en": "nothing", "zh": "不附"},
    "value.yield_fallback.lowest_joker": {"en": "lowest joker", "zh": "最小的王"},
    "value.yield_fallback.highest": {"en": "highest card", "zh": "最大的牌"},
    "throne.keep_title": {"en": "You hold the emperor card: you are emperor",
                          "zh": "皇牌在你手里：你是皇帝"},
    "throne.abdicated_title": {"en": "{name} abdicates to you (让位)", "zh": "{name} 让位给你"},
    "throne.abdicated_help": {"en": "Accept and you are emperor, {name} your guard in the open: "
                                    "scores ×2.",
                              "zh": "登基则你当皇帝，{name} 是你公开的保皇派，分数×2。"},
    "throne.keep": {"en": "Keep the throne (y)", "zh": "登基 (y)"},
    "throne.abdicate": {"en": "Abdicate (a)", "zh": "让位 (a)"},
    "throne.show_solo": {"en": "Show both: open solo (m)", "zh": "亮出侍卫牌：明独 (m)"},
    "throne.show_solo_stakes": {"en": "Open solo (show it, m): 1st {first}, else {lower}.",
                                "zh": "明独（亮出侍卫牌，m）：头科 {first}，否则 {lower}。"},
    "throne.refuse": {"en": "Refuse (n)", "zh": "拒绝 (n)"},
    "throne.abdicate_to": {"en": "Abdicate (a): {name} takes the throne, you guard him (public, "
                                 "×2).",
                           "zh": "让位 (a)：{name} 当皇帝，你当他的保皇派（公开，×2）。"},
    "throne.passes_on": {"en": "If you pass it on, it goes to {name}.", "zh": "若不接，传给 {name}。"},
    "throne.chain_lost": {"en": "If you refuse too, everyone has: {abdicator} loses, as a lost "
                                "hidden solo.",
                          "zh": "你若也拒绝，大家都拒绝了：{abdicator} 输，按暗独输算。"},
    "throne.both_marked": {"en": "You hold both marked cards: you may not pass (独保).",
                           "zh": "两张标记牌都在你手里：不能传（独保）。"},
    "throne.guard_card": {"en": "You hold the marked SJ ({mark}, 侍卫牌): accept and you play "
                                "alone.",
                          "zh": "带剑小王（{mark}，侍卫牌）在你手里：当皇帝就一打四。"},
    "throne.guard_card_keep": {"en": "You hold the marked SJ ({mark}, 侍卫牌) too: you play alone.",
                               "zh": "带剑小王（{mark}，侍卫牌）也在你手里：你一打四。"},
    "throne.hidden_solo_stakes": {"en": "Hidden solo (the marked SJ not shown): 1st {first}, "
                                        "2nd {second}, else {lower}.",
                                  "zh": "暗独（不亮侍卫牌）：头科 {first}，二科 {second}，"
                                        "否则 {lower}。"},
    "step.open_guard.title": {"en": "明保? Show yourself as the guard (scores ×2)",
                              "zh": "明保吗？亮明保皇派身份（分数×2）"},
    "step.open_guard.open_guard": {"en": "明保 (m)", "zh": "明保 (m)"},
    "step.open_guard.skip": {"en": "No 明保 (n)", "zh": "不明保 (n)"},
    "step.rebel.title": {"en": "造反? Two rebels show the guard (scores ×2)",
                         "zh": "造反吗？两个革命党造反就亮出保皇派（分数×2）"},
    "step.rebel.rebel": {"en": "造反 (r)", "zh": "造反 (r)"},
    "step.rebel.skip": {"en": "No 造反 (n)", "zh": "不造反 (n)"},
    "step.rebel.declared": {"en": "Declared 造反 so far: {names}", "zh": "已经造反：{names}"},
    "step.kick.title": {"en": "踢? Double the stake again", "zh": "踢吗？分数再翻倍"},
    "step.kick.kick": {"en": "踢 (k)", "zh": "踢 (k)"},
    "step.kick.skip": {"en": "No 踢 (n)", "zh": "不踢 (n)"},
    "step.rekick.title": {"en": "反踢? Kick back: double once more", "zh": "反踢吗？再翻一倍"},
    "step.rekick.kick": {"en": "反踢 (k)", "zh": "反踢 (k)"},
    "step.rekick.skip": {"en": "No 反踢 (n)", "zh": "不反踢 (n)"},
    "step.stake": {"en": "Scores now ×{n}.", "zh": "现在分数×{n}。"},
    "stake.short": {"en": " · ×{n}", "zh": " · ×{n}"},
    "step.asked": {"en": "Everyone is asked, so being asked gives nothing away; only your own "
                         "cards decide which buttons you get.",
                   # (two lines: one, 64 cells in a 60-cell box, left "牌。" alone on the next)
                   "zh": "为了不暴露身份，每个人都会被问一遍。\n能选哪个按钮只看你自己的牌。"},
    "step.open_guard.note": {"en": "Only the guard may say 明保.", "zh": "只有保皇派可以明保。"},
    "step.rebel.note": {"en": "Only rebels may rebel.", "zh": "只有革命党可以造反。"},
    "step.kick.note": {"en": "Rebels need two kicks; the emperor's side one.",
                       "zh": "革命党要两人踢才算；皇帝一方一人即可。"},
    "step.rekick.note": {"en": "The side that was kicked may kick back once.",
                         "zh": "被踢的一方可以踢回一次。"},
    "status.kills": {"en": "2s kill the jokers of {set}", "zh": "用2管 {set} 里的王"},
    "status.bomb": {"en": "a bomb beats {set}", "zh": "炸弹压 {set}"},
    "status.bie3": {"en": "憋3: your 3 goes out last, alone", "zh": "憋3：3要最后单独出"},
    "log.abdicate": {"en": "{name} abdicates (让位) to {to}: {name} is his guard",
                     "zh": "{name} 让位给 {to}：{name} 是他的保皇派"},
    "log.abdication": {"en": "{name} holds the guard card: 明保, scores ×2",
                       "zh": "{name} 持有侍卫牌：明保，分数×2"},
    "log.kick": {"en": "{name} kicks (踢)", "zh": "{name} 踢"},
    "log.kick_rebel": {"en": "{name} kicks (踢): it counts once a second rebel kicks too",
                       "zh": "{name} 踢（革命党要两人都踢才算数）"},
    "log.kicked": {"en": "踢: scores ×2 again", "zh": "踢成功：分数再翻倍"},
    "log.kick_void": {"en": "No second rebel kicked: {name}'s 踢 does not count",
                      "zh": "没有第二个革命党跟踢：{name} 的踢不算数"},
    "log.rekick_void": {"en": "No second rebel kicked back: {name}'s 反踢 does not count",
                        "zh": "没有第二个革命党跟着反踢：{name} 的反踢不算数"},
    "log.skip.open_guard": {"en": "{name} stays hidden (no 明保)", "zh": "{name} 不明保"},
    "log.skip.rebel": {"en": "{name} does not rebel", "zh": "{name} 不造反"},
    "log.skip.kick": {"en": "{name} does not kick", "zh": "{name} 不踢"},
    "log.skip.rekick": {"en": "{name} does not kick back", "zh": "{name} 不反踢"},
    "log.stuck": {"en": "闷: {name} has only held-back cards left and is stuck by {by}: {place}",
                  "zh": "闷：{name} 只剩憋着的牌，被 {by} 闷住：{place}"},
    "log.buy3": {"en": "买3: {items}", "zh": "买3：{items}"},
    "log.buy3.paid": {"en": "{buyer} buys {card} from {seller} for {paid}",
                      "zh": "{buyer} 向 {seller} 买{card}，付{paid}"},
    "log.buy3.free": {"en": "{buyer} takes {card} from {seller} free (no 2 to pay with)",
                      "zh": "{buyer} 向 {seller} 白拿{card}（没有 2 可付）"},
    "log.bomb": {"en": " — a bomb!", "zh": "——炸弹！"},
    "result.multiplier": {"en": "Scores ×{n} ({causes})", "zh": "分数×{n}（{causes}）"},
    "cause.open_guard": {"en": "明保", "zh": "明保"},
    "cause.rebellion": {"en": "造反", "zh": "造反"},
    "cause.kick": {"en": "踢", "zh": "踢"},
    "cause.bomb": {"en": "bomb", "zh": "炸弹"},
    "role.stuck_mark": {"en": "闷", "zh": "闷"},
    "throne.yield": {"en": "Yield 让位 (n)", "zh": "让位 (n)"},
    "call.yield": {"en": "Yield 让庄 (n)", "zh": "让庄 (n)"},
    "throne.grab": {"en": "Grab 抢 (g)", "zh": "抢 (g)"},
    "throne.forced_call": {"en": "逼庄: everyone yielded; you must call a group of three.",
                           "zh": "逼庄：大家都让了，你必须叫一组三张。"},
    "throne.grabs": {"en": "{names} grabbed (抢独): grab yourself (g) or let it stand (n)",
                     "zh": "{names} 抢独：你自己抢 (g)，或者让他 (n)。"},
    "throne.call_title": {"en": "叫庄: call a group to take the throne", "zh": "叫庄：叫一组牌当皇帝"},
    "throne.call_help": {"en": "Three shown: the holder of the fourth is your guard. Four shown: open solo.",
                         "zh": "亮三张：第四张的持有者是保皇派。亮四张：明独。"},
    "key.throne.grab": {"en": "Grab", "zh": "抢"},
    "key.call.decline": {"en": "Yield", "zh": "让庄"},
    "key.call.pick": {"en": "Call", "zh": "叫牌"},
    "key.call.grab": {"en": "Grab", "zh": "抢"},
    "key.declare.grab": {"en": "抢", "zh": "抢"},
    "key.declare.open_guard": {"en": "明保", "zh": "明保"},
    "key.declare.open_solo": {"en": "明独", "zh": "明独"},
    "key.declare.rebel": {"en": "造反", "zh": "造反"},
    "key.yield": {"en": "让牌", "zh": "让牌"},
    "declare.grab": {"en": "g: grab 抢", "zh": "g：抢"},
    "declare.open_guard": {"en": "m: 明保 (reveal, scores double)", "zh": "m：明保（翻倍）"},
    "declare.open_solo": {"en": "m: declare your solo 明独", "zh": "m：明独"},
    "declare.rebel": {"en": "r: 造反 (with a second rebel: ×2)", "zh": "r：造反（两人即翻倍）"},
    "confirm.grab": {"en": "抢: take the throne and play alone, one against four?",
                     "zh": "抢：拿走皇牌，一个人打四个人？"},
    "confirm.rebel": {"en": "造反: you are the first. Once a second rebel declares, the guard (or a "
                             "hidden solo) is shown and the scores double, whether the rebels "
                             "win or lose.",
                      "zh": "造反：你是第一个。\n再有一人造反，保皇派（或暗独）就亮出来，输赢分数都翻倍。"},
    "confirm.rebel.second": {"en": "造反: you are the second ({names} declared before you). The guard "
                                    "(or a hidden solo) is shown at once and the scores double, "
                                    "whether the rebels win or lose.",
                             "zh": "造反：你是第二个（已造反：{names}）。\n"
                                   "保皇派（或暗独）马上亮出来，输赢分数都翻倍。"},
    "confirm.rebel.mark": {"en": "造反: the sides are already known; declaring now only marks you, "
                                  "the scores stay as they are.",
                           "zh": "造反：身份已经亮明，现在造反只做个标记，分数不变。"},
    "confirm.open_guard": {"en": "明保: show everyone you are the guard, the scores double?",
                           "zh": "明保：向大家亮明你是保皇派，分数翻倍？"},
    "confirm.open_guard.tribute": {"en": "明保: show everyone you are the guard; the scores and "
                                         "next round's tribute double?",
                                   "zh": "明保：向大家亮明你是保皇派，分数和下局进贡都翻倍？"},
    "confirm.open_guard.kick": {"en": "明保: show everyone you are the guard, scores ×2; two rebels "
                                      "may then kick (踢) for ×2 more?",
                                "zh": "明保：亮明你是保皇派，分数翻倍；两个革命党踢还能再翻一倍？"},
    "confirm.open_solo": {"en": "明独: show everyone you play alone, one against four?",
                          "zh": "明独：向大家亮明你一个人打四个人？"},
    "confirm.kick": {"en": "踢: double the stakes again?", "zh": "踢：分数再翻一倍？"},
    "confirm.grab_marked": {"en": "明渡: play alone as emperor, the marked cards ignored, ±24?",
                            "zh": "明渡：当皇帝一打四，标记牌都不算，±24？"},
    "confirm.abdicate": {"en": "让位: hand the throne on and guard the new emperor, public, ×2?",
                         "zh": "让位：把皇位让出去，公开当新皇帝的保皇派，分数翻倍？"},
    "confirm.solo": {"en": "明独: show both marked cards and play alone, one against four (±24)?",
                     "zh": "明独：亮出两张标记牌，一个人打四个人（±24）？"},
    "confirm.yes": {"en": "Yes", "zh": "确定"},
    "confirm.no": {"en": "No", "zh": "取消"},
    "confirm.keys": {"en": "Press {press} again to say yes · any other key cancels",
                     "zh": "再按 {press} 确认 · 按其他键取消"},
    "confirm.enter": {"en": "Enter", "zh": "回车"},
    "declare.none": {"en": "nothing to declare now", "zh": "现在不能这样做"},
    "status.yield": {"en": "y: 让牌", "zh": "y：让牌"},
    "status.again": {"en": "让牌: asked again — beat {set} or pass ({key_pass})",
                     "zh": "让牌：再问一次 — 压过 {set} 或不要 ({key_pass})"},
    "status.roasts": {"en": "roasts {set} (烤牌)", "zh": "烤 {set}（烤牌）"},
    "status.no_roast": {"en": "neither beats nor roasts {set} (BJ>SJ 2SJ>SJ 2BJ>BJ 3SJ>BJ)",
                        "zh": "压不过也烤不了 {set}（大王>小王 2小王>小王 2大王>大王 3小王>大王）"},
    "status.bie6": {"en": "憋6: 6s go only in your last set, all of them together",
                    "zh": "憋6：6只能在最后一手一起出"},
    "role.rebel_mark": {"en": "造反", "zh": "造反"},
    "role.grabbing": {"en": "抢独?", "zh": "抢独?"},
    "result.no_tribute_rules": {"en": "No tribute in these rules.", "zh": "此规则没有进贡。"},
    "log.grab_declared": {"en": "{name} grabs (抢)!", "zh": "{name} 抢！"},
    "log.open_guard": {"en": "{name} reveals: the guard (明保), scores double", "zh": "{name} 明保，分数翻倍"},
    "log.open_solo": {"en": "{name} declares a solo (明独)", "zh": "{name} 明独"},
    "log.rebel": {"en": "{name} rebels (造反)!", "zh": "{name} 造反！"},
    "log.rebellion": {"en": "造反成功: {name} is the guard, now open — scores double",
                      "zh": "造反成功：{name} 是保皇派（算明保），分数翻倍"},
    "log.rebellion_solo": {"en": "造反成功: {name} plays a hidden solo — scores double",
                           "zh": "造反成功：{name} 在打暗独，分数翻倍"},
    "log.solo": {"en": "{name} declares an open solo (明独保): one against four",
                 "zh": "{name} 明独保：一打四"},
    "log.yield": {"en": "{name} yields (让牌)", "zh": "{name} 让牌"},
    "log.again": {"en": "Nobody beat it: {names} asked again (让牌)", "zh": "没人压：再问 {names}（让牌）"},
    "log.kou": {"en": "扣牌: {name} wins the trick", "zh": "扣牌：{name} 赢了这一轮"},
    "log.forced": {"en": "逼庄: {name} must call", "zh": "逼庄：{name} 必须叫庄"},
    "key.throne.accept": {"en": "Accept", "zh": "登基"},
    "key.throne.decline": {"en": "Decline", "zh": "放弃"},
    "key.throne.yield": {"en": "Yield 让位", "zh": "让位"},
    "key.throne.refuse": {"en": "Refuse", "zh": "拒绝"},
    "key.throne.keep": {"en": "Keep", "zh": "登基"},
    "key.grab.grab": {"en": "Grab", "zh": "抢"},
    "key.throne.abdicate": {"en": "Abdicate", "zh": "让位"},
    "key.throne.solo": {"en": "Open solo", "zh": "明独"},
    "key.step.open_guard": {"en": "明保", "zh": "明保"},
    "key.step.rebel": {"en": "造反", "zh": "造反"},
    "key.step.kick": {"en": "踢", "zh": "踢"},
    "key.step.open_guard.skip": {"en": "No 明保", "zh": "不明保"},
    "key.step.rebel.skip": {"en": "No 造反", "zh": "不造反"},
    "key.step.kick.skip": {"en": "No 踢", "zh": "不踢"},
    "key.step.rekick.skip": {"en": "No 反踢", "zh": "不反踢"},
    "key.grab.skip": {"en": "Skip", "zh": "不抢"},
    "key.grab.grab_marked": {"en": "明渡", "zh": "明渡"},
    "key.grab.skip_marked": {"en": "No 明渡", "zh": "不明渡"},
    "preset_name.qingdao": {"en": "Qingdao", "zh": "青岛"},
    "preset_name.baike": {"en": "Baike", "zh": "百科"},
    "preset_name.lianzhong-classic": {"en": "Lianzhong classic", "zh": "联众经典"},
    "preset_name.lianzhong-simple": {"en": "Lianzhong simple", "zh": "联众简单"},
    "preset_name.weihai": {"en": "Weihai", "zh": "威海"},
    "preset_name.weifang": {"en": "Weifang", "zh": "潍坊"},
    "log.deal": {"en": "Round {round} dealt{redeal}; the throne goes to {name} first",
                 "zh": "第{round}局发牌{redeal}；先问 {name} 是否当皇帝"},
    "log.deal.held": {"en": "Round {round} dealt{redeal}; {name} holds the emperor card",
                      "zh": "第{round}局发牌{redeal}；皇牌在 {name} 手里"},
    "log.redeal": {"en": " (redeal {n})", "zh": "（重发 {n}）"},
    "log.offer": {"en": "{name} is offered the throne ({bundle})", "zh": "{name} 被请当皇帝（{bundle}）"},
    "log.decline": {"en": "{name} declines", "zh": "{name} 放弃"},
    "log.decline.yield": {"en": "{name} yields (让位)", "zh": "{name} 让位"},
    "log.decline.call": {"en": "{name} yields (让庄)", "zh": "{name} 让庄"},
    "log.decline.refuse": {"en": "{name} refuses", "zh": "{name} 拒绝"},
    # R-EMP-Q2 (and R-EMP-L3, R-WF-EMP-1): only a candidate without a callable group declines
    # by himself; "cannot call" alone left the reader to guess why
    "log.decline_auto": {"en": "{name} cannot call (no three identical cards, jokers and 2s "
                               "aside)",
                         "zh": "{name} 无牌可叫（没有三张同点数同花色的牌，王和 2 不算）"},
    "log.passes_to": {"en": "; the card goes on to the 上家, {name}", "zh": "，皇牌传给上家 {name}"},
    "log.adds": {"en": " and adds {card}", "zh": "，附上 {card}"},
    "log.emperor": {"en": "{name} is emperor (takes {bundle})", "zh": "{name} 当皇帝（拿到 {bundle}）"},
    # A bot's choice for my seat while I was away, {name} "A bot for you" (TableModel)
    "log.emperor.bot": {"en": "{name} takes the throne and {bundle}",
                        "zh": "{name} 接下皇位（拿到 {bundle}）"},
    "log.open_guard.bot": {"en": "{name} reveals you as the guard (明保): scores double",
                           "zh": "{name} 明保，分数翻倍"},
    "log.decline_auto.bot": {"en": "{name} declines: you have nothing to call (no three "
                                   "identical cards, jokers and 2s aside)",
                             "zh": "{name} 放弃：你无牌可叫（没有三张同点数同花色的牌，王和 2 不算）"},
    "log.call": {"en": "{name} calls {card}", "zh": "{name} 叫 {card}"},
    "log.call_open": {"en": "{name} shows four {card}: open solo!", "zh": "{name} 亮出四张 {card}：明独！"},
    "log.role.guard": {"en": "You hold the fourth card: you are the guard", "zh": "你有第四张：你是保皇派"},
    "log.role.guard_card": {"en": "You hold the marked SJ (侍卫牌): you are the guard",
                            "zh": "你有带剑小王（侍卫牌）：你是保皇派"},
    "log.role.emperor": {"en": "You are the emperor", "zh": "你是皇帝"},
    "log.role.emperor_guard_card": {
        "en": "You are the emperor and hold the marked SJ (侍卫牌): your own guard, one against "
              "four — a hidden solo (m before the first lead: 明独)",
        "zh": "你是皇帝，又有带剑小王（侍卫牌）：自己保自己，一打四——暗独（首轮出牌前按 m 宣布明独）"},
    "log.role.rebel": {"en": "You are a rebel", "zh": "你是革命党"},
    "log.lead": {"en": "{name} leads", "zh": "{name} 先出"},
    "log.lead.first_drawer": {"en": "{name} leads: in round 1 the first to draw leads",
                              "zh": "{name} 先出：第一局由先摸牌的人先出"},
    "log.lead.last_emperor": {"en": "{name} leads: the previous round's emperor leads",
                              "zh": "{name} 先出：由上一局的皇帝先出"},
    "log.jiefeng": {"en": "接风: {name} leads", "zh": "接风：{name} 先出"},
    "log.play": {"en": "{name}{role} plays {set}", "zh": "{name}{role} 出 {set}"},
    "log.emperor_tag": {"en": " ({role})", "zh": "（{role}）"},
    "log.pass": {"en": "{name} passes", "zh": "{name} 不要"},
    "log.trick": {"en": "{name} wins the trick", "zh": "{name} 赢了这一轮"},
    "log.out": {"en": "{name} is out: {place}", "zh": "{name} 出完：{place}"},
    "log.left_holding": {"en": "{name} is left holding cards: {place}",
                         "zh": "{name} 手里还有牌：{place}"},
    "log.reveal": {"en": "{name} played the fourth card: the guard is revealed",
                   "zh": "{name} 打出第四张：保皇派现身"},
    "log.reveal_solo": {"en": "{name} has played all four: a hidden solo!", "zh": "{name} 打出了四张：原来是暗独！"},
    "log.void": {"en": "Nobody took the throne: the deal is void", "zh": "没人当皇帝：本局作废重发"},
    "log.tribute": {"en": "Tribute: {items}", "zh": "进贡：{items}"},
    "log.round_end": {"en": "Round {round} over: {result}", "zh": "第{round}局结束：{result}"},
    # (the result in mid-sentence: the dialog's "The rebels win" stands alone, capitalised)
    "log.result.emperor": {"en": "the emperor's side wins", "zh": "皇帝一方胜"},
    "log.result.rebels": {"en": "the rebels win", "zh": "革命党胜"},
    "log.result.draw": {"en": "a draw", "zh": "平局"},
    "log.grab": {"en": "{name} grabs the throne: one against four!", "zh": "{name} 抢了皇帝：一打四！"},
    "log.skip.grab": {"en": "{name} does not grab", "zh": "{name} 不抢"},
    # ----- R-AUTO-2 (strict_auto) and R-AUTO-3 (quit_penalty) ---------------------------
    "auto.strict.on": {"en": "托管 by rule (t: take over). If the round ends so, the match ends",
                       "zh": "按规则托管（t 取消）。本局结束时仍在托管，游戏解散"},
    "auto.strict.stays": {"en": "托管 4 times: it stays on; the match ends with this round",
                          "zh": "本局托管超过三次，不能取消；本局结束游戏解散"},
    "status.auto_stays": {"en": "{key_auto} does nothing now: 托管 stays on till the round ends",
                          "zh": "现在按 {key_auto} 没有用：本局托管不能取消"},
    "auto.strict.all": {"en": "Everyone on 托管: this round is not scored, the match ends",
                        "zh": "全员托管：本局不计分，游戏解散"},
    "auto.strict.count": {"en": "托管 {n}/{limit} this round", "zh": "本局已托管 {n}/{limit} 次"},
    "auto.strict.last": {"en": "托管 {n} times: a 4th stays on", "zh": "已托管 {n} 次，再托管不能取消"},
    "auto.strict.others": {"en": "{names} on 托管: ends the match",
                           "zh": "{names} 托管中：局终解散"},
    "status.jokers_attached": {"en": "jokers only with natural cards, or all as your last set",
                               "zh": "王只能跟点数牌一起出（只剩王时一次出完）"},
    "result.unscored": {"en": "Not scored: every seat was on 托管.",
                        "zh": "本局不计分：全员托管。"},
    "result.last_auto": {"en": "The match ends: a seat was on 托管 when the round ended.",
                         "zh": "游戏解散：局终时有人托管。"},
    "log.match_end_auto": {"en": "Match over: a seat was on 托管 at the round's end",
                           "zh": "比赛结束：局终时有人托管"},
    "log.auto_on": {"en": "{name}: 托管 on ({n} this round)", "zh": "{name}：托管（本局第{n}次）"},
    "log.auto_stays": {"en": "{name}: 托管 on a 4th time, on to the round's end",
                       "zh": "{name}：第四次托管，本局不能取消"},
    "log.auto_off": {"en": "{name} takes the seat back", "zh": "{name} 取消托管"},
    "log.penalty": {"en": "{name} {why}: {points} points", "zh": "{name}{why}：{points} 分"},
    "log.penalty_one": {"en": "{name} {why}: {points} point", "zh": "{name}{why}：{points} 分"},
    "log.penalty.left": {"en": "quit", "zh": "中途退出"},
    "log.penalty.removed": {"en": "was removed", "zh": "被踢出"},
    "quit.penalty": {"en": "Leaving now costs you {points} points (the quit penalty).",
                     "zh": "现在离开要扣 {points} 分（中途退出扣分）。"},
    "quit.penalty_one": {"en": "Leaving now costs you 1 point (the quit penalty).",
                         "zh": "现在离开要扣 1 分（中途退出扣分）。"},
    "hint.yield": {"en": "Nothing worth it on {set} — 让牌 (y or {key_play})",
                   "zh": "{set} 不值得压 — 让牌（y 或 {key_play}）"},
    "ask.title": {"en": "Your chance to declare", "zh": "可以表态了"},
    "ask.throne": {"en": "{name} is being offered the throne; the table waits for you.",
                   "zh": "正在问 {name} 是否当皇帝；大家在等你。"},
    "ask.first_lead": {"en": "Before the first lead the table waits for everyone.",
                       "zh": "首家出牌前，大家等每个人表态。"},
    "ask.grab": {"en": "g: grab 抢 (抢庄 / 抢独)", "zh": "g：抢（抢庄 / 抢独）"},
    "ask.open_guard": {"en": "m: 明保 — reveal yourself as the guard, scores double",
                       "zh": "m：明保——亮明保皇派身份，分数翻倍"},
    "ask.none": {"en": "n or Enter: nothing to declare — play on", "zh": "n 或回车：不表态，继续"},
    "key.ask.grab": {"en": "Grab", "zh": "抢"},
    "key.ask.open_guard": {"en": "明保", "zh": "明保"},
    "key.ask.none": {"en": "Not now", "zh": "不表态"},
    # My seat's own acts on my own screen (TableParts.you_words): "You pass", not "Li passes"
    "you.log.offer": {"en": "You are offered the throne ({bundle})", "zh": "你被请当皇帝（{bundle}）"},
    "you.log.forced": {"en": "逼庄: you must call", "zh": "逼庄：你必须叫庄"},
    "you.log.decline": {"en": "You decline", "zh": "你放弃"},
    "you.log.decline.yield": {"en": "You yield (让位)", "zh": "你让位"},
    "you.log.decline.call": {"en": "You yield (让庄)", "zh": "你让庄"},
    "you.log.decline.refuse": {"en": "You refuse", "zh": "你拒绝"},
    "you.log.decline_auto": {"en": "You cannot call (no three identical cards, jokers and 2s "
                                   "aside)",
                             "zh": "你无牌可叫（没有三张同点数同花色的牌，王和 2 不算）"},
    "you.log.emperor": {"en": "You are emperor (you take {bundle})", "zh": "你当皇帝（拿到 {bundle}）"},
    "you.log.grab": {"en": "You grab the throne: one against four!", "zh": "你抢了皇帝：一打四！"},
    "you.log.skip.grab": {"en": "You do not grab", "zh": "你不抢"},
    "you.log.grab_declared": {"en": "You grab (抢)!", "zh": "你抢！"},
    "you.log.solo": {"en": "You declare an open solo (明独保): one against four",
                     "zh": "你明独保：一打四"},
    "you.log.call": {"en": "You call {card}", "zh": "你叫 {card}"},
    "you.log.call_open": {"en": "You show four {card}: open solo!", "zh": "你亮出四张 {card}：明独！"},
    "you.log.lead": {"en": "You lead", "zh": "你先出"},
    "you.log.lead.first_drawer": {"en": "You lead: in round 1 the first to draw leads",
                                  "zh": "你先出：第一局由先摸牌的人先出"},
    "you.log.lead.last_emperor": {"en": "You lead: the previous round's emperor leads",
                                  "zh": "你先出：由上一局的皇帝先出"},
    "you.log.jiefeng": {"en": "接风: you lead", "zh": "接风：你先出"},
    "you.log.play": {"en": "You{role} play {set}", "zh": "你{role}出 {set}"},
    "you.log.pass": {"en": "You pass", "zh": "你不要"},
    "you.log.trick": {"en": "You win the trick", "zh": "你赢了这一轮"},
    "you.log.kou": {"en": "扣牌: you win the trick", "zh": "扣牌：你赢了这一轮"},
    "you.log.yield": {"en": "You yield (让牌)", "zh": "你让牌"},
    "you.log.open_guard": {"en": "You reveal: the guard (明保), scores double",
                           "zh": "你明保，分数翻倍"},
    "you.log.open_solo": {"en": "You declare a solo (明独)", "zh": "你明独"},
    "you.log.skip.open_guard": {"en": "You stay hidden (no 明保)", "zh": "你不明保"},
    "you.log.rebel": {"en": "You rebel (造反)!", "zh": "你造反！"},
    "you.log.skip.rebel": {"en": "You do not rebel", "zh": "你不造反"},
    "you.log.kick": {"en": "You kick (踢)", "zh": "你踢"},
    "you.log.kick_rebel": {"en": "You kick (踢): it counts once a second rebel kicks too",
                           "zh": "你踢（革命党要两人都踢才算数）"},
    "you.log.skip.kick": {"en": "You do not kick", "zh": "你不踢"},
    "you.log.skip.rekick": {"en": "You do not kick back", "zh": "你不反踢"},
    "you.log.abdicate": {"en": "You abdicate (让位) to {to}: you are his guard",
                         "zh": "你让位给 {to}：你是他的保皇派"},
    "you.log.abdication": {"en": "You hold the guard card: 明保, scores ×2",
                           "zh": "你持有侍卫牌：明保，分数×2"},
    "you.log.rebellion": {"en": "造反成功: you are the guard, now open — scores double",
                          "zh": "造反成功：你是保皇派（算明保），分数翻倍"},
    "you.log.rebellion_solo": {"en": "造反成功: you play a hidden solo — scores double",
                               "zh": "造反成功：你在打暗独，分数翻倍"},
    "you.log.reveal": {"en": "You played the fourth card: the guard is revealed",
                       "zh": "你打出第四张：保皇派现身"},
    "you.log.reveal_solo": {"en": "You have played all four: a hidden solo!",
                            "zh": "你打出了四张：原来是暗独！"},
    "you.log.out": {"en": "You are out: {place}", "zh": "你出完：{place}"},
    "you.log.left_holding": {"en": "You are left holding cards: {place}",
                             "zh": "你手里还有牌：{place}"},
    "you.log.stuck": {"en": "闷: you have only held-back cards left and are stuck by {by}: {place}",
                      "zh": "闷：你只剩憋着的牌，被 {by} 闷住：{place}"},
    "you.log.auto_on": {"en": "You: 托管 on ({n} this round)", "zh": "你：托管（本局第{n}次）"},
    "you.log.auto_stays": {"en": "You: 托管 on a 4th time, on to the round's end",
                           "zh": "你：第四次托管，本局不能取消"},
    "you.log.auto_off": {"en": "You take the seat back", "zh": "你取消托管"},
}


_TOO_LATE = {"grab": ("grab 抢", "抢"), "open_guard": ("明保", "明保"), "rebel": ("造反", "造反")}
"""The declarations out of turn (English, Chinese), which the table may have moved past as
their key was pressed: the rules refuse them then."""

# The rules' refusals a screen can meet, each key ending in the engine's English words (its
# msgid, ``{field}`` where they vary: ``i18n.RULES_WORDS``); said without their rule ids.
STRINGS.update({
    "refused.rules.托管 more than {limit} times this round: it stays on until the round ends "
    "(R-AUTO-2)": {"en": "托管 more than {limit} times this round: it stays on until the round ends",
                   "zh": "本局托管已超过 {limit} 次：到本局结束都不能取消"},
    "refused.rules.the match is over": {"en": "the match is over", "zh": "比赛已经结束"},
    **{f"refused.rules.{msgid}": {"en": f"too late: {en} is no longer possible",
                                  "zh": f"来不及了：现在不能{zh}"}
       for kind, (en, zh) in _TOO_LATE.items()
       for msgid in (f"'{kind}' is not possible for you now",
                     f"'{kind}' is not possible now ({{phase}} phase)")},
})
