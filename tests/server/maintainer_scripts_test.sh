#!/bin/bash
# The Debian package's maintainer scripts (packaging/debian/postinst, prerm, postrm) run as dpkg
# runs them, for a first install, an upgrade, a removal and a purge, on a machine booted with
# systemd. The commands they call (adduser, deb-systemd-helper, deb-systemd-invoke, systemctl)
# are stand-ins that record their arguments; /run/systemd, /var/lib and /etc are private to the
# test (a mount namespace: a tmpfs, and an overlay on /etc), so the machine is not changed.
# Checked: install makes the user, closes the configuration to others (0640, group yinsh; not
# when dpkg-statoverride holds it) and enables and starts the unit; an upgrade restarts it and
# leaves a disabled unit disabled; remove stops and masks it and keeps the data and the
# configuration; purge deletes the data and the configuration's leftovers.
# Skipped (exit 77) without root or the right to make a mount namespace and an overlay.
# Usage: maintainer_scripts_test.sh SOURCE_DIR
set -euo pipefail
SRC=$(realpath "$1")
SCRIPTS=$SRC/packaging/debian
skip() { echo "skipped: $*"; exit 77; }

if [ -z "${YINSH_MAINT_TEST_NS:-}" ]; then
  [ "$(id -u)" = 0 ] || skip "needs root (a mount namespace)"
  unshare --mount --propagation private true 2>/dev/null || skip "cannot make a mount namespace here"
  exec unshare --mount --propagation private env YINSH_MAINT_TEST_NS=1 "$0" "$@"
fi

DIR=$(mktemp -d /run/yinsh-maint.XXXXXX)
trap 'rm -rf "$DIR"' EXIT
fail() { echo "FAILED: $*"; echo "--- calls:"; cat "$DIR/calls" 2>/dev/null; exit 1; }

# The stand-ins: each records "name args"; `deb-systemd-helper was-enabled` answers with
# $WAS_ENABLED (dpkg's helper says yes on a first install, and on upgrades if it was enabled).
mkdir -p "$DIR/bin" "$DIR/up" "$DIR/work"
# `dpkg-statoverride --list` answers with $OVERRIDDEN; `chgrp` records only (no group yinsh here).
for cmd in adduser deb-systemd-helper deb-systemd-invoke systemctl dpkg-statoverride chgrp; do
  cat >"$DIR/bin/$cmd" <<STUB
#!/bin/sh
echo "$cmd \$*" >>"$DIR/calls"
case "$cmd \$*" in
  "deb-systemd-helper --quiet was-enabled "*) [ "\$WAS_ENABLED" = yes ] ;;
  "dpkg-statoverride --list "*) [ "\$OVERRIDDEN" = yes ] ;;
esac
STUB
  chmod +x "$DIR/bin/$cmd"
done
mount -t tmpfs tmpfs /run/systemd 2>/dev/null || skip "cannot mount a tmpfs here"
mkdir -p /run/systemd/system   # a machine booted with systemd
mount -t tmpfs tmpfs /var/lib
mount -t overlay overlay -o "lowerdir=/etc,upperdir=$DIR/up,workdir=$DIR/work" /etc 2>/dev/null ||
  skip "cannot mount an overlay on /etc here"

# run SCRIPT ARGS...: as dpkg runs it; the calls it made are in $calls.
run() {
  : >"$DIR/calls"
  PATH="$DIR/bin:$PATH" sh -e "$SCRIPTS/$1" "${@:2}" || fail "$* exited with $?"
  calls=$(cat "$DIR/calls")
}
has() { grep -qxF "$1" <<<"$calls" || fail "$2: no '$1'"; }
hasnt() { ! grep -q "$1" <<<"$calls" || fail "$2: '$1' was called"; }

# The conffile as dpkg unpacks it (0644, root), before postinst configure.
mkdir -p /etc/yinsh
echo 'db = "postgresql://yinsh:secret@db/yinsh"' >/etc/yinsh/yinsh.toml
chmod 0644 /etc/yinsh/yinsh.toml
OVERRIDDEN=no WAS_ENABLED=yes run postinst configure
has "adduser --system --group --quiet --home /var/lib/yinsh --no-create-home --gecos YINSH game server yinsh" "install"
has "deb-systemd-helper enable yinsh.service" "install"
has "deb-systemd-invoke start yinsh.service" "install"
has "chgrp yinsh /etc/yinsh/yinsh.toml" "install"
[ "$(stat -c %a /etc/yinsh/yinsh.toml)" = 640 ] || fail "the configuration is $(stat -c %a /etc/yinsh/yinsh.toml), not 640"
echo "ok: a first install makes the user yinsh, enables and starts the unit, and closes the configuration to others"

chmod 0644 /etc/yinsh/yinsh.toml
OVERRIDDEN=yes WAS_ENABLED=yes run postinst configure 0.1
hasnt "chgrp" "a configuration under dpkg-statoverride"
[ "$(stat -c %a /etc/yinsh/yinsh.toml)" = 644 ] || fail "postinst changed a mode the administrator set"
echo "ok: a mode set with dpkg-statoverride is left alone"
rm /etc/yinsh/yinsh.toml

OVERRIDDEN=no WAS_ENABLED=no run postinst configure 0.1
has "deb-systemd-helper update-state yinsh.service" "upgrade of a disabled unit"
hasnt "helper enable" "upgrade of a disabled unit"
has "deb-systemd-invoke restart yinsh.service" "upgrade"
echo "ok: an upgrade restarts the unit and leaves a disabled unit disabled"

# The service's data and configuration, as systemd and dpkg lay them out.
mkdir -p /var/lib/private/yinsh /etc/yinsh
ln -s private/yinsh /var/lib/yinsh
echo games >/var/lib/private/yinsh/games.db
echo 'port = 8080' >/etc/yinsh/yinsh.toml
echo 'port = 8081' >/etc/yinsh/yinsh.toml.dpkg-old

run prerm upgrade 0.2
hasnt "invoke stop" "prerm of an upgrade"
run prerm remove
has "deb-systemd-invoke stop yinsh.service" "remove"
run postrm remove
has "deb-systemd-helper mask yinsh.service" "remove"
[ -f /var/lib/yinsh/games.db ] || fail "remove deleted the games"
[ -f /etc/yinsh/yinsh.toml ] || fail "remove deleted the configuration"
echo "ok: remove stops and masks the unit, and keeps the games and the configuration"

rm /etc/yinsh/yinsh.toml  # dpkg deletes the conffile itself, before postrm purge
run postrm purge
has "deb-systemd-helper purge yinsh.service" "purge"
has "deb-systemd-helper unmask yinsh.service" "purge"
[ ! -e /var/lib/yinsh ] && [ ! -e /var/lib/private/yinsh ] || fail "purge left the games"
[ ! -e /etc/yinsh ] || fail "purge left /etc/yinsh: $(ls -A /etc/yinsh)"
echo "ok: purge deletes the games and what was left of the configuration"

# Not booted with systemd (a container, a chroot): nothing is started or stopped.
rmdir /run/systemd/system
WAS_ENABLED=yes run postinst configure
has "deb-systemd-helper enable yinsh.service" "install without systemd"
hasnt "invoke" "install without systemd"
run prerm remove
hasnt "invoke" "remove without systemd"
echo "ok: without systemd running, the unit is enabled but nothing is started or stopped"
