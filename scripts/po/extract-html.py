#!/usr/bin/env python3
"""Prints a .pot fragment of the phone page's static text, which xgettext cannot read from
HTML: the text of each element marked `data-i18n` and the attributes named in its
`data-i18n-attrs` (e.g. data-i18n-attrs="aria-label title"), whitespace collapsed as
Resources/web/i18n.js reads them, each with "#: FILE:LINE". A data-i18n element holds text only
(no elements inside), since the page replaces its whole text.

Usage: scripts/po/extract-html.py Resources/web/index.html > web-html.pot
Then merge it with the other sources' (xgettext reads .pot files among its inputs, or
`msgcat --use-first`). Python 3 standard library only.
"""
import sys
from html.parser import HTMLParser


def collapse(text):
    return " ".join(text.split())


class Marked(HTMLParser):
    def __init__(self, path):
        super().__init__(convert_charrefs=True)
        self.path = path
        self.found = {}      # msgid -> [refs], in the order first seen
        self.inside = None   # (tag, line, text parts) of the data-i18n element being read
        self.problems = []

    def add(self, msgid, line):
        if msgid:
            self.found.setdefault(msgid, []).append(f"{self.path}:{line}")
        else:
            self.problems.append(f"{self.path}:{line}: a marked text is empty")

    def handle_starttag(self, tag, attrs):
        line = self.getpos()[0]
        if self.inside is not None:
            self.problems.append(f"{self.path}:{line}: <{tag}> inside the data-i18n <{self.inside[0]}> of line "
                                 f"{self.inside[1]} (a marked element holds text only)")
            return
        a = dict(attrs)
        for name in (a.get("data-i18n-attrs") or "").split():
            if name not in a:
                self.problems.append(f"{self.path}:{line}: data-i18n-attrs names {name}, which <{tag}> does not have")
            else:
                self.add(collapse(a[name] or ""), line)
        if "data-i18n" in a:
            self.inside = (tag, line, [])

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if self.inside is not None and self.inside[0] == tag:
            self.problems.append(f"{self.path}:{self.inside[1]}: <{tag}/> has no text to mark")
            self.inside = None

    def handle_data(self, data):
        if self.inside is not None:
            self.inside[2].append(data)

    def handle_endtag(self, tag):
        if self.inside is not None and tag == self.inside[0]:
            self.add(collapse("".join(self.inside[2])), self.inside[1])
            self.inside = None


def quote(text):
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\t", "\\t").replace("\n", "\\n") + '"'


def main(paths):
    if not paths:
        print(__doc__, file=sys.stderr)
        return 2
    found, problems = {}, []
    for path in paths:
        parser = Marked(path)
        with open(path, encoding="utf-8") as f:
            parser.feed(f.read())
        parser.close()
        problems += parser.problems
        for msgid, refs in parser.found.items():
            found.setdefault(msgid, []).extend(refs)
    if problems:
        for p in problems:
            print(f"extract-html: {p}", file=sys.stderr)
        return 1
    out = ["# The phone page's static text, from scripts/po/extract-html.py.",
           'msgid ""', 'msgstr ""', '"Content-Type: text/plain; charset=UTF-8\\n"',
           '"Content-Transfer-Encoding: 8bit\\n"', ""]
    for msgid, refs in found.items():
        out += [f"#: {' '.join(refs)}", f"msgid {quote(msgid)}", 'msgstr ""', ""]
    sys.stdout.buffer.write("\n".join(out).encode("utf-8"))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
