"""The Japanese versions of the generated blocks (docs/update_docs.py writes them into
README.ja.md and docs/overview.ja.md; tests/check_docs.py recomputes them).

A Japanese block is its English block with the words translated and nothing else changed:
the numbers are the English block's own, so the two pages cannot disagree. A sentence this
module does not know stays in English rather than being guessed at.

    block(name, english)              -> the Japanese "numbers" or "search" block
    verdicts(english_ledger, claims)  -> the Japanese verdict table (記事 / 主張 / 判定 / 根拠)
    numbers_of(text)                  -> the numbers in a text, to compare two versions
"""
import re

from docs.ablation import VERDICT_ROW  # docs/ablation.py: the steps whose verdict is an ablation row
from docs.blocks import block_text  # docs/blocks.py: a page's generated blocks


# Whole lines of the blocks' captions: (pattern, Japanese). The patterns capture what is
# measured (machine, command, repetitions) and the Japanese keeps it.
LINES = [
    (r"Measured on (.+?) with (`[^`]+`) \(Google Benchmark via bench/report\.py\); median of (\d+) repetitions\. "
     r"Each cell: time per item, then in brackets how many times as fast as s01 it runs \(s01's time / "
     r"this stage's; below 1: slower\)\.",
     r"測定環境:\1。\2(bench/report.py 経由の Google Benchmark)で測り、\3 回の中央値を載せています。"
     r"各セルは 1 項目あたりの時間と、括弧内に s01 に対する速度比(s01 の時間 ÷ そのステージの時間。1 未満は s01 より遅い)です。"),
    (r"Measured on (.+?) \((`\./lab bench`) prints the full table; (`[^`]+`) rewrites this one\):",
     r"測定環境:\1(全体の表は \2 が表示し、この表は \3 が書き換えます)。"),
    (r"Measured on (.+?) with (`[^`]+`) \(Google Benchmark via bench/report\.py\); CPU time, median of (\d+) "
     r"repetitions\. Each step runs its own workload on every stage \(the same positions on every stage, so the "
     r"same nodes\); a cell gives nodes per second and, in brackets, how many times as fast as s01 it runs "
     r"\(s01's time / this stage's\)\.",
     r"測定環境:\1。\2(bench/report.py 経由の Google Benchmark)で測った CPU 時間の、\3 回の中央値です。"
     r"各ステップは自分の仕事を全ステージで行います(どのステージでも同じ局面なので、ノード数も同じ)。"
     r"セルは 1 秒あたりのノード数と、括弧内に s01 に対する速度比です。"),
    (r"\*\*Midgame\*\* \(a fixed-depth search of (\d+) positions\):", r"**中盤**(\1 局面の固定深さ探索):"),
    (r"\*\*Endgame\*\* \(an exact solve of (\d+) positions\):", r"**終盤**(\1 局面の完全読み):"),
    (r"\*\*Step by step\*\*: nodes per run of the same work on (\S+) \(ms in brackets\); a step runs its own "
     r"workload and the one before it:",
     r"**ステップごと**:\1 で同じ仕事を 1 回行ったときのノード数(括弧内はミリ秒)。各ステップは自分の仕事と、"
     r"一つ前のステップの仕事を行います:"),
    (r"\*\*FFO #(\d+)-#(\d+)\*\* solved together on (\S+):", r"**FFO #\1-#\2** をまとめて \3 で解いた結果:"),
    (r"\*\*(e\d\d_\w+)\*\*: FFO positions solved one by one on (\S+) \(one run each\):",
     r"**\1**:FFO の局面を \2 で一つずつ解いた結果(各 1 回):"),
    (r"\*\*(e\d\d_\w+)\*\*: FFO positions solved one by one on (\S+) \(median of (\d+) runs each\):",
     r"**\1**:FFO の局面を \2 で一つずつ解いた結果(各 \3 回の中央値):"),
    (r"Embedded figures, measured by (`[^`]+`) \(tests/embedded\)\. AVR: exact CPU cycles of an ATmega2560 at "
     r"(\d+) MHz in simavr .*?Compilers: (.*) \(Debian (\d+)\)\.",
     r"組み込みの数字(\1、tests/embedded)。AVR は simavr 上の ATmega2560(\2 MHz)の正確なサイクル数、"
     r"lx106(ESP8266 の Xtensa コア)と RISC-V(ESP32-C3 系の rv32imac)は QEMU で数えた命令数で、"
     r"ESP32 の実時間ではありません。測り方の詳細は英語の概要にあります。コンパイラー:\3(Debian \4)。"),
]

