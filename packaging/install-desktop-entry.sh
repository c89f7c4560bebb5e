#!/bin/sh
# Add Tabuleiro to the desktop's application menu (Linux, freedesktop.org menus), for this user.
#
#   sh packaging/install-desktop-entry.sh                       # after `pip install .`: runs `tabuleiro`
#   sh packaging/install-desktop-entry.sh /opt/tabuleiro/tabuleiro   # a PyInstaller folder build
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
EXEC=${1:-tabuleiro}
DATA=${XDG_DATA_HOME:-$HOME/.local/share}
mkdir -p "$DATA/applications" "$DATA/icons/hicolor/256x256/apps"
cp "$HERE/../assets/icon.png" "$DATA/icons/hicolor/256x256/apps/tabuleiro.png"
sed "s|^Exec=.*|Exec=$EXEC|" "$HERE/tabuleiro.desktop" >"$DATA/applications/tabuleiro.desktop"
command -v update-desktop-database >/dev/null 2>&1 && update-desktop-database "$DATA/applications" || true
echo "Tabuleiro added to the applications menu ($DATA/applications/tabuleiro.desktop)"
