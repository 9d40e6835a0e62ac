#!/usr/bin/env python3
"""`./lab new-stage NAME`: scaffolds the learner's own stage, the next number after the
last one, so that it builds and passes the shared suite before a line is changed:
- stages/sNN_NAME/sNN_NAME.h: the last stage's header, renamed (namespace, guards);
- stages/sNN_NAME/sNN_NAME.ino: its sketch, renamed;
- stages/sNN_NAME/README.md: a page with the template's sections (docs/stage-template.md)
  to fill in, which already satisfies the page check, and README.ja.md, its Japanese twin
  (the idea, the key code, where it comes from), which satisfies the twins' check;
- its three lines in the registry, common/library/stage_list.h, after the last stage's:
  its #include, its REVERSI_STAGE_TRAITS line (CMake reads these and gives it its suite,
  benchmark and sketch checks) and its place in AllStages;
then docs/update_docs.py writes the page's diff and every page's previous/next links.
Prints the new folder's name on the last line of stdout.

    python3 lab.py new-stage --source . NAME
"""
import argparse
import os
import re
import subprocess
import sys


def fail(message):
    print(f"lab: new-stage: {message}", file=sys.stderr)
    sys.exit(2)


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def write(path, text):
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def renamed(text, old, new):
    """The last stage's text with its folder, namespace and macro names made the new one's."""
    old_ns, new_ns = old[:3], new[:3]
    text = text.replace(old, new).replace(old.upper(), new.upper())
    text = re.sub(r"\b%s\b" % old_ns, new_ns, text)
    return re.sub(r"\bREVERSI_%s_" % old_ns.upper(), f"REVERSI_{new_ns.upper()}_", text)


def key_code(header):
    """The first inline function of the header, verbatim (the page check wants an excerpt)."""
    lines = header.splitlines()
    for i, line in enumerate(lines):
        if line.startswith("inline "):
            for j in range(i, len(lines)):
                if lines[j] == "}":
                    return "\n".join(lines[i:j + 1])
    return next(line for line in lines if line.startswith("namespace "))


# The Japanese twin every stage page has (tests/check_docs.py): the same idea, shorter; the
# English page holds the diff, the numbers and the rest. update_docs.py writes its links.
PAGE_JA = """# {ns} — {name}:自分のステージ

## アイデア

このステージは [{last}](../{last}/README.ja.md) のコピーに名前を付け替えたところから始まります。足すアイデアを一つ、そしてそれでなぜ速く(または読みやすく)なるはずかを、ここに一段落で書いてください。記事の言葉は[用語集](../../docs/glossary.md)にあります。

## 鍵になるコード

```cpp
{code}
```

アイデアの中心になる関数を、ヘッダーからそのまま写してください(コードの行がヘッダーにないと、テストが失敗します)。

## 出典

アイデアのもと([出典のページ](../../docs/sources.md)の記事、ほかのステージ、自分の考え)を書いてください。

## 英語のページには

[英語のページ](README.md)に、差分、数字、落とし穴、判定があります。
"""


PAGE = """# {ns} — {name}: your own stage

## The idea

This stage starts as a copy of [{last}](../{last}/README.md), renamed. Say here, in one
paragraph, the one idea you are adding, and why it should be faster (or clearer); link
the [glossary](../../docs/glossary.md) where you use the articles' terms.

## Where it comes from

Name what the idea builds on: an article from the [sources page](../../docs/sources.md),
another stage, or your own thought.

## Board layout

Draw the board the code works on, with the indices and direction offsets that matter.

## Key code

```cpp
{code}
```

## What changed from the previous stage

A few lines in your words; the diff below is written by `docs/update_docs.py`.

<!-- diff:begin -->
<!-- diff:end -->

## Pitfalls

- An own stone right next to the move brackets nothing: "adjacent own stone flips nothing".
- Any difference from an independent rule check on many positions:
  "agrees with the reference on random positions".
- Name here, in quotes, the test that guards each pitfall of your idea.

## Numbers

<!-- numbers:begin -->
Not measured yet: run `./lab compare {last_ns} {ns}` for a first look, and
`cmake --build build --target update-docs` to write this table.
<!-- numbers:end -->

## Claims

<!-- claims:begin -->
The articles make no claim about this stage; the numbers above speak for it.
<!-- claims:end -->

## Exercises

- Change one thing in `{folder}.h`, rebuild (`cmake --build build --target test_{folder} sketch_{folder} reversi-lab`),
  run `ctest --test-dir build -R '^{ns}:(suite|perft|sketch|page)$'`, and compare
  with `./lab compare {last_ns} {ns}`.

## Run it

```sh
ctest --test-dir build -R '^{ns}:(suite|perft|sketch|page)$'   # the shared suite, perft, the sketch, this page
./lab compare {last_ns} {ns}                       # the last stage against yours, in one process
build/reversi-lab flips --stage {ns} "--------------------O-O----OXX-----XO-O-----O------------------- X"
```
"""