# Table header cells and image captions.
WORDS = {
    "stage": "ステージ", "technique": "アイデア", "workload": "仕事", "step": "ステップ", "nodes": "ノード数",
    "CPU s": "CPU 秒", "nodes/s": "ノード/秒", "FFO #": "FFO #", "vs s01": "s01 比", "as fast as s01": "s01 比の速さ",
    "flip scan (countFlips on 64 squares) (ns/position)": "返る数の走査(64 マスに countFlips)(ns/局面)",
    "legalMoves (ns/position)": "合法手の列挙 legalMoves(ns/局面)",
    "play (copy + play one legal move) (ns/move)": "着手 play(盤のコピー + 合法手を 1 手打つ)(ns/手)",
    "perft(7) from the start (ns/leaf)": "初期局面からの perft(7)(ns/葉)",
    "flip scan ns/position": "返る数の走査 ns/局面", "perft(7) ns/leaf": "perft(7) ns/葉",
    "fits the Uno": "Uno に入るか", "yes": "入る", "no": "入らない", "total": "合計",
}
# Header cells built from parts ("AVR play (cycles)", "e02_alphabeta (depth 6)").
PARTS = [(r"\(cycles\)", "(サイクル)"), (r"\(instr\.\)", "(命令数)"), (r"\(bytes\)", "(バイト)"),
         (r"flash / RAM", "フラッシュ / RAM"), (r"stage code", "ステージのコード"), (r"flip scan", "返る数の走査"),
         (r"\(depth (\d+)\)", r"(深さ \1)"), (r"\((\d+) empties\)", r"(空き \1)"),
         (r"^midgame, depth (\d+)$", r"中盤、深さ \1"), (r"^endgame, (\d+) empties$", r"終盤、空き \1")]
# The techniques of the stages, in the articles' words.
TECHNIQUES = {
    "s01_naive": "8 方向のループをそれぞれベタ書き",
    "s02_delta": "1 本の走査を 8 つの方向ベクトル (dx, dy) で呼ぶ",
    "s03_wall": "番兵(壁)で囲んだ 10×10 の盤、境界チェックなし",
    "s04_flat": "壁つきの盤を 100 要素の1次元配列に",
    "s05_cell91": "91マスの盤、方向ごとにオフセット 1 つ",
    "s06_unrolled": "色と方向をテンプレートの定数に(ループ展開)",
    "s07_recursion": "再帰で判定、裏返し、その両方",
    "s08_line_index": "38 本のラインの3進数インデックスと表引き",
    "s09_bitboard": "ビットボード:シフトの繰り返し(Kogge-Stone)で合法手と返る石",
    "s10_simd": "ビットボードを AVX2 のレーンで(AVX2 なしでも動く)",
    "s11_avx512": "8 方向を AVX-512 のレジスター 1 本で",
}
ALTS = [(r"^Time per item, stage by stage.*", "ステージごとの 1 項目あたりの時間(対数目盛り、低いほど速い。記事の先のステージは網掛け)"),
        (r"^What each search step buys.*", "探索の各ステップで何が得られるか:同じ仕事を解く CPU 時間とノード数(対数目盛り、小さいほどよい)")]


def cell(text):
    text = text.strip()
    if text in WORDS:
        return WORDS[text]
    for pat, rep in PARTS:
        text = re.sub(pat, rep, text)
    return text


# The lines of a folded block (docs/update_docs.py): its summary and the link to how the
# embedded figures are measured.
FOLDED = [
    (r"<details><summary>The embedded cores \(AVR, lx106, RISC-V\): cycles, instructions, memory</summary>",
     "<details><summary>組み込みのコア(AVR、lx106、RISC-V):サイクル数、命令数、メモリー</summary>"),
    (r"How these figures are measured, and on what: \[How the numbers are measured\]\((\S+)\)\.(?: Compilers: (.*))?",
     r"これらの数字の測り方と測った環境:[数字の測り方(英語)](\1)。コンパイラー:\2"),
]


