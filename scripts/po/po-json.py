#!/usr/bin/env python3
"""Turns a gettext catalog, po/LL.po, into the phone page's catalog, lang/LL.json (the page
cannot read .po, and the .po files stay the one place translations live):

    {"language": "fr", "plural": "n>1", "messages": {"Join code": "Code de la partie",
     "{n} Won": ["{n} gagnée", "{n} gagnées"], ...}}

A message with a plural holds its forms in a list, in the order of its Plural-Forms. Fuzzy and
untranslated messages are left out (the page shows the English msgid). The .po is read through
`msgcat --no-wrap -t UTF-8`, so this parses one normalized form whatever the file's charset or
line wrapping. The page may not eval its Plural-Forms (no 'unsafe-eval' in its CSP): it knows
the expressions in PLURALS below, as Resources/web/i18n.js does, and any other stops this with
the file's name (add it to both).

Usage:
  po-json.py po/LL.po > Resources/web/lang/LL.json      one catalog
  po-json.py --index po > Resources/web/lang/index.json  the list of catalogs in po/*.po:
                                                        {"languages": [{"code": "de"}, ...]}
  --only-from PREFIX   keep only messages used in files under PREFIX (their #: references),
                       e.g. --only-from Resources/web/ leaves out the desktop's messages
Python 3 standard library and gettext's msgcat only.
"""
import argparse
import glob
import json
import os
import re
import subprocess
import sys

# Plural-Forms expressions without spaces or outer brackets -> nplurals. Resources/web/i18n.js
# has a function for each.
PLURALS = {"0": 1, "n!=1": 2, "n>1": 2}
# A catalog's code is its file's name: "fr", "pt_BR" (the page fetches lang/CODE.json).
CODE = re.compile(r"^[a-z]{2,3}(_[A-Z]{2})?$")
ESCAPES = {"n": "\n", "t": "\t", "r": "\r", '"': '"', "\\": "\\", "a": "\a", "b": "\b", "f": "\f", "v": "\v"}


class Unusable(Exception):
    """A catalog this cannot turn into the page's: the message names the file."""


def unquote(s, where):
    """The text of a PO string literal (with its quotes)."""
    if len(s) < 2 or s[0] != '"' or s[-1] != '"':
        raise Unusable(f"{where}: not a quoted string: {s}")

    def escape(m):
        if m.group(1) not in ESCAPES:
            raise Unusable(f"{where}: unknown escape \\{m.group(1)}")
        return ESCAPES[m.group(1)]
    return re.sub(r"\\(.)", escape, s[1:-1])


def entries(text, path):
    """The entries of a normalized PO text: dicts with flags, refs, msgctxt, msgid,
    msgid_plural, msgstr (a list: one string, or one per plural form)."""
    out = []
    entry, field = None, None
    for number, line in enumerate(text.splitlines(), 1):
        where = f"{path} (msgcat's output, line {number})"
        if not line.strip():
            entry, field = None, None
            continue
        if entry is None:
            entry = {"flags": set(), "refs": [], "msgctxt": None, "msgid": None, "msgid_plural": None, "msgstr": {}, "obsolete": False}
            out.append(entry)
        if line.startswith("#~"):
            entry["obsolete"] = True
        elif line.startswith("#,"):
            entry["flags"] |= {f.strip() for f in line[2:].split(",")}
        elif line.startswith("#:"):
            entry["refs"] += line[2:].split()
        elif line.startswith("#"):
            pass
        elif line.startswith('"'):
            if field is None:
                raise Unusable(f"{where}: a string continues nothing")
            kind, index = field
            value = unquote(line, where)
            if kind == "msgstr":
                entry["msgstr"][index] += value
            else:
                entry[kind] += value
        else:
            m = re.match(r"^(msgctxt|msgid_plural|msgid|msgstr)(?:\[(\d+)\])?\s+(\".*\")$", line)
            if not m:
                raise Unusable(f"{where}: cannot read {line!r}")
            kind, index, value = m.group(1), m.group(2), unquote(m.group(3), where)
            if kind == "msgstr":
                index = int(index) if index is not None else 0
                entry["msgstr"][index] = value
                field = ("msgstr", index)
            else:
                entry[kind] = value
                field = (kind, None)
    for e in out:
        e["msgstr"] = [e["msgstr"][i] for i in sorted(e["msgstr"])]
    return [e for e in out if not e["obsolete"] and e["msgid"] is not None]


def header_fields(entry):
    fields = {}
    for line in entry["msgstr"][0].split("\n") if entry["msgstr"] else []:
        key, sep, value = line.partition(":")
        if sep:
            fields[key.strip().lower()] = value.strip()
    return fields


