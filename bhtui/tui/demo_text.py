"""The rules demo's words, in English and Chinese. The examples in it come from the engine."""

from __future__ import annotations

CHAPTERS: list[dict[str, dict[str, str]]] = [
    {
        "title": {"en": "1 · Cards and their order", "zh": "1 · 牌与大小"},
        "body": {
            "en": "Baohuang is played by five with four full decks: 216 cards.\n"
                  "Ranks, low to high (suits never make a card higher):\n\n{ranks}\n\n"
                  "SJ is the small joker (小王), BJ the big joker (大王). Suits matter only to\n"
                  "find the emperor's secret guard (chapter 3).",
            "zh": "保皇五人玩，用四副牌共 216 张。\n点数从小到大（花色不分大小）：\n\n{ranks}\n\n"
                  "SJ 是小王，BJ 是大王。花色只在找暗保时有用（第 3 章）。",
        },
    },
    {
        "title": {"en": "2 · Sets, and what beats what", "zh": "2 · 一套牌与压牌"},
        "body": {
            "en": "A set is any number of cards of ONE rank, plus any jokers: 9 9 9 + SJ.\n"
                  "Never a straight, never two ranks.\n\n"
                  "To beat a set, play the same number of cards, and — both sorted high to low —\n"
                  "every card of yours must be higher than the card in its place:\n"
                  "  J J J BJ BJ beats 9 9 9 SJ SJ      9 9 9 9 does not beat 8 8 8 SJ\n"
                  "A small joker needs a big joker above it; nothing beats a big joker.\n\n"
                  "Try it: {task}  (type the set as at the table, {keys}, or as {example};\n"
                  "then Enter)",
            "zh": "一套牌是同一点数的若干张，可带任意王：9 9 9 + 小王。\n不能连牌，也不能混两种点数。\n\n"
                  "压牌要张数相同，从大到小逐张比，每一张都要更大：\n"
                  "  J J J 大王 大王 压得过 9 9 9 小王 小王      9 9 9 9 压不过 8 8 8 小王\n"
                  "挂小王的牌要用挂大王的牌来管；挂大王的牌谁也压不过。\n\n"
                  "试试看：{task}（像在牌桌上一样按键输入，如 {keys}，或写成 {example}，然后按回车）",
        },
    },
    {
        "title": {"en": "3 · The emperor and the secret guard", "zh": "3 · 皇帝与暗保"},
        "body": {
            "en": "After the deal a random player is offered the emperor card (a big joker).\n"
                  "He may accept only with three identical cards (same rank AND suit, not a joker\n"
                  "or a 2). Declining passes it to his 上家 (the previous player: the card goes\n"
                  "against the play), and each later decliner adds a 2 to the bundle.\n"
                  "The emperor calls one card, its rank and suit said to all, of which he holds\n"
                  "three identical copies; whoever holds the fourth copy is his secret guard.\n"
                  "Holding all four, he plays alone (a solo). Everyone else is a rebel. This\n"
                  "deal, played by the real engine:\n\n{log}",
            "zh": "发牌后随机选一人问他是否当皇帝（拿大王）。手里要有三张同点同花的牌（不能是王或 2）\n"
                  "才能接受。放弃就传给上家（皇牌与出牌方向相反），之后每个放弃的人都要附上一张 2。\n"
                  "皇帝叫一张牌，点数和花色大家都知道，他自己手里有三张一模一样的；\n"
                  "持有第四张的人就是暗保；四张都在手里就打独。\n"
                  "其余的人是革命党。下面是引擎实际打出的一局：\n\n{log}",
        },
    },
    {
        "title": {"en": "4 · Tricks, passing and 接风", "zh": "4 · 出牌、不要与接风"},
        "body": {
            "en": "The emperor leads. In turn, each player beats the set on top or passes — a pass\n"
                  "answers only that set: you may beat a later one. When all others have passed,\n"
                  "the last player leads again. If he has just gone out, the next player takes the\n"
                  "lead: 接风. Playing the fourth called card reveals the guard. The same deal:\n\n{log}",
            "zh": "皇帝先出。轮流压过上面的牌或者不要——不要只针对那一手，之后还可以再压。\n"
                  "其余人都不要时，最后出牌的人再出。他刚出完的话，由下家接风。\n"
                  "打出第四张叫牌的人就暴露了保皇派身份。接着上面那一局：\n\n{log}",
        },
    },
    {
        "title": {"en": "5 · Places and scoring", "zh": "5 · 名次与计分"},
        "body": {
            "en": "Going out 1st to 5th scores 4, 2, 0, -2, -4 (头科 二科 三科 二落 大落).\n"
                  "Each side adds its members' points, and each member gets the side's total.\n"
                  "Both sides 0 is a draw. An open solo doubles everything. Computed by the engine:\n\n{examples}",
            "zh": "出完的名次 头科 二科 三科 二落 大落 分别得 4、2、0、-2、-4 分。\n"
                  "每一方把成员的分加起来，每个成员都得这一方的总分。两方都是 0 分为平局，明独翻倍。\n"
                  "引擎算出的例子：\n\n{examples}",
        },
    },
    {
        "title": {"en": "6 · Tribute", "zh": "6 · 进贡"},
        "body": {
            "en": "The next round starts with tribute from the losers: always their highest cards,\n"
                  "nothing comes back. Emperor side won: each rebel gives one — the guard takes the\n"
                  "middle one, the emperor the other two. Emperor side lost: the emperor gives two,\n"
                  "the guard one, and the rebels take them in their finishing order, the highest\n"
                  "card to the best placed. Solos pay four; an open solo doubles it; a draw pays\n"
                  "nothing. For example:\n\n{examples}",
            "zh": "下一局开始时输的一方进贡，永远是最大的牌，不还贡。皇帝一方赢：每个革命党进一张，\n"
                  "保皇派拿中间那张，皇帝拿另外两张。皇帝一方输：皇帝进两张、保皇派进一张，\n"
                  "革命党按名次从大到小拿。打独进四张，明独翻倍，平局不进贡。例如：\n\n{examples}",
        },
    },
    {
        "title": {"en": "7 · A round, commented", "zh": "7 · 带讲解的一局"},
        "body": {
            "en": "Five bots play a whole round with every hand shown. Step through it:\n"
                  "→ / ← one action, ] / [ one trick, Home / End. Esc comes back here.\n\n"
                  "Press Enter to start.",
            "zh": "五个机器人打一整局，所有手牌都公开。逐步观看：\n"
                  "→ / ← 一步，] / [ 一轮，Home / End。按 Esc 回到这里。\n\n按回车开始。",
        },
    },
    {
        "title": {"en": "8 · Weihai rules (威海)", "zh": "8 · 威海玩法"},
        "body": {
            "en": "165 cards (no 3s, 4s, 5s, three 6s fewer), 33 each. One big joker is\n"
                  "marked: its holder is the emperor, for all to see. One small joker is\n"
                  "marked too: its holder is the secret guard. Nobody calls. Before\n"
                  "anything else each player is asked once whether to grab an open solo\n"
                  "(明渡): the marks then count for nothing. The emperor keeps his throne —\n"
                  "or, holding both marked cards, he may abdicate (让位) to the player after\n"
                  "next and be his guard, known to all, or show both and play an open solo.\n"
                  "Then, before the first lead, everyone is asked in turn: 明保 (the guard\n"
                  "shows himself), 造反 (two rebels force the guard out), and after either 踢 (the\n"
                  "other side doubles again; rebels need two kickers). Each doubles\n"
                  "the scores: at most ×4. 6s go out last, alone (憋6). Places score 6 3 0\n"
                  "-3 -6; the emperor gets 2/3 of his side's total, the guard 1/3, each\n"
                  "rebel 1/3 of theirs. Computed by the engine:\n"
                  "\n"
                  "{examples}",
            "zh": "165张（去掉3、4、5，再少三张6），每人33张。一张大王有标记：拿到的人就是\n"
                  "皇帝，大家都知道。一张小王也有标记：拿到的人是暗保。不叫牌。先依次问每个\n"
                  "人要不要明渡（抢独），明渡后标记牌就不算了。皇帝坐稳——或者两张标记牌都在\n"
                  "手时，可以让位给隔一家的人并当他的保皇派（公开），也可以亮出来打明独。出\n"
                  "牌之前依次问：明保（保皇派亮明），造反（两个革命党造反就逼出保皇派），之\n"
                  "后还可以踢（另一方再翻倍；革命党要两人踢）。每一项都翻倍，最多×4。6要最\n"
                  "后单独出（憋6）。名次得 6 3 0 -3 -6；皇帝得本方总分的2/3，保皇派1/3，革\n"
                  "命党各得本方的1/3。引擎算出的例子：\n"
                  "\n"
                  "{examples}",
        },
    },
    {
        "title": {"en": "9 · Weifang rules (潍坊)", "zh": "9 · 潍坊玩法"},
        "body": {
            "en": "205 cards: only five 3s, 41 each. After the deal everyone must hold one\n"
                  "3: who has none buys one with a 2 (买3). The marked big joker is dealt;\n"
                  "its holder takes the throne with three identical cards or hands it to\n"
                  "his 上家, who adds a 2 from the second yielder on. The emperor calls a\n"
                  "card he holds three identical copies of; its fourth copy becomes the\n"
                  "guard card (GC), above the big joker. Three 2s kill a big joker, four\n"
                  "kill the GC. Your 3 is your last card, alone (憋3): left with only it\n"
                  "while someone else's set is on top, you are stuck (闷) at the bottom and\n"
                  "owe whoever beat your last set your best joker or 2 (闷供). Places score\n"
                  "4 2 0 -2 -4 by side (明保, 明独 ×2); the losers pay 2s (落供). The first\n"
                  "drawer — the last emperor — leads. Judged and computed by the engine:\n"
                  "\n"
                  "{examples}",
            "zh": "205张：3只留五张，每人41张。发完牌每人必须有一张3：没有的用一张2去买（买\n"
                  "3）。带标记的大王发在手里，拿到的人有三张一模一样的牌就可登基，否则传给\n"
                  "上家，从第二个让的人起每人附一张2。皇帝叫一张自己有三张一模一样的牌，它\n"
                  "的第四张成为特画（GC），大过大王。三个2管大王，四个2管特画。3必须最后单\n"
                  "独出（憋3）：只剩3又要压别人的牌，就被闷住排在最后，下局要给压你最后一手\n"
                  "的人进最大的王或2（闷供）。名次按方得 4 2 0 -2 -4（明保、明独×2），输的\n"
                  "一方进2（落供）。先摸牌的人（上局的皇帝）先出。引擎判定与算出的例子：\n"
                  "\n"
                  "{examples}",
        },
    },
]