def line(text, stages):
    for pat, rep in LINES + FOLDED:
        m = re.fullmatch(pat, text, flags=re.S)
        if m:
            return m.expand(rep)
    img = re.fullmatch(r"!\[(.*)\]\((\S+)\)", text)
    if img:
        alt = next((rep for pat, rep in ALTS if re.match(pat, img.group(1))), img.group(1))
        return f"![{alt}]({img.group(2)})"
    if not text.startswith("|") or set(text) <= set("|-: "):
        return text
    cells = text.strip().strip("|").split("|")
    out = [cell(c) for c in cells]
    if cells[0].strip() in stages:  # a row of the overview's main table: its technique in Japanese
        out[1] = TECHNIQUES.get(cells[0].strip(), out[1])
    return "| " + " | ".join(out) + " |"


def block(name, english):
    """The Japanese version of a generated block (name: "numbers" or "search")."""
    out, techniques = [], False
    for l in english.split("\n"):
        if l.startswith("| "):
            techniques = techniques or l.startswith("| stage | technique |")
        elif not l.startswith("|"):
            techniques = False  # a table ends at its first line that is not a row
        stage = re.match(r"\| (s\d\d_\w+) \|", l)
        out.append(own_link(line(l, {stage.group(1): True} if techniques and stage else {})))
    return "\n".join(out)


VERDICT = {"holds": "成り立つ", "does not hold": "成り立たない", "holds for one move": "一手では成り立つ",
           "holds for some of our searches": "一部の探索で成り立つ",
           "within noise (the quartiles overlap)": "差はばらつきの範囲(四分位範囲が重なる)",
           "no difference": "差がない", "cannot run there": "そこでは動かない", "not measured there": "そこでは測っていない",
           "too small to tell (under 1 %)": "差が小さすぎて判定できない(1 % 未満)", "not measured yet": "まだ測っていない",
           "data missing": "データがない", "missing": "データがない"}
PLATFORM = {"host x86": "x86 のホスト", "every platform": "すべての環境", "every platform (node counts)": "すべての環境(ノード数)",
            "AVR (ATmega2560, simavr)": "AVR(ATmega2560、simavr)", "lx106 (QEMU)": "lx106(QEMU)",
            "RISC-V rv32imac (QEMU)": "RISC-V rv32imac(QEMU)", "AVR, lx106, RISC-V rv32imac": "AVR、lx106、RISC-V rv32imac"}