def plural_of(fields, path):
    """The page's key for the catalog's Plural-Forms ("n>1") and its number of forms."""
    forms = fields.get("plural-forms")
    if not forms:
        raise Unusable(f"{path}: its header has no Plural-Forms (e.g. \"nplurals=2; plural=(n != 1);\")")
    m = re.fullmatch(r"\s*nplurals\s*=\s*(\d+)\s*;\s*plural\s*=\s*(.+?)\s*;?\s*", forms)
    if not m:
        raise Unusable(f"{path}: cannot read its Plural-Forms {forms!r}")
    expr = re.sub(r"\s+", "", m.group(2))
    while expr.startswith("(") and expr.endswith(")") and balanced(expr[1:-1]):
        expr = expr[1:-1]
    if expr not in PLURALS:
        raise Unusable(f"{path}: the phone page does not know the Plural-Forms expression {m.group(2)!r}; "
                       f"it knows {', '.join(sorted(PLURALS))}: add it to PLURALS in scripts/po/po-json.py "
                       "and Resources/web/i18n.js")
    if int(m.group(1)) != PLURALS[expr]:
        raise Unusable(f"{path}: Plural-Forms says nplurals={m.group(1)} for {expr}, which has {PLURALS[expr]}")
    return expr, PLURALS[expr]


def balanced(s):
    depth = 0
    for c in s:
        depth += {"(": 1, ")": -1}.get(c, 0)
        if depth < 0:
            return False
    return depth == 0


def code_of(path):
    code = os.path.splitext(os.path.basename(path))[0]
    if not CODE.match(code):
        raise Unusable(f"{path}: its name is not a language code such as fr.po or pt_BR.po")
    return code


def catalog(path, only_from=None):
    """The page's catalog for one .po file."""
    code = code_of(path)
    argv = ["msgcat", "--force-po", "--no-wrap", "-t", "UTF-8"] + (["--no-location"] if only_from is None else []) + [path]
    try:
        run = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    except FileNotFoundError:
        raise Unusable("msgcat is not installed (Debian's gettext package)")
    if run.returncode != 0:
        raise Unusable(f"{path}: msgcat cannot read it:\n{run.stderr.decode(errors='replace').rstrip()}")
    items = entries(run.stdout.decode("utf-8"), path)
    head = next((e for e in items if e["msgid"] == "" and e["msgctxt"] is None), None)
    if head is None:
        raise Unusable(f"{path}: it has no header (msgid \"\")")
    fields = header_fields(head)
    language = fields.get("language", "")
    if language and language != code:
        print(f"po-json: {path}: its header says Language: {language}; the page calls it {code}, after the file",
              file=sys.stderr)
    plural, forms = plural_of(fields, path)
    messages = {}
    for e in items:
        if e is head or "fuzzy" in e["flags"]:
            continue
        if only_from is not None and not any(r.startswith(only_from) for r in e["refs"]):
            continue
        key = e["msgid"] if e["msgctxt"] is None else e["msgctxt"] + "\u0004" + e["msgid"]
        if e["msgid_plural"] is None:
            if len(e["msgstr"]) == 1 and e["msgstr"][0]:
                messages[key] = e["msgstr"][0]
        else:
            if len(e["msgstr"]) != forms:
                raise Unusable(f"{path}: {e['msgid']!r} has {len(e['msgstr'])} plural forms, its Plural-Forms {forms}")
            if all(e["msgstr"]):
                messages[key] = e["msgstr"]
    return {"language": code, "plural": plural, "messages": messages}


def index(folder, only_from=None):
    """lang/index.json: every catalog in FOLDER/*.po, each checked as it would be converted."""
    languages = []
    for path in sorted(glob.glob(os.path.join(folder, "*.po"))):
        c = catalog(path, only_from)
        if only_from is not None and not c["messages"]:
            continue
        languages.append({"code": c["language"]})
    return {"languages": languages}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("po", help="a .po file, or with --index the folder holding them")
    parser.add_argument("--index", action="store_true", help="print lang/index.json for the folder's *.po")
    parser.add_argument("--only-from", metavar="PREFIX", help="keep only messages with a #: reference starting with PREFIX")
    args = parser.parse_args()
    try:
        if args.index:
            if not os.path.isdir(args.po):
                raise Unusable(f"{args.po}: not a folder (--index takes the folder of the .po files)")
            out = index(args.po, args.only_from)
        else:
            out = catalog(args.po, args.only_from)
            if args.only_from is not None and not out["messages"]:
                # A .po saved without its #: references (some editors drop them) loses every
                # message here: say so, rather than give the phone English without a word.
                print(f"po-json: warning: {args.po} has no translated message used under {args.only_from} "
                      "(were its #: references removed? run scripts/po/update)", file=sys.stderr)
    except Unusable as e:
        print(f"po-json: {e}", file=sys.stderr)
        return 1
    sys.stdout.buffer.write((json.dumps(out, ensure_ascii=False, sort_keys=True, separators=(",", ":")) + "\n").encode("utf-8"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
