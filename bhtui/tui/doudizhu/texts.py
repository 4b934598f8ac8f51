"""Dou Dizhu's words on the screen, in English and simplified Chinese."""

from __future__ import annotations

from bhtui.tui.texts import CHAT_KEY

STRINGS: dict[str, dict[str, str]] = {
    "preset_name.classic": {"en": "Classic", "zh": "经典"},
    "preset_name.shanghai": {"en": "Shanghai", "zh": "上海"},
    "preset.classic": {"en": "Classic (three players, one deck, bids 1-3, bombs double)",
                       "zh": "经典（三人一副牌，叫1-3分，炸弹翻倍）"},
    "preset.shanghai": {"en": "Shanghai (four players, two decks, 头撂, 摊打, 报到, 荒番)",
                        "zh": "上海（四人两副牌，头撂、摊打、报到、荒番）"},
    "option.base": {"en": "底分: the base score, the stake's first factor (Space: the next)",
                    "zh": "底分：分值的第一个因子（空格：下一个）"},
    "option.escape": {"en": "逃跑: a player who leaves pays what the others would have won",
                      "zh": "逃跑：离开的人赔付其他人应得的分"},
    "ddz.role.landlord": {"en": "landlord", "zh": "地主"},
    "ddz.role.farmer": {"en": "farmer", "zh": "农民"},
    "ddz.badge.landlord": {"en": "landlord", "zh": "地主"},
    "ddz.round": {"en": "Deal {n}", "zh": "第{n}局"},
    "ddz.result.last": {"en": "That was the last deal.", "zh": "这是最后一局。"},
    "ddz.saved.lost": {"en": "saved to deal {n} only ({reason})",
                       "zh": "只保存到第{n}局（{reason}）"},
    "ddz.farewell.totals": {"en": "totals after deal {n}: {totals}", "zh": "第{n}局后总分：{totals}"},
    "ddz.farewell.totals_since": {"en": "totals after deal {n}, with deal {m}'s penalties "
                                        "({since}): {totals}",
                                  "zh": "第{n}局后总分（含第{m}局罚分：{since}）：{totals}"},
    "ddz.farewell.totals_first": {"en": "totals with deal {m}'s penalties ({since}): {totals}",
                                  "zh": "总分（含第{m}局罚分：{since}）：{totals}"},
    "ddz.pane.scores.of": {"en": "Scores · deal {n} of {total}", "zh": "比分 · 第{n}局/共{total}局"},
    "ddz.pane.scores.at": {"en": "Scores · deal {n}", "zh": "比分 · 第{n}局"},
    "ddz.scores.title": {"en": "Every deal's scores", "zh": "每局得分"},
    "ddz.lobby.state.round": {"en": "deal {n}", "zh": "第{n}局"},
    "ddz.scores.none": {"en": "No deal has ended yet.", "zh": "还没有打完的局。"},
    "ddz.redeal": {"en": " (dealt again {n}×)", "zh": "（重发 {n} 次）"},
    "ddz.redeal_line": {"en": "Redealt {n}×", "zh": "重发{n}次"},
    "ddz.bidding": {"en": "High bid {high}", "zh": "最高叫{high}分"},
    "ddz.no_bid_yet": {"en": "No bid yet", "zh": "还没人叫"},
    "ddz.landlord_line": {"en": "Landlord {name}", "zh": "地主 {name}"},
    "ddz.levels_short": {"en": "Lv", "zh": "级分"},
    "ddz.landlord_bid": {"en": "Landlord bid {bid}", "zh": "地主叫{bid}分"},
    "ddz.bid_short": {"en": ", bid {bid}", "zh": " · {bid}分"},
    "ddz.bombs_line": {"en": "×{m} · bombs {n}", "zh": "×{m} · 炸弹 {n}"},
    "ddz.stake_line": {"en": "Stake {stake}", "zh": "分值 {stake}"},
    "ddz.stake_if_won": {"en": ", win {stake}", "zh": "，赢则{stake}"},
    "ddz.if_won": {"en": "win: {factors}", "zh": "赢则：{factors}"},
    "ddz.if_won_at": {"en": "win {stake}: {factors}", "zh": "赢则{stake}：{factors}"},
    "ddz.kitty": {"en": "Kitty {cards}", "zh": "底牌 {cards}"},
    "ddz.kitty_hidden": {"en": "Kitty {n} hidden", "zh": "底牌 {n} 张未亮"},
    "ddz.mark": {"en": "Mark {card}", "zh": "标记 {card}"},
    "ddz.factor.bombs": {"en": "bombs", "zh": "炸弹"},
    "ddz.factor.spring": {"en": "spring", "zh": "春天"},
    "ddz.factor.anti_spring": {"en": "anti-spring", "zh": "反春"},
    "ddz.factor.huangfan": {"en": "redeal (荒番)", "zh": "荒番"},
    "ddz.factor.mark": {"en": "joker mark", "zh": "王标记"},
    "ddz.factor.toulia": {"en": "opener (头撂)", "zh": "头撂"},
    "ddz.factor.open": {"en": "open (摊打)", "zh": "摊打"},
    "ddz.factor.report": {"en": "report (报到)", "zh": "报到"},
    "ddz.bid_badge": {"en": "bid {n}", "zh": "叫{n}"},
    "ddz.no_bid": {"en": "no bid", "zh": "不叫"},
    "ddz.bomb_badge": {"en": "bombs {n}/{limit}", "zh": "炸{n}/{limit}"},
    "ddz.shown.open": {"en": "{name} plays open (摊打): {cards}", "zh": "{name} 摊打：{cards}"},
    "ddz.shown.report": {"en": "{name} reported (报到), played whole: {cards}",
                         "zh": "{name} 报到，须整手打出：{cards}"},
    "ddz.kind.single": {"en": "single", "zh": "单张"},
    "ddz.kind.pair": {"en": "pair", "zh": "对子"},
    "ddz.kind.trio": {"en": "trio", "zh": "三张"},
    "ddz.kind.trio_single": {"en": "trio + one", "zh": "三带一"},
    "ddz.kind.trio_pair": {"en": "trio + pair", "zh": "三带一对"},
    "ddz.kind.straight": {"en": "straight", "zh": "顺子"},
    "ddz.kind.pair_run": {"en": "pair run", "zh": "连对"},
    "ddz.kind.airplane": {"en": "airplane", "zh": "飞机"},
    "ddz.kind.airplane_singles": {"en": "airplane + singles", "zh": "飞机带单"},
    "ddz.kind.airplane_pairs": {"en": "airplane + pairs", "zh": "飞机带对"},
    "ddz.kind.four_two": {"en": "four + two", "zh": "四带二"},
    "ddz.kind.four_two_pairs": {"en": "four + two pairs", "zh": "四带两对"},
    "ddz.kind.bomb": {"en": "BOMB", "zh": "炸弹"},
    "ddz.kind.rocket": {"en": "ROCKET", "zh": "王炸"},
    "ddz.kind.joker_bomb": {"en": "FOUR-JOKER BOMB", "zh": "四王炸"},
    "ddz.log.deal": {"en": "— Deal {round}{redeal}: {name} bids first{extra} —",
                     "zh": "—— 第{round}局{redeal}：{name} 先叫{extra} ——"},
    "ddz.log.huangfan": {"en": " · 荒番 (scores ×2)", "zh": " · 荒番（分数×2）"},
    "ddz.log.mark": {"en": " · mark card {card}", "zh": " · 标记牌 {card}"},
    "ddz.log.bid": {"en": "{name} bids {n}", "zh": "{name} 叫{n}分"},
    "ddz.log.no_bid": {"en": "{name} does not bid", "zh": "{name} 不叫"},
    "ddz.log.void": {"en": "Nobody bid: the cards are dealt again", "zh": "都不叫：重新发牌"},
    "ddz.log.landlord": {"en": "{name} is the landlord at {bid}{extra}",
                         "zh": "{name} 当地主，{bid}分{extra}"},
    "ddz.log.toulia": {"en": " (头撂: ×4/3 if the landlord wins)", "zh": "（头撂：赢了×4/3）"},
    "ddz.log.forced": {"en": " (third void deal: the first bidder must)",
                       "zh": "（连续三次没人叫：首叫者当地主）"},
    "ddz.log.kitty": {"en": "Kitty to {name}: {cards}", "zh": "{name} 拿底牌：{cards}"},
    "ddz.log.open": {"en": "{name} plays open (摊打): scores ×2", "zh": "{name} 摊打：分数×2"},
    "ddz.log.skip_open": {"en": "{name} plays closed", "zh": "{name} 不摊打"},
    "ddz.log.skip_report": {"en": "{name} reports nothing", "zh": "{name} 不报到"},
    "ddz.log.report_fight": {"en": "{name} reports (报到) {groups} and plays on (打)",
                             "zh": "{name} 报到 {groups}，打"},
    "ddz.log.report_stop": {"en": "{name} reports (报到) {groups} and stops (不打): he wins",
                            "zh": "{name} 报到 {groups}，不打：地主胜"},
    "ddz.log.report_stop.bot": {"en": "{name} reports (报到) {groups} and stops (不打): you win",
                                "zh": "{name} 报到 {groups}，不打：你（地主）胜"},
    "ddz.log.landlord_tag": {"en": " ({role})", "zh": "（{role}）"},
    "ddz.log.play": {"en": "{name}{role} plays {kind} {hand}", "zh": "{name}{role} 出{kind} {hand}"},
    "ddz.log.pass": {"en": "{name} passes", "zh": "{name} 不要"},
    "ddz.log.trick": {"en": "Nobody beats it: {name} leads again", "zh": "没人要：{name} 接着出"},
    "ddz.log.escape": {"en": "{name} escaped ({why}): he pays what the others would have won",
                       "zh": "{name} 逃跑（{why}）：赔付其他人应得的分"},
    "ddz.log.escape.left": {"en": "{name} escaped ({why}): he pays 1.1 times what the others "
                                  "would have won",
                            "zh": "{name} 逃跑（{why}）：赔付其他人应得分数的 1.1 倍"},
    "ddz.log.result": {"en": "Deal {round} over: {winner}", "zh": "第{round}局结束：{winner}"},
    "ddz.winner.landlord": {"en": "the landlord wins", "zh": "地主胜"},
    "ddz.winner.farmers": {"en": "the farmers win", "zh": "农民胜"},
    "ddz.why.left": {"en": "left", "zh": "离开"},
    "ddz.why.disconnected": {"en": "disconnected", "zh": "断线"},
    "ddz.why.timeouts": {"en": "timed out", "zh": "超时"},
    "ddz.quit.question_escape": {"en": "Quit bhtui? This deal then ends as your escape, and "
                                       "the match is saved with it: to play on later, run "
                                       "bhtui replay, End, then p (the next deal).",
                                 "zh": "退出 bhtui？本局将按你逃跑结算，比赛连同本局一起保存："
                                       "以后想接着打，运行 bhtui replay，按 End 再按 p（从下一局"
                                       "打起）。"},
    "ddz.quit.escape": {"en": "Leaving now is an escape (逃跑): you pay 1.1 times what the "
                              "others would have won this deal.",
                        "zh": "现在离开算逃跑：你要赔付其他人本局应得分数的 1.1 倍。"},
    "ddz.status.your_lead": {"en": "Your lead: pick a hand (x: a run) and press Enter",
                             "zh": "你先出：选牌（x 连顺）后按回车"},
    "ddz.status.not_hand": {"en": "not a hand in these rules", "zh": "不成牌型"},
    "ddz.status.short_run": {"en": "x: no {kind} from {start} ({run} is as far as it goes); "
                                   "{start} stays picked",
                             "zh": "x：没有从 {start} 起的{kind}（只连得到 {run}），{start} 仍选着"},
    "ddz.status.must_beat": {"en": "must beat {hand}", "zh": "必须大过 {hand}"},
    "ddz.status.must_match": {"en": "{hand} is a {kind}{size}: beat it with a higher one, "
                                    "or a bomb",
                              "zh": "{hand} 是{kind}{size}：要出更大的{kind}，或炸弹"},
    "ddz.status.size": {"en": " of {n} cards", "zh": "（{n} 张）"},
    "ddz.status.bomb_limit": {"en": "you may play no more bombs this deal (your bid's limit)",
                              "zh": "本局你不能再出炸弹"},
    "ddz.status.locked": {"en": "your reported {group} is played whole",
                          "zh": "报到的 {group} 须整手打出"},
    "key.ddz.bid1": {"en": "Bid 1", "zh": "叫1分"},
    "key.ddz.bid2": {"en": "Bid 2", "zh": "叫2分"},
    "key.ddz.bid3": {"en": "Bid 3", "zh": "叫3分"},
    "key.ddz.bid_pass": {"en": "No bid", "zh": "不叫"},
    "key.ddz.open": {"en": "Play open", "zh": "摊打"},
    "key.ddz.closed": {"en": "Play closed", "zh": "不摊打"},
    "key.ddz.report_skip": {"en": "Skip", "zh": "不报到"},
    "ddz.bid.title": {"en": "Your bid (叫分)", "zh": "叫分"},
    "ddz.bid.high": {"en": "Highest bid so far: {n} ({name})", "zh": "目前最高：{n}分（{name}）"},
    "ddz.bid.none": {"en": "Nobody has bid yet.", "zh": "还没有人叫分。"},
    "ddz.bid.toulia": {"en": "You bid first: 3 now is 头撂 (×4/3 if you win, 摊打 possible).",
                       "zh": "你先叫：现在叫3分就是头撂（赢了×4/3，可摊打）。"},
    "ddz.bid.limit": {"en": "As a farmer: bid 2, play at most 2 bombs; bid 1 or no bid, at "
                            "most 1.",
                      "zh": "当农民时：叫2分最多出2个炸弹；叫1分或不叫最多出1个。"},
    "ddz.bid.points": {"en": "Bid {n} ({n})", "zh": "叫{n}分 ({n})"},
    "ddz.bid.pass": {"en": "No bid (p)", "zh": "不叫 (p)"},
    "ddz.open.title": {"en": "头撂: play open (摊打)?", "zh": "头撂：要摊打吗？"},
    "ddz.open.help": {"en": "Your whole hand is shown to all for the deal; scores ×2.",
                      "zh": "整局亮出全部手牌；分数×2。"},
    "ddz.open.yes": {"en": "Play open (y)", "zh": "摊打 (y)"},
    "ddz.open.confirm": {"en": "摊打: show your whole hand to all for the deal, scores ×2?",
                         "zh": "摊打：整局亮出全部手牌，分数×2？"},
    "ddz.open.no": {"en": "Play closed (n)", "zh": "不摊打 (n)"},
    "ddz.report.title": {"en": "报到: show your big bomb?", "zh": "报到吗？"},
    "ddz.report.help": {"en": "不打 ends the deal now, won by you. 打 plays on: the shown "
                              "cards stay shown and go out whole; won ×2, lost 0. "
                              "↑↓ and Enter choose · n: no 报到",
                        "zh": "不打：本局立即结束，地主胜。打：亮出的牌整手打出；赢×2，输了都是0。"
                              "↑↓ 和回车选择 · n 不报到"},
    "ddz.report.stop": {"en": "报到 {groups} — 不打 (win now)", "zh": "报到 {groups} — 不打（立即胜）"},
    "ddz.report.fight": {"en": "报到 {groups} — 打 (play on)", "zh": "报到 {groups} — 打"},
    "ddz.report.skip": {"en": "Skip (n)", "zh": "不报到 (n)"},
    "ddz.result.title": {"en": "Deal {n} over", "zh": "第{n}局结束"},
    "ddz.result.stake": {"en": "Stake {stake} = base {base} × bid {bid}{factors}",
                         "zh": "分值 {stake} = 底分 {base} × {bid}分{factors}"},
    "ddz.result.auto": {"en": "Next deal in {n} s — Enter now", "zh": "{n} 秒后下一局 — 回车立即继续"},
    "ddz.replay.keys": {"en": "←/→ action · [/] trick · PgUp/PgDn deal · Home/End · v all hands"
                               " · s seat",
                        "zh": "←/→ 一步 · [/] 一轮 · PgUp/PgDn 一局 · Home/End · v 所有手牌 · s 座位"},
    "ddz.result.fight_lost": {"en": "报到 played on (打) and lost: everybody scores 0",
                              "zh": "报到后选择打并且输了：全体 0 分"},
    "ddz.result.levels": {"en": "Level points", "zh": "级分"},
    "ddz.result.kitty": {"en": "Kitty: {cards}", "zh": "底牌：{cards}"},
    "ddz.result.report": {"en": "报到: {groups} ({fight})", "zh": "报到：{groups}（{fight}）"},
    "ddz.fight": {"en": "打", "zh": "打"},
    "ddz.stop": {"en": "不打", "zh": "不打"},
    "ddz.help.body": {
        "en": (
            "KEYS\n"
            "  3-9, 0 or 10, j q k a 2  add a card of that rank (1 alone: an ace)\n"
            "  s / b      add a small / big joker\n"
            "  x          a run from the lowest picked rank:\n"
            "             pick a 3, x makes 3 4 5 6 7 …;\n"
            "             pick two 3s first for a pair run, three for an airplane\n"
            "  Backspace  remove the last card;  Esc  clear the selection\n"
            "  ← → Space  move over the hand and toggle a card; a click too\n"
            "  Enter play · p pass · h hint (again: the next play)\n"
            "  t 托管 (auto-play) on/off\n"
            "  l the previous trick · o sort by rank / by group size\n"
            "  PgUp PgDn  scroll the log · " + CHAT_KEY["en"] + "v every deal's scores\n"
            "  F2 settings · ctrl+t theme · ?/F1 this help · ctrl+q quit\n\n"
            "THE TABLE\n"
            "Seats go round in play order from you at the bottom; play goes to 下家 (the next "
            "seat). The boxes beside the seats show the deal, the bids, the landlord, the "
            "bombs played and the current multiplier, the kitty (底牌) when the rules show "
            "it, and Shanghai's mark card (标记牌, shown reversed in a kitty you see too). A "
            "landlord's open hand (摊打) and "
            "reported cards (报到) are shown above your hand. The hand and the boxes write "
            "the jokers short, as a Chinese table does: SJ (☆) the small joker 小王, BJ (★) "
            "the big one 大王.\n\n"
            "RULES (docs/rules-doudizhu-classic.md, docs/rules-shanghai.md)\n"
            "Classic: three players, 17 cards each, a 3-card kitty. Bid 1, 2 or 3 once each; "
            "the highest bidder is the landlord, takes the shown kitty and plays alone "
            "against the two farmers. Hands: single, pair, trio (+ one or + pair), straight "
            "of 5+, pair run of 3+, airplane (with wings), four + two, bomb, rocket (SJ BJ). "
            "Beat with the same type and size, higher; a bomb beats all but a higher bomb "
            "and the rocket. First out wins for his side. Stake = base × bid × 2 per bomb "
            "× 2 for a spring; the landlord wins or pays 2 × stake, each farmer 1 ×.\n"
            "Shanghai: four players, two decks, 25 cards each, an 8-card kitty the landlord "
            "keeps hidden, a mark card. 头撂 (opener: the first bidder bids 3, ×4/3), 摊打 "
            "(play open: ×2), 报到 (report 7+ of a kind or four jokers: 不打 wins now, 打 "
            "plays on ×2), 荒番 (redeal: ×2 after nobody bid), a joker mark card ×2, "
            "farmers' bomb limits by their bid; bombs do not multiply. Stake = base × bid × those; each farmer wins or "
            "pays the stake, the landlord 3 ×; \"won 8\" beside it is the stake if the "
            "landlord wins (头撂, 报到 count only then). A at either end of a straight; "
            "longer bombs beat shorter ones. Level points (the result's last column) count "
            "deals won apart from the stake: a win is +3 for the landlord and +1 for "
            "each farmer, a loss -3 / -1; a deal nobody bid gives none."
        ),
        "zh": (
            "按键\n"
            "  3-9、0 或 10、j q k a 2  选一张该点数的牌（单按 1 是 A）\n"
            "  s / b      选小王 / 大王\n"
            "  x          从所选最小点数连成顺子：选一张 3 再按 x 得 3 4 5 6 7 …；\n"
            "             先选两张 3 得连对，三张得飞机\n"
            "  退格 去掉最后一张；Esc 清空\n"
            "  ← → 空格  在手牌上移动并选/取消一张；也可以点鼠标\n"
            "  回车 出牌 · p 不要 · h 提示（再按：下一手） · t 托管\n"
            "  l 上一轮 · o 按点数 / 按张数排序\n"
            "  PgUp PgDn 翻看记录 · " + CHAT_KEY["zh"] + "v 每局得分\n"
            "  F2 设置 · ctrl+t 主题 · ?/F1 帮助 · ctrl+q 退出\n\n"
            "牌桌\n"
            "你在下方，按出牌顺序轮转，下家在右。座位旁的格子显示局数、叫分、地主、已出炸弹与"
            "当前倍数，规则公开时显示底牌，上海玩法还有标记牌（看得到的底牌里也反色显示）。地主摊打的手牌和报到的牌显示在你的"
            "手牌上方。手牌和格子里王牌用简写：SJ（☆）是小王，BJ（★）是大王；记录和对话框里写作小王、"
            "大王。\n\n"
            "规则\n"
            "经典：三人，每人 17 张，底牌 3 张。每人叫一次 1、2、3 分；最高者当地主，拿公开的底牌，"
            "一人对两个农民。牌型：单张、对子、三张（带一、带一对）、5 张以上顺子、3 对以上连对、"
            "飞机（带翅膀）、四带二、炸弹、王炸。同牌型同张数大者胜；炸弹压一切（更大的炸弹和王炸除外）。"
            "先出完的一方胜。分值 = 底分 × 叫分 × 每个炸弹 2 倍 × 春天 2 倍；地主赢或输 2 倍分值，农民各 1 倍。\n"
            "上海：四人两副牌，每人 25 张，底牌 8 张只给地主看，另有标记牌。头撂（首叫 3 分，×4/3）、"
            "摊打（明牌，×2）、报到（7 张以上同点或四王：不打立即胜，打则×2）、荒番（没人叫之后×2）、"
            "王作标记牌×2、农民按叫分限炸；炸弹不加倍。分值 = 底分 × 叫分 × 以上倍数；农民各赢或输"
            "1 倍分值，地主 3 倍；旁边的“胜8”是地主赢时的分值（头撂、报到只在地主赢时算）。"
            "顺子里 A 可在两头；张数多的炸弹大。级分（结算表最后一列）只看输赢、不看分值："
            "地主赢 +3、每个农民赢 +1，输了 -3 / -1；没人叫的局不计。"
        ),
    },
    # My seat's own acts on my own screen (TableParts.you_words): "You pass", not "Wang passes"
    "you.ddz.log.bid": {"en": "You bid {n}", "zh": "你叫{n}分"},
    "you.ddz.log.no_bid": {"en": "You do not bid", "zh": "你不叫"},
    "you.ddz.log.landlord": {"en": "You are the landlord at {bid}{extra}",
                             "zh": "你当地主，{bid}分{extra}"},
    "you.ddz.log.kitty": {"en": "Kitty to you: {cards}", "zh": "你拿底牌：{cards}"},
    "you.ddz.log.open": {"en": "You play open (摊打): scores ×2", "zh": "你摊打：分数×2"},
    "you.ddz.log.skip_open": {"en": "You play closed", "zh": "你不摊打"},
    "you.ddz.log.skip_report": {"en": "You report nothing", "zh": "你不报到"},
    "you.ddz.log.report_fight": {"en": "You report (报到) {groups} and play on (打)",
                                 "zh": "你报到 {groups}，打"},
    "you.ddz.log.report_stop": {"en": "You report (报到) {groups} and stop (不打): you win",
                                "zh": "你报到 {groups}，不打：你（地主）胜"},
    "you.ddz.log.play": {"en": "You{role} play {kind} {hand}", "zh": "你{role}出{kind} {hand}"},
    "you.ddz.log.pass": {"en": "You pass", "zh": "你不要"},
    "you.ddz.log.trick": {"en": "Nobody beats it: you lead again", "zh": "没人要：你接着出"},
    "you.ddz.log.escape": {"en": "You escaped ({why}): you pay what the others would have won",
                           "zh": "你逃跑（{why}）：赔付其他人应得的分"},
}
