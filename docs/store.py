"""The store of measured facts (docs/facts/*.json): one value per key, written by the
programs that measure, read by the ones that write pages.

A fact is a measured quantity with its key and its value:

    {"key": {"what": ..., "workload": ..., "subject": ..., "platform": ..., "cpu": ...},
     "value": {...}, "how": the command, "measured_on": the machine it ran on}

The key says what was measured, on what work, of which stage or step, on which platform
(host, AVR, ...) and which CPU ("any" where the value cannot depend on it, such as a
count of nodes). Each file belongs to one writer (its "writer" field): only that
program adds to it. Two files have no program: kept.json holds runs that no program here
can repeat (taken on another CPU, or of code no longer in the tree), as they were taken;
published.json holds other programs' runs as their authors published them, each with the
page's address.
The store refuses a key that two entries hold, in one file or in two: a second value is
a second key, deliberately separate (another CPU, another method, another run of a
measurement that does not repeat), which a page shows beside the first with why.

    python3 lab.py store [--list] [FOLDER]     (check the store; --list prints every key)
"""
import json
import os
import sys
import tempfile
import time

FOLDER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "facts")
KEY = ("what", "workload", "subject", "platform", "cpu")


class FactError(ValueError):
    """The store breaks its one rule (one value per key) or its form."""


def fact_maker(how, run=None, **shared):
    """A writer's maker of facts: fact(what, workload, subject, value, **fields) gives one
    fact, measured by the command `how` in the run `run` (if given), its key's platform and
    cpu from `shared` unless `fields` names them."""
    def fact(what, workload, subject, value, **fields):
        key = dict(shared, what=what, workload=workload, subject=subject, **fields)
        made = {"key": {f: key[f] for f in KEY}, "value": value, "how": how}
        return dict(made, run=run) if run is not None else made
    return fact


def key_text(key):
    """A key as one line: its five fields, in KEY's order, joined by " | "."""
    return " | ".join(key[f] for f in KEY)


def _check_fact(fact, where):
    key = fact.get("key") if isinstance(fact, dict) else None
    if not isinstance(key, dict) or set(key) != set(KEY):
        raise FactError(f"{where}: a fact's key must have exactly the fields {', '.join(KEY)}")
    empty = [f for f in KEY if not isinstance(key[f], str) or not key[f].strip()]
    if empty:
        raise FactError(f"{where}: the key field '{empty[0]}' is empty ({key_text_loose(key)})")
    if "value" not in fact:
        raise FactError(f"{where}: the fact {key_text(key)} has no value")


def key_text_loose(key):
    return " | ".join(str(key.get(f, "")) for f in KEY)


def read_file(path):
    """One store file: (writer, facts). FactError on a file that is not a store file."""
    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
    except OSError as e:
        raise FactError(f"cannot read {path}: {e.strerror}") from e
    except ValueError as e:
        raise FactError(f"{path} is not JSON: {e}") from e
    if not isinstance(data, dict) or not isinstance(data.get("writer"), str) or not isinstance(data.get("facts"), list):
        raise FactError(f"{path}: a store file is an object with a 'writer' and a list of 'facts'")
    for i, fact in enumerate(data["facts"]):
        _check_fact(fact, f"{path}, fact {i + 1}")
    return data["writer"], data["facts"]


def load(folder=FOLDER):
    """Every fact of the store: {key_text: fact}, each fact with its file ("file") and its
    writer ("writer"). FactError when a key has two entries (both places named)."""
    store = {}
    try:
        names = sorted(n for n in os.listdir(folder) if n.endswith(".json"))
    except OSError as e:
        raise FactError(f"cannot read the store {folder}: {e.strerror}") from e
    for name in names:
        path = os.path.join(folder, name)
        writer, facts = read_file(path)
        for fact in facts:
            k = key_text(fact["key"])
            if k in store:
                raise FactError(f"two values for one key: {k!r} is in {store[k]['file']} and in {name}; "
                                "a second value needs a separate key (another CPU, method or run)")
            store[k] = dict(fact, file=name, writer=writer)
    return store