# Phrases of the figures (docs/verdicts.py and docs/claims.json); identifiers, test names
# and what is not listed stay as they are.
FIGURE = [
    (r"by cycle count, the first runs (\S+)x as fast as the second", r"サイクル数で見ると前者は後者の \1 倍の速さ"),
    (r"by instruction count, the first runs (\S+)x as fast as the second", r"命令数で見ると前者は後者の \1 倍の速さ"),
    (r"the first runs (\S+)x as fast as the second", r"前者は後者の \1 倍の速さ"),
    (r"(\S+) runs (\S+)x as fast as (\S+) \(", r"\1 は \3 の \2 倍の速さ("),
    (r"(\S+) runs (\S+)x as fast as (\S+)", r"\1 は \3 の \2 倍の速さ"),
    (r"measured on ", "測定環境:"),
    (r"the first runs at (\S+)x the speed of the second", r"前者は後者の \1 倍の速さ"),
    (r"the first needs (\S+)x the cycles of the second", r"前者のサイクル数は後者の \1 倍"),
    (r"the first needs (\S+)x the instructions of the second", r"前者の命令数は後者の \1 倍"),
    (r"exact, one run: no spread", "正確な値、一度きりの実行なのでばらつきなし"),
    (r"one process, (\d+) repetitions interleaved at random", r"一つのプロセスで \1 回ずつ順番を混ぜて交互に"),
    (r"(\d+) processes of (\d+), (\d+) repetitions interleaved at random",
     r"\1 つのプロセスで \2 回ずつ(計 \3 回)順番を混ぜて交互に"),
    (r"the sketches time only a stage's flip scan, legalMoves and play, a sidebar's methods on the article's board "
     r"and a step's exact solve: (.*) run on the host only",
     lambda m: "組み込みのスケッチが測るのは、返る数の走査・legalMoves・play、寄り道の記事の盤面、ステップの完全読みだけです。"
               + re.sub(r", | and ", "、", m.group(1)) + " はホストでのみ実行"),
    (r"bench/report\.py, (\d+) and (\d+) repetitions, the same data as the tables",
     r"bench/report.py、\1 回と \2 回の繰り返し、表と同じデータ"),
    (r"(e\d\d)'s sketch, its exact solve", r"\1 のスケッチの完全読み"),
    (r"\(the same position, (\d+) empties\)", r"(同じ局面、空き \1)"),
    (r"counted to \+-([\d,]+)", r"±\1 の精度で数えた値"),
    (r"per run, from the sketch's own timing lines \(micros\(\) around all its runs\), to about (\d+)%",
     r"一回あたり。スケッチ自身の計時行(全実行を micros() で挟む)から、精度は約 \1%"),
    (r"^needs (\S+) against (\S+) in (\S+)", r"\3 に \1 と \2 の測定が必要"),
    (r"^needs (.+) in (build/\S+|the report)", r"\2 に \1 の測定が必要"),
    (r"too big for AVR: its static data runs to byte ([\d,]+), past the ([\d,]+) bytes that the AVR's 16-bit data "
     r"addresses reach", r"AVR には大きすぎる:静的データが \1 バイト目まであり、AVR の 16 ビットのデータアドレスが届く "
     r"\2 バイトを超える"),
    (r"too big for AVR", "AVR には大きすぎる"), (r"ns/position", "ns/局面"), (r"ns/leaf", "ns/葉"),
    (r"ns/move", "ns/手"), (r"ms/run", "ms/回"), (r" nodes/s\b", " ノード/秒"), (r" nodes\b", " ノード"),
    (r" cycles\b", " サイクル"), (r" instructions\b", " 命令"), (r"IQR ", "四分位範囲 "),
    (r"min-max ", "最小-最大 "), (r"\(time per item\)", "(項目ごとの時間)"),
]


def figure(text):
    for pat, rep in FIGURE:
        text = re.sub(pat, rep, text)
    return own_link(text.replace("; ", "、"))


def own_link(text):
    """The English page's link to its machine (docs/blocks.py link_machine) as the Japanese
    page's, to its own measured-on block (the English anchor with -ja)."""
    return re.sub(r"\[this page's machine\]\(#(measured-on-[\w-]+)\)", r"[上に記した環境](#\1-ja)", text)


def measured_on_text(machine, folder):
    """The Japanese page's `measured-on` block (docs/blocks.py measured_on_text's twin)."""
    return (f'<a name="measured-on-{folder}"></a>**測定環境:** {machine}。このページのホストの数字はここで、各表の'
            "コマンドで測りました。別の機械で測った表は、その機械を書いています。\n")


def rows(english_ledger):
    """[(article, claim, platform, verdict, figure)] of an English ledger table."""
    out, key = [], ("", "")
    for l in english_ledger.splitlines()[2:]:
        cells = [c.strip() for c in l.strip().strip("|").split("|")]
        if len(cells) != 5:
            continue
        if cells[0] or cells[1]:
            key = (cells[0], cells[1])
        out.append(key + tuple(cells[2:]) + (bool(cells[0] or cells[1]),))
    return out


def verdicts(english_ledger, claims):
    """The Japanese verdict table: the English ledger's verdicts and figures (the same
    data), the claims in Japanese from docs/claims.json ("claim_ja"; without one the
    English claim stays)."""
    ja = {(c["article"], c["claim"]): c.get("claim_ja", c["claim"]) for c in claims}
    # A claim's own English words in its figures ("note", "figure") and their Japanese.
    own = {(c["article"], c["claim"]): [(c[k], c[k + "_ja"]) for k in ("note", "figure") if k + "_ja" in c]
           for c in claims}
    out = ["| 記事 | 主張 | 判定 | 根拠 |", "|---|---|---|---|"]
    for article, claim, platform, verdict, fig, first in rows(english_ledger):
        for en, jp in own.get((article, claim), []):
            fig = fig.replace(en, jp)
        said = f"{PLATFORM.get(platform, platform)}:{VERDICT.get(verdict, verdict)}" if platform else \
            VERDICT.get(verdict, verdict)
        out.append(f"| {article if first else ''} | {ja.get((article, claim), claim) if first else ''} | {said} | "
                   f"{figure(fig)} |")
    return "\n".join(out) + "\n"


