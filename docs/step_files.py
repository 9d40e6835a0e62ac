"""A search step's own files, the block that a step page shows under "What changed from
the previous step" (docs/update_docs.py writes it between `<!-- diff:begin -->` and
`<!-- diff:end -->`).

A step's folder holds only what the step changes, by concern; what it does not change
it includes from the step that introduced it (`#include "../e06_endgame/e06_deep.h"`).
So the step's own files are its diff, and the block says:
- each file of the folder, the sketch too, in one table: its lines of code and what it
  holds (its @brief's first sentence, or the sketch's first comment line), linked; the
  idea's file first (its @brief says "step NN's idea"), then the step's header that puts
  the files together, then the others in the order that header's comment names them;
- which earlier steps' files it includes unchanged, read off its `#include "../eNN_..."`
  lines;
- the code itself, one fold per file, in the same order: the page stays short (step 10
  has about 2,000 lines) and the code is one click away. A file longer than SHOWN_MAX
  lines is data (step 07's trained weights): linked, not shown.
"""
import glob
import itertools
import os
import re

# No hand-written step header is longer (tests/check_steps.py, MAX_HEADER); a longer
# file is generated data, which a reader opens by its link if at all.
SHOWN_MAX = 1000
EARLIER = re.compile(r'^\s*#include "\.\./(e(\d\d)_\w+)/(e\d\d_\w+\.h)"', re.M)


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def code_lines(text):
    """How many lines hold code: not blank, not a comment-only line (a `//` line or a
    line of a `/* */` block)."""
    count, block = 0, False
    for line in text.splitlines():
        s = line.strip()
        if block:
            block = "*/" not in s
        elif s.startswith("/*"):
            block = "*/" not in s
        elif s and not s.startswith("//"):
            count += 1
    return count


def first_sentence(text):
    """Up to the first full stop that ends a sentence, outside parentheses."""
    depth = 0
    for i, c in enumerate(text):
        depth += (c == "(") - (c == ")")
        if c == "." and depth == 0 and (i + 1 == len(text) or text[i + 1] == " "):
            return text[:i + 1]
    return text


def head(sentence):
    """A sentence up to its first colon outside parentheses (what the rest explains),
    without its parentheses."""
    out, depth = [], 0
    for c in sentence:
        if c == ":" and depth == 0:
            break
        depth += (c == "(") - (c == ")")
        if depth == 0 and c != ")":
            out.append(c)
    return re.sub(r" +([,.;])| +$", r"\1", re.sub(r"  +", " ", "".join(out))).rstrip(".")


def first_comment(text):
    """The file's first comment (a /** */ block or a run of // lines), its markers taken
    off, a line each."""
    lines, block = [], None
    for line in text.splitlines():
        s = line.strip()
        if block is None:
            if s.startswith("/*"):
                block = True
            elif s.startswith("//"):
                block = False
            else:
                break
        if block is False and not s.startswith("//"):
            break
        lines.append(re.sub(r"^(?:/\*+|\*+/?|/{2,})\s?", "", s).replace("*/", "").strip())
        if block and "*/" in s:
            break
    return lines


def what_it_holds(name, text, whole=False):
    """What a file holds: its @brief or, in a file without one (the sketch, the sketch's
    program), its first comment, without the file's own name in front; the first
    sentence's head, up to its first colon, or (whole) the first sentence."""
    lines = first_comment(text)
    at = next((i for i, l in enumerate(lines) if l.startswith("@brief")), None)
    if at is not None:
        lines = [lines[at][len("@brief"):].strip()] + lines[at + 1:]
    words = " ".join(itertools.takewhile(lambda l: l and not l.startswith("@"), lines))
    stem = os.path.splitext(name)[0]
    words = re.sub(r"^(?:%s|%s) — " % (re.escape(name), re.escape(stem)), "", words)
    sentence = first_sentence(words)
    if not whole:
        sentence = head(sentence)
    return (sentence[0].upper() + sentence[1:]).replace("|", "\\|") if sentence else ""