LIST = os.path.join("common", "library", "stage_list.h")


def registered(registry, ns, num, folder, technique):
    """The registry's text with the new stage's #include, traits and AllStages entry, each
    after the last stage's."""
    last_include = list(re.finditer(r'^#include "s\d\d_\w+/s\d\d_\w+\.h"\n', registry, flags=re.M))[-1]
    registry = registry[:last_include.end()] + f'#include "{folder}/{folder}.h"\n' + registry[last_include.end():]
    last_traits = list(re.finditer(r"^REVERSI_STAGE_TRAITS\(.*?\)\n", registry, flags=re.M | re.S))[-1]
    traits = f'REVERSI_STAGE_TRAITS({ns}, {num}, "{folder}", "{folder[4:]}", "{technique}")\n'
    registry = registry[:last_traits.end()] + traits + registry[last_traits.end():]
    tuple_end = re.search(r"using AllStages = std::tuple<[^>]*", registry).end()
    return registry[:tuple_end] + f", Stage_{ns}" + registry[tuple_end:]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--source", default=".")
    ap.add_argument("name")
    args = ap.parse_args()
    src, name = os.path.abspath(args.source), args.name
    if not re.fullmatch(r"[a-z][a-z0-9_]{0,23}", name):
        fail(f"NAME is lower-case letters, digits and _, starting with a letter (at most 24): got {name!r:.40}")
    list_path = os.path.join(src, LIST)
    registry = read(list_path)
    stages = re.findall(r'^REVERSI_STAGE_TRAITS\(s(\d\d), *\d+, *"(s\d\d_(\w+))"', registry, flags=re.M)
    if not stages:
        fail(f"{LIST} has no REVERSI_STAGE_TRAITS line to follow")
    if any(short == name for _, _, short in stages):
        fail(f"a stage is already called {name!r}")
    last_num, last, _ = stages[-1]
    num = int(last_num) + 1
    if num > 99:
        fail("there are already 99 stages")
    ns = f"s{num:02d}"
    folder = f"{ns}_{name}"
    dest = os.path.join(src, "stages", folder)
    if os.path.exists(dest):
        fail(f"stages/{folder} already exists")

    header = renamed(read(os.path.join(src, "stages", last, last + ".h")), last, folder)
    sketch = renamed(read(os.path.join(src, "stages", last, last + ".ino")), last, folder)
    os.makedirs(dest)
    write(os.path.join(dest, folder + ".h"), header)
    write(os.path.join(dest, folder + ".ino"), sketch)
    write(os.path.join(dest, "README.md"),
          PAGE.format(ns=ns, name=name, last=last, last_ns=last[:3], folder=folder, code=key_code(header)))
    write(os.path.join(dest, "README.ja.md"), PAGE_JA.format(ns=ns, name=name, last=last, code=key_code(header)))

    write(list_path, registered(registry, ns, num, folder, f"{name}: a copy of {last} to change"))
    subprocess.run([sys.executable, os.path.join(src, "lab.py"), "update-docs", "--source", src],
                   check=True, stdout=subprocess.DEVNULL)
    print(f"lab: new stage stages/{folder} (a copy of {last}), listed in {LIST}", file=sys.stderr)
    print(folder)


if __name__ == "__main__":
    main()