TASKS: list[dict[str, str]] = [
    {"top": "9 9 9 SJ", "example": "J J J BJ", "keys": "jjjb",
     "en": "beat 9 9 9 + SJ", "zh": "压过 9 9 9 + 小王"},
    {"top": "A A A A", "example": "2 2 2 2", "keys": "2222",
     "en": "beat A A A A", "zh": "压过 A A A A"},
]

WORDS = {
    # (one line at 80 columns; ctrl+q is in the footer)
    "keys": {"en": "PgDn/PgUp chapter · 1-9, 0 jump · c chapters · ↑↓ scroll · Esc leaves answer",
             "zh": "PgDn/PgUp 翻章 · 1-9、0 跳到第 1-10 章 · c 目录 · ↑↓ 滚动 · Esc 离开输入框"},
    "help": {
        "en": ("DEMO KEYS\n"
               "  PgDn PgUp  the next, the previous chapter · ↑↓  scroll a long one\n"
               "  1-9, 0  chapters 1 to 10 · c  every chapter, in a list\n"
               "  Enter  where a chapter offers it: bots play a deal, every hand shown\n"
               "  Esc  (chapter 2) out of the answer box, so the keys above work again\n"
               "  ctrl+q  quit\n"
               "Below: the table's keys and rules, for when you play."),
        "zh": ("演示按键\n"
               "  PgDn PgUp  下一章、上一章 · ↑↓  滚动较长的章节\n"
               "  1-9、0  第 1-10 章 · c  目录（全部章节）\n"
               "  回车  章节里提示时：看机器人打一局，所有手牌公开\n"
               "  Esc  （第 2 章）离开输入框，上面的按键才重新有效\n"
               "  ctrl+q  退出\n"
               "以下是牌桌上的按键和规则，开始打牌时用得上。"),
    },
    # Below the last chapter: the tour ends there, and says how to leave it and how to play
    # (a door's visitor runs no bhtui of his own: he is told how to leave alone)
    "end": {"en": "That is the end of the tour. PgUp or c shows any chapter again; ctrl+q "
                  "leaves the demo. To play: bhtui starts a game against bots, bhtui join takes a "
                  "seat at a table on your LAN, bhtui host opens one.",
            "zh": "导览到此结束。按 PgUp 或 c 可以重看任何一章；按 ctrl+q 退出演示。想打牌：运行 "
                  "bhtui 和机器人打，bhtui join 加入局域网上的牌桌，bhtui host 自己开一桌。"},
    "end.visit": {"en": "That is the end of the tour. PgUp or c shows any chapter again; ctrl+q "
                        "leaves the demo.",
                  "zh": "导览到此结束。按 PgUp 或 c 可以重看任何一章；按 ctrl+q 退出演示。"},
    "chapters.title": {"en": "Chapters", "zh": "目录"},
    "chapters.keys": {"en": "↑↓ choose · Enter open · 1-9, 0 the first ten · Esc back",
                      "zh": "↑↓ 选择 · 回车 打开 · 1-9、0 第 1-10 章 · Esc 返回"},
    "right": {"en": "✓ {new} beats {old}.", "zh": "✓ {new} 压得过 {old}。"},
    "next_task": {"en": " Next: {task}.", "zh": " 下一题：{task}。"},
    "done": {"en": " Well done — PgDn for the next chapter.", "zh": " 做得好——按 PgDn 看下一章。"},
    "not_set": {"en": "✗ That is not a set: {why}", "zh": "✗ 这不是一套牌：{why}"},
    "size": {"en": "✗ {old} has {n} cards: you need exactly {n}.", "zh": "✗ {old} 有 {n} 张，你也要出 {n} 张。"},
    "big": {"en": "✗ Nothing beats a set with a big joker.", "zh": "✗ 挂大王的牌谁也压不过。"},
    "small": {"en": "✗ {old} has {n} small jokers: you need a big joker for each.",
              "zh": "✗ {old} 有 {n} 个小王，每个都要用大王来管。"},
    "small_one": {"en": "✗ {old} has a small joker: you need a big joker for it.",
                  "zh": "✗ {old} 有一个小王，要用一个大王来管。"},
    "rank": {"en": "✗ Your {mine} must outrank the {theirs} of {old}.",
             "zh": "✗ 你的 {mine} 必须大过 {old} 里的 {theirs}。"},
    "example.side": {"en": "Emperor 1st, guard 4th, rebels 2nd 3rd 5th: emperor side {e}, rebels {r}.",
                     "zh": "皇帝头科、保皇派二落，革命党二科 三科 大落：皇帝一方 {e}，革命党 {r}。"},
    "example.draw": {"en": "Emperor 2nd, guard 4th: {e} and {r} — a draw.",
                     "zh": "皇帝二科、保皇派二落：{e} 与 {r}——平局。"},
    "example.solo": {"en": "Open solo, emperor 1st: emperor {e}, each rebel {r}.",
                     "zh": "明独，皇帝头科：皇帝 {e}，每个革命党 {r}。"},
    "example.won": {"en": "After a 2 v 3 win (emperor E, guard G): {items}",
                    "zh": "皇帝一方获胜后（皇帝 E，保皇派 G）：{items}"},
    "example.lost": {"en": "After a 2 v 3 loss ({places}): {items}",
                     "zh": "皇帝一方输了之后（{places}）：{items}"},
    "example.place": {"en": "{name} {place}", "zh": "{name} {place}"},
    "example.places": {"en": "1st 2nd 3rd 4th 5th", "zh": "头科 二科 三科 二落 大落"},
    "example.places.join": {"en": ", ", "zh": "、"},
    "comment.offer": {"en": "The emperor card is offered.", "zh": "询问是否当皇帝。"},
    "comment.emperor": {"en": "An emperor! Next he calls a card he holds three identical copies of.",
                        "zh": "皇帝产生了！接下来他叫一张牌：他手里有三张一模一样的。"},
    "comment.call": {"en": "Whoever holds the fourth {card} is the secret guard — only he knows.",
                     "zh": "持有第四张 {card} 的人就是暗保——只有他自己知道。"},
    "comment.reveal": {"en": "The fourth called card is on the table: the guard is known now.",
                       "zh": "第四张叫牌打出来了：保皇派现身。"},
    "comment.out": {"en": "Out! Places decide the score.", "zh": "出完了！名次决定得分。"},
    "comment.jiefeng": {"en": "The trick's winner is out, so the next player takes the lead: 接风.",
                        "zh": "赢这一轮的人已经出完，由下家接风。"},
    "example.weihai.kicked": {"en": "Emperor 1st, guard 3rd, 明保 + 踢 (×4): {e}, {g}, each rebel {r}.",
                              "zh": "皇帝头科、保皇派三科，明保加踢（×4）：皇帝 {e}，保皇派 {g}，每个革命党 {r}。"},
    "example.weihai.solo": {"en": "Hidden solo: 1st {first}, 2nd {second}, lower {lower} "
                                  "(then each rebel {rebel}).",
                            "zh": "暗独：头科 {first}，二科 {second}，更低 {lower}（输时每个革命党 {rebel}）。"},
    "example.weifang.beats": {"en": "{new} beats {old}: {yes}", "zh": "{new} 压 {old}：{yes}"},
    "example.yes": {"en": "yes", "zh": "能"},
    "example.no": {"en": "no", "zh": "不能"},
    "example.weifang.side": {"en": "Emperor 1st, guard 4th, with 明保: each royal {e}, each rebel {r}.",
                             "zh": "皇帝头科、保皇派二落，明保：皇帝一方每人 {e}，革命党每人 {r}。"},
    "example.weifang.tribute": {"en": "After it, with R2 stuck by E: {items}",
                                "zh": "之后（R2 被 E 闷住）：{items}"},
    "comment.round_end": {"en": "Round over: each side scores the sum of its places.",
                          "zh": "本局结束：每一方按名次分数之和计分。"},
}