def record(writer, file_name, facts, folder=FOLDER, drop=None):
    """Writes `facts`, measured by `writer`, into its store file `file_name`: a fact whose key
    is there already replaces it (a measurement repeated), the rest are added; `drop`, if
    given, removes the file's facts it is true of first (a run that starts over). Refuses
    (FactError) a key held by another file, or twice among `facts`; OSError when the file
    cannot be written (the store is then as it was)."""
    store = load(folder)
    path = os.path.join(folder, file_name)
    mine = []
    if os.path.exists(path):
        owner, mine = read_file(path)
        if owner != writer:
            raise FactError(f"{path} is written by {owner}, not {writer}")
    new = {}
    for fact in facts:
        _check_fact(fact, writer)
        k = key_text(fact["key"])
        if k in new:
            raise FactError(f"{writer} measured {k!r} twice in one run")
        held = store.get(k)
        if held and held["file"] != file_name:
            raise FactError(f"{k!r} is held by {held['file']} ({held['writer']}); "
                            "a second value needs a separate key (another CPU, method or run)")
        new[k] = fact
    kept = [f for f in mine if key_text(f["key"]) not in new and not (drop and drop(f))]
    data = {"writer": writer, "facts": kept + list(new.values())}
    _write(path, data)


RUN_FORMAT = "%Y-%m-%d %H:%M UTC"  # a fact's "run": when it was measured


def run_stamp(seconds=None):
    """A run's stamp, "YYYY-MM-DD HH:MM UTC": now, or at `seconds` since the epoch."""
    return time.strftime(RUN_FORMAT, time.gmtime(seconds))


def save(tool, writer, file_name, facts, drop=None):
    """record() for a measuring program: "written: ..." on success; on a refusal or a failed
    write, one line naming `tool` and exit 1 (the store is then as it was)."""
    try:
        record(writer, file_name, facts, drop=drop)
    except (FactError, OSError) as e:
        sys.exit(f"{tool}: the store refused the run: {e}")
    runs = sorted({f["run"] for f in facts if "run" in f})
    print(f"written: the store's {file_name}" + (f" (run {runs[-1]})" if runs else ""))


def latest(store_facts, writer, what, subject=None, where=None):
    """`writer`'s facts among `store_facts` (load()'s values), and the latest of them (by its
    "run") whose key has this `what` (and `subject`, if given; and for which `where(fact)`
    holds, if given): (its facts, that fact), the fact None when there is none. Each writer's
    from_facts() starts here."""
    mine = [f for f in store_facts if f.get("writer") == writer]
    found = [f for f in mine if f["key"]["what"] == what and subject in (None, f["key"]["subject"])
             and (where is None or where(f))]
    return mine, max(found, key=lambda f: f.get("run", ""), default=None)


def of_run(store_facts, run_fact, what):
    """The facts `what` among `store_facts` measured in the run of `run_fact` (latest()'s
    answer): the same stamp, the same CPU."""
    return [f for f in store_facts if f["key"]["what"] == what and f.get("run") == run_fact.get("run")
            and f["key"]["cpu"] == run_fact["key"]["cpu"]]


def latest_run(writer, folder=FOLDER):
    """The facts of `writer`'s latest run, {subject: fact}: for a writer that stamps each
    fact with its "run" (when it was measured, "YYYY-MM-DD HH:MM UTC"); {} when it has none."""
    facts = [f for f in load(folder).values() if f["writer"] == writer and "run" in f]
    if not facts:
        return {}
    run = max(f["run"] for f in facts)
    return {f["key"]["subject"]: f for f in facts if f["run"] == run}


def _write(path, data):
    """All or nothing: a temporary file beside `path`, renamed over it."""
    fd, tmp = tempfile.mkstemp(dir=os.path.dirname(path), prefix=".store-", suffix=".json")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(data, f, indent=1, ensure_ascii=False)
            f.write("\n")
        os.chmod(tmp, 0o644)  # mkstemp's 0600 would keep the store from other readers
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def main(argv):
    args = [a for a in argv[1:] if a != "--list"]
    if len(args) > 1 or any(a.startswith("--") for a in args):
        print("usage: store.py [--list] [FOLDER]", file=sys.stderr)
        return 2
    try:
        store = load(args[0] if args else FOLDER)
    except FactError as e:
        print(f"store: {e}", file=sys.stderr)
        return 1
    if "--list" in argv:
        for k, fact in sorted(store.items()):
            print(f"{fact['file']}: {k}")
    else:
        print(f"store: {len(store)} facts, one value each")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