def idea_file(folder, headers):
    """The header of the step's idea: its @brief says "step NN's idea"; else the step's
    own header (a step of one file)."""
    number = folder[1:3]
    for name, text in headers.items():
        if re.search(r"@brief[^@]*?\bstep %s's idea\b" % number, text, re.I):
            return name
    return folder + ".h"


def ordered(folder, headers):
    """The headers in reading order: the idea's, the step's own header, the others as
    that header's comment names them (any it does not name by name after them)."""
    main = folder + ".h"
    first = [idea_file(folder, headers), main]
    text = headers.get(main, "")
    rest = sorted((n for n in headers if n not in first),
                  key=lambda n: (text.find(n) < 0, text.find(n), n))
    return list(dict.fromkeys(f for f in first if f in headers)) + rest


def earlier_files(texts):
    """{step folder: [file names]} of every earlier step's file the texts include."""
    found = {}
    for text in texts:
        for folder, _, name in EARLIER.findall(text):
            found.setdefault(folder, [])
            if name not in found[folder]:
                found[folder].append(name)
    return dict(sorted(found.items()))


def fold(summary, body):
    return f"<details><summary>{summary}</summary>\n\n{body.strip()}\n\n</details>\n"


def own_files(src, folder):
    """([(name, text)] of the step's files in reading order, the sketch last; the names of
    its sketches)."""
    path = os.path.join(src, "stages", folder)
    headers = {os.path.basename(h): read(h) for h in sorted(glob.glob(os.path.join(path, "*.h")))}
    sketches = {os.path.basename(s): read(s) for s in sorted(glob.glob(os.path.join(path, "*.ino")))}
    return [(n, headers[n]) for n in ordered(folder, headers)] + sorted(sketches.items()), set(sketches)


def included(folder, files):
    """{earlier step folder: [its files]} that the step's own files include."""
    return {f: n for f, n in earlier_files(t for _, t in files).items() if f != folder}


def generated(text):
    """Whether a file is generated data rather than code to read (longer than SHOWN_MAX)."""
    return len(text.splitlines()) > SHOWN_MAX


def written_lines(files):
    """The lines of code of the files written by hand (generated data left out)."""
    return sum(code_lines(t) for _, t in files if not generated(t))


def house(src, steps):
    """docs/layout.md's table: every search step, its own files (the idea's first), its
    lines of code and what it includes unchanged from earlier steps."""
    out = ["| step | its own files, the idea's first | lines of code | included unchanged from earlier steps |",
           "|---|---|---|---|"]
    for folder in steps:
        files, _ = own_files(src, folder)
        earlier = [n for names in included(folder, files).values() for n in names]
        out.append(f"| {folder} | " + ", ".join(f"`{n}`" for n, _ in files) + f" | {written_lines(files):,} | " +
                   (", ".join(f"`{n}`" for n in earlier) or "-") + " |")
    return "\n".join(out) + "\n"


def block(src, folder):
    """The block: the step's files, what it includes unchanged, each file's code folded."""
    files, sketches = own_files(src, folder)
    idea = next(n for n, _ in files if n not in sketches)
    data = "".join(f"; {n} is generated data" for n, t in files if generated(t))
    out = [f"The step's own files, the idea's first: {written_lines(files):,} lines of code without comments or "
           f"blank lines{data}. Each file's code is folded below.\n",
           "| file | lines of code | what it holds |", "|---|---|---|"]
    for name, text in files:
        link = f"`{name}` (the sketch)" if name in sketches else f"[{name}]({name})"
        out.append(f"| {link} | {code_lines(text):,} | {what_it_holds(name, text, whole=name == idea)} |")
    earlier = included(folder, files)
    if earlier:
        out.append("\nIncluded unchanged from earlier steps: " +
                   ", ".join(f"[{n}](../{f}/{n})" for f, names in earlier.items() for n in names) + ".\n")
    for name, text in files:
        if generated(text):
            out.append(f"[{name}]({name}), {len(text.splitlines()):,} lines: generated data, not shown here.\n")
        else:
            out.append(fold(f"{name}: the code, {len(text.splitlines()):,} lines",
                            "```cpp\n" + text.rstrip("\n") + "\n```"))
    return "\n".join(out).rstrip("\n") + "\n"
