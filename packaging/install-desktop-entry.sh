#!/bin/sh
# Add Tabuleiro to the desktop's application menu (Linux, freedesktop.org menus), for this user,
# or take it out again.
#
#   sh packaging/install-desktop-entry.sh                        # after `pip install .`: the `tabuleiro` on the PATH
#   sh packaging/install-desktop-entry.sh ~/Apps/tabuleiro/tabuleiro  # a PyInstaller folder build, wherever it is
#   sh packaging/install-desktop-entry.sh --remove               # takes the entry and its icon out
#   sh ~/Apps/tabuleiro/_internal/packaging/install-desktop-entry.sh   # the copy inside a build folder: that build
#
# The entry starts the executable by its absolute path, quoted as the Desktop Entry spec says: a
# menu runs it with the desktop's PATH (which has no venv's bin/ in it) from the home folder, and a
# folder name with spaces must stay one argument (unquoted, the menus hid the entry).
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
DATA=${XDG_DATA_HOME:-$HOME/.local/share}
ENTRY=$DATA/applications/tabuleiro.desktop
ICON=$DATA/icons/hicolor/256x256/apps/tabuleiro.png

refresh_menu() {
  if command -v update-desktop-database >/dev/null 2>&1; then update-desktop-database "$DATA/applications" || true; fi
}

if [ "${1:-}" = "--remove" ]; then
  rm -f "$ENTRY" "$ICON"
  refresh_menu
  echo "Tabuleiro taken out of the applications menu ($ENTRY and its icon removed)"
  exit 0
fi

# Inside a PyInstaller folder (tabuleiro/_internal/packaging/), the build's own executable is the default.
BUNDLED=$(cd "$HERE/../.." && pwd)/tabuleiro
if [ -z "${1:-}" ] && [ "$(basename "$(dirname "$HERE")")" = _internal ] && [ -x "$BUNDLED" ]; then
  set -- "$BUNDLED"
fi
EXEC=${1:-tabuleiro}
case $EXEC in
  */*) ;;
  *) EXEC=$(command -v "$EXEC") || {
       echo "error: no '${1:-tabuleiro}' command on the PATH; activate the venv Tabuleiro was installed in" \
            "(pip install .), or give the executable's path: sh '$0' /path/to/tabuleiro" >&2
       exit 1
     } ;;
esac
if [ ! -f "$EXEC" ] || [ ! -x "$EXEC" ]; then
  echo "error: $EXEC is not an executable file (the tabuleiro of a pip install or of a PyInstaller build)" >&2
  exit 1
fi
EXEC=$(cd "$(dirname "$EXEC")" && pwd)/$(basename "$EXEC")
case $EXEC in
  *"
"*) echo "error: the executable's path holds a line break, which a desktop entry cannot say" >&2; exit 1 ;;
esac
# Exec's quoting: inside double quotes \ " ` $ are escaped with a backslash, and the key file then
# doubles every backslash; a literal % is %%.
QUOTED=$(printf '%s' "$EXEC" | sed -e 's/\\/\\\\\\\\/g' -e 's/["`$]/\\\\&/g' -e 's/%/%%/g')

mkdir -p "$DATA/applications" "$(dirname "$ICON")"
cp "$HERE/../assets/icon.png" "$ICON"
while IFS= read -r line; do
  case $line in
    Exec=*) printf 'Exec="%s" %%f\n' "$QUOTED" ;;  # %f: a file opened with Tabuleiro (main.py FILE)
    *) printf '%s\n' "$line" ;;
  esac
done <"$HERE/tabuleiro.desktop" >"$ENTRY"
refresh_menu
echo "Tabuleiro added to the applications menu ($ENTRY, starting $EXEC);" \
     "sh '$0' --remove takes it out"
