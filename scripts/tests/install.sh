#!/bin/sh
# scripts/install end to end, into a temporary PREFIX with the binaries in BIN (default
# .build/debug): a file in the way is refused and named; the desktop entry and the AppStream
# metainfo validate, translated into every language of po/ (English alone with no .po file), and
# the phone page's catalogs are installed beside it; the installed snap-table finds its installed art from another folder (by
# path and by name on PATH) and draws; a second install replaces its own files; --uninstall
# leaves exactly what was there before, keeps a file changed since and ignores manifest lines
# outside PREFIX.
set -u
cd "$(dirname "$0")/../.."
ROOT=$(pwd)
BIN=$(cd "${1:-.build/debug}" && pwd -P)
ID=io.github.snaptable.SnapTable
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
PREFIX=$work/prefix
failures=0
check() { # WHAT COMMAND...
    what=$1
    shift
    if "$@"; then echo "ok   $what"; else echo "FAIL $what"; failures=$((failures + 1)); fi
}
install_() { SNAP_INSTALL_FROM=$BIN PREFIX=$PREFIX sh "$ROOT/scripts/install" "$@"; }
listing() { (cd "$PREFIX" && find . | sort); }

# What the user had: a tool in bin, a desktop entry of another program, a folder of theirs.
mkdir -p "$PREFIX/bin" "$PREFIX/share/applications" "$work/elsewhere"
echo "their tool" > "$PREFIX/bin/their-tool"
printf '[Desktop Entry]\nType=Application\nName=Theirs\nExec=true\n' > "$PREFIX/share/applications/theirs.desktop"
listing > "$work/before"

# A file in the way that is not ours: refused, named, nothing made.
echo "not ours" > "$PREFIX/bin/snap-inputd"
install_ > "$work/refused.out" 2>&1
check "an install over a file it did not make fails" test $? -ne 0
check "and names the file" grep -q "^  $PREFIX/bin/snap-inputd\$" "$work/refused.out"
check "and leaves it as it was" grep -qx "not ours" "$PREFIX/bin/snap-inputd"
rm "$PREFIX/bin/snap-inputd"
check "and makes nothing" test "$(listing)" = "$(cat "$work/before")"

check "scripts/install into a fresh PREFIX" install_
for f in bin/snap-table bin/snap-inputd; do check "$f is there and executable" test -x "$PREFIX/$f"; done
check "the art is there" test -f "$PREFIX/share/snap-table/card-front.png"
check "the sounds are there" test -f "$PREFIX/share/snap-table/sounds/wrong-call.wav"
check "the web client is there" test -f "$PREFIX/share/snap-table/web/index.html"
for size in 48 64 128 256; do
    check "a ${size}x$size icon" test -f "$PREFIX/share/icons/hicolor/${size}x$size/apps/$ID.png"
done
desktop=$PREFIX/share/applications/$ID.desktop
metainfo=$PREFIX/share/metainfo/$ID.metainfo.xml
check "desktop-file-validate accepts the desktop entry" desktop-file-validate "$desktop"
check "it starts the installed binary by its absolute path" grep -qx "Exec=$PREFIX/bin/snap-table" "$desktop"
check "it is a card game" grep -qx "Categories=Game;CardGame;" "$desktop"
check "appstreamcli validate accepts the metainfo" appstreamcli validate --no-net "$metainfo"
if command -v appstream-util >/dev/null 2>&1; then
    check "appstream-util validate-relax accepts it too" appstream-util validate-relax --nonet "$metainfo"