def numbers_of(text):
    """The numbers in the rows of a block's tables, sorted, leaving out the technique column
    (words, which the Japanese writes with digits: 91マス): a translation keeps every one."""
    kept, techniques, lines = [], False, text.split("\n")
    for i, l in enumerate(lines):
        techniques = (techniques or re.match(r"\| (stage|ステージ) \| (technique|アイデア) \|", l)) and l.startswith("|")
        if not l.startswith("|") or i + 1 < len(lines) and lines[i + 1].startswith("|---"):
            continue  # a caption or a header row: words, translated
        cells = l.split("|")
        kept.append("|".join(cells[:2] + cells[3:]) if techniques and re.match(r"\| s\d\d_", l) else l)
    return sorted(re.findall(r"\d[\d,.]*\d|\d", "\n".join(kept)))


# The blocks of docs/overview.ja.md: (its marker, the English overview's marker, how to translate)
OVERVIEW = [("numbers", "numbers", lambda en, claims: block("numbers", en)),
            ("search", "search", lambda en, claims: block("search", en)),
            ("verdicts-ja", "claims", lambda en, claims: verdicts(en, claims))]


def overview(ja_text, en_text, claims, replace):
    """docs/overview.ja.md with its blocks rewritten from the English overview's text;
    replace(text, marker, body) writes one block."""
    for mine, theirs, translate in OVERVIEW:
        en = block_text(en_text, theirs)
        if en is not None and f"<!-- {mine}:begin -->" in ja_text:
            ja_text = replace(ja_text, mine, translate(en, claims))
    return ja_text


# The verdict of a stage or step page (docs/update_docs.py stage_verdict, step_verdict), for
# its Japanese page: the same numbers, the link to the Japanese page's own machine line.
AVR_PART = r"(?:, and its flip scan (\S+)x as fast on the AVR \(simavr cycles\))?"
STAGE_VERDICT = re.compile(r"\*\*Verdict\.\*\* Against (\S+), (\S+) runs the flip scan (\S+)x as fast and perft\(7\) "
                           r"(\S+)x as fast on the host(, timed interleaved with it)? (\(\[this page's machine\]\(#\S+\)\))"
                           + AVR_PART + r"\. Above 1 is faster, below 1 slower; the tables below give the spread and every "
                           r"platform\.")
STEP_VERDICT = re.compile(r"\*\*Verdict\.\*\* On the same work \((.+), on (\S+)\), (\S+) visits (\S+)x as many nodes as "
                          r"(\S+) and runs (\S+)x as fast \(CPU time, (\[this page's machine\]\(#\S+\))\)\. Above 1 is "
                          r"faster, below 1 slower; Numbers has every workload and stage\.")
PARALLEL_VERDICT = re.compile(r"\*\*Verdict\.\*\* On (\d+) threads, (\S+) solves FFO #(\S+) (\S+)x as fast by the clock as "
                              r"on one \(median of (\d+) rounds? in one process(?:, (\S+)-(\S+)x)?; (.+)\), with the same "
                              r"scores and (\S+)x as many nodes\. Above 1 is faster, below 1 slower; Numbers has every round\.")
ABLATION_VERDICT = re.compile(r"\*\*Verdict\.\*\* On FFO #(\S+) \(on (\S+), one thread\), (\S+) visits (\S+)x as many "
                              r"nodes as (\S+) \((.+?)\) and runs (\S+)x as fast \(CPU time, median of (\d+) "
                              r"rounds? in one process(?:, (\S+)-(\S+)x)?; (.+)\)\. Above 1 is faster, below 1 slower; the "
                              r"ablation table has every figure\.")