fi
# Every language in po/ is in the desktop entry, the metainfo and the phone page's catalogs.
for po in po/*.po; do
    [ -f "$po" ] || continue
    lang=$(basename "$po" .po)
    check "the desktop entry is in $lang" grep -q "^Comment\[$lang\]=" "$desktop"
    check "the metainfo is in $lang" grep -q "<summary xml:lang=\"$lang\">" "$metainfo"
    check "the phone page's $lang catalog is installed and listed" sh -c "test -f '$PREFIX/share/snap-table/web/lang/$lang.json' && grep -q '\"code\":\"$lang\"' '$PREFIX/share/snap-table/web/lang/index.json'"
done
check "their tool is still there" grep -qx "their tool" "$PREFIX/bin/their-tool"

# A checkout with no .po files at all: the English desktop entry and metainfo, no catalogs listed.
bare=$work/bare
mkdir -p "$bare/po"
ln -s "$ROOT/scripts" "$ROOT/Resources" "$bare/"
SNAP_INSTALL_FROM=$BIN PREFIX=$work/bare-prefix sh "$bare/scripts/install" > "$work/bare.out" 2>&1
check "with no .po files the install still succeeds" test $? -eq 0
bare_desktop=$work/bare-prefix/share/applications/$ID.desktop
bare_metainfo=$work/bare-prefix/share/metainfo/$ID.metainfo.xml
check "its desktop entry validates and is English only" sh -c "desktop-file-validate '$bare_desktop' && grep -qx 'GenericName=Card Game' '$bare_desktop' && ! grep -q '^[A-Za-z][A-Za-z]*\[' '$bare_desktop'"
check "its metainfo validates and is English only" sh -c "appstreamcli validate --no-net '$bare_metainfo' > /dev/null && ! grep -q 'xml:lang' '$bare_metainfo'"
check "it lists no catalogs for the phone page" grep -qx '{"languages":\[\]}' "$work/bare-prefix/share/snap-table/web/lang/index.json"
SNAP_INSTALL_FROM=$BIN PREFIX=$work/bare-prefix sh "$bare/scripts/install" --uninstall > /dev/null 2>&1
check "and uninstalls to nothing" test ! -e "$work/bare-prefix"

# The installed game from another folder: it finds the installed art, by path and on PATH.
art=$(cd "$PREFIX/share/snap-table" && pwd -P)
(cd "$work/elsewhere" && "$PREFIX/bin/snap-table" --screenshot "$work/shots" --log-level info) > "$work/run.out" 2>&1
check "the installed snap-table draws headless from another folder" test -f "$work/shots/screenshot.png"
check "with the installed art ($art)" grep -q "art $art\$" "$work/run.out"
(cd "$work/elsewhere" && PATH="$PREFIX/bin:$PATH" snap-table --screenshot "$work/shots2" --log-level info) > "$work/path.out" 2>&1
check "started by name on PATH it finds the installed art too" grep -q "art $art\$" "$work/path.out"
# And its installed words: the menu in German from the installed catalog, whatever LANG says.
(cd "$work/elsewhere" && LANG=C "$PREFIX/bin/snap-table" --menu --language de --screenshot "$work/shots3" --log-level info) > "$work/de.out" 2>&1
check "the installed snap-table speaks German from $PREFIX/share/locale" sh -c "grep -q '\"language\" : \"de\"' '$work/shots3/screenshot.json' && grep -q 'Hier spielen' '$work/shots3/screenshot.json' && grep -q 'share/locale/de/LC_MESSAGES/snap-table.mo' '$work/de.out'"

# Again over itself: its own files are replaced, nothing is refused.
cp "$PREFIX/share/snap-table/installed-files" "$work/manifest"
check "a second install replaces its own files" install_
check "and lists the same things" cmp -s "$work/manifest" "$PREFIX/share/snap-table/installed-files"

# A file changed since the install is kept; manifest lines outside PREFIX are not acted on.
echo "changed" >> "$PREFIX/share/snap-table/slot.png"
outside=$work/outside
echo "outside" > "$outside"
echo "f $(sha256sum < "$outside" | cut -d' ' -f1) $outside" >> "$PREFIX/share/snap-table/installed-files"
echo "f $(sha256sum < "$outside" | cut -d' ' -f1) $PREFIX/../outside" >> "$PREFIX/share/snap-table/installed-files"
install_ --uninstall > "$work/uninstall.out" 2>&1
check "--uninstall succeeds" test $? -eq 0
check "it names the changed file it kept" grep -q "kept $PREFIX/share/snap-table/slot.png: it changed" "$work/uninstall.out"
check "it ignores a line outside PREFIX, naming it" grep -q "ignoring line .* $outside\$" "$work/uninstall.out"
check "and the file there survives" test -f "$outside"
rm "$PREFIX/share/snap-table/slot.png"
rmdir "$PREFIX/share/snap-table" "$PREFIX/share/icons" 2>/dev/null

# After the last uninstall exactly what was there before is left.
install_ > /dev/null && install_ --uninstall > "$work/uninstall2.out" 2>&1
check "install and uninstall once more" test $? -eq 0
listing > "$work/after"
check "exactly what was there before is left" cmp -s "$work/before" "$work/after"
check "their desktop entry is untouched" grep -qx "Name=Theirs" "$PREFIX/share/applications/theirs.desktop"
check "--uninstall with nothing installed says so" sh -c "SNAP_INSTALL_FROM='$BIN' PREFIX='$PREFIX' sh '$ROOT/scripts/install' --uninstall | grep -q 'nothing to uninstall'"

# A PREFIX that does not exist yet is made, and goes again at uninstall.
fresh=$work/fresh
SNAP_INSTALL_FROM=$BIN PREFIX=$fresh sh scripts/install > /dev/null && SNAP_INSTALL_FROM=$BIN PREFIX=$fresh sh scripts/install --uninstall > "$work/fresh.out" 2>&1
check "a PREFIX the install made is removed with it" test ! -e "$fresh"
SNAP_INSTALL_FROM=$BIN PREFIX=$work/no/such sh scripts/install > "$work/nosuch.out" 2>&1
check "a PREFIX whose parent folder is missing is refused" grep -q "the folder PREFIX goes in, $work/no, does not exist" "$work/nosuch.out"
check "and nothing is made" test ! -e "$work/no"

if [ "$failures" -ne 0 ]; then
    diff "$work/before" "$work/after" >&2
    for f in "$work"/*.out; do echo "--- $f" >&2; cat "$f" >&2; done
    echo "$failures install check(s) failed" >&2
    exit 1
fi
echo "all install checks passed"