# What an ablation verdict's searcher lacks, English -> Japanese, from the table that
# writes those verdicts.
LACKS = {row[2]: row[3] for row in VERDICT_ROW.values()}
SCALE = "1 より大きければ速く、1 未満なら遅いことを表します(比べる相手の時間 ÷ このページの時間)。"


def work(text):
    """A step verdict's workload ("endgame, 8 empties", "FFO #1-19") in Japanese."""
    for pat, rep in ((r"^endgame, (\d+) empties$", r"終盤の局面、空き \1 マス"), (r"^midgame, depth (\d+)$", r"中盤、深さ \1")):
        if re.match(pat, text):
            return re.sub(pat, rep, text)
    return text


def verdict(english):
    """The Japanese verdict of a stage or step page from its English one; a verdict of a form
    this module does not know stays in English (with its link made the Japanese page's)."""
    text = english.strip()
    m = STAGE_VERDICT.fullmatch(text)
    if m:
        base, stage, scan, perft, one_process, where, avr = m.groups()
        how = "同じプロセスで交互に測定、" if one_process else ""
        where = where[1:-1]
        out = (f"**判定。** {base} と比べて、{stage} の返る数の走査は {scan}x、perft(7) は {perft}x の速さです"
               f"(ホスト、{how}{where})。")
        if avr:
            out += f"AVR では返る数の走査が {avr}x の速さです(simavr のサイクル数)。"
        return below(out + SCALE + "ばらつきと、すべての環境の数字は英語のページの表にあります。") + "\n"
    m = STEP_VERDICT.fullmatch(text)
    if m:
        what, stage, step, nodes, before, speed, where = m.groups()
        return below(f"**判定。** 同じ仕事({work(what)}、{stage} 上)で、{step} が訪れるノード数は {before} の "
                        f"{nodes}x、速さは {speed}x です(CPU 時間、{where})。" + SCALE
                        + "すべての仕事とステージの数字は英語のページの Numbers にあります。") + "\n"
    m = PARALLEL_VERDICT.fullmatch(text)
    if m:
        threads, step, ffo, speed, rounds, lo, hi, where, nodes = m.groups()
        span = f"、{lo}-{hi}x" if lo else ""
        return below(f"**判定。** {threads} スレッドでは、{step} は FFO #{ffo} を 1 スレッドのときの {speed}x の速さで"
                     f"解きます(実時間、同じプロセスで交互に測った {rounds} 回の中央値{span}。{where})。得点は同じで、"
                     f"ノード数は {nodes}x です。" + SCALE + "すべての回の数字は英語のページの Numbers にあります。") + "\n"
    m = ABLATION_VERDICT.fullmatch(text)
    if m:
        ffo, stage, step, nodes, base, lacks, speed, rounds, lo, hi, where = m.groups()
        lacks = LACKS.get(lacks)
        if lacks is None:  # a label docs/ablation.py's VERDICT_ROW does not give: English stays
            return below(english)
        span = f"、{lo}-{hi}x" if lo else ""
        return below(f"**判定。** FFO #{ffo}({stage} 上、1 スレッド)で、{step} が訪れるノード数は {base}({lacks}"
                     f")の {nodes}x、速さは {speed}x です(CPU 時間、同じプロセスで交互に測った {rounds} 回の中央値"
                     f"{span}。{where})。" + SCALE + "表は英語のページにあります。") + "\n"
    return below(english)


def below(text):
    """own_link for a verdict, which stands above its page's machine line."""
    return own_link(text).replace("[上に記した環境]", "[下に記した環境]")


def nav_links(order, folder):
    """The Japanese page's line of links (docs/update_docs.py nav_links' twin): the previous and
    next Japanese pages in reading order, the Japanese README, the English page."""
    i = order.index(folder)
    parts = [f"[← 前へ: {order[i - 1]}](../{order[i - 1]}/README.ja.md)" if i else "(最初のページ)",
             "[ステージの一覧](../../README.ja.md)",
             f"[次へ: {order[i + 1]} →](../{order[i + 1]}/README.ja.md)" if i + 1 < len(order) else "(最後のページ)",
             "[English](README.md)"]
    return " · ".join(parts) + "\n"
