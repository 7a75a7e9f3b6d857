#!/bin/bash
# The packaged systemd unit (packaging/yinsh.service) run for real, by systemd itself: a
# service manager (`systemd --user`, in a private mount namespace, so the machine's PID 1 need
# not be systemd) starts the unit as installed -- its system call filter, DynamicUser,
# ProtectSystem/ProtectHome, private /tmp and devices and the rest -- with the installed files
# (`cmake --install` into a staging directory, bound at /usr/bin/yinsh and /usr/share/yinsh)
# and the installed /etc/yinsh/yinsh.toml with only the port changed. Type=notify: the server
# must say READY=1 (systemctl start returns, /readyz answers at once), keep a 1 s watchdog
# content, serve the packaged web UI (the config sets no web-root) and stop cleanly on SIGTERM;
# with a certificate (YINSH_TLS_CERT/KEY) it serves HTTPS and redirects plain HTTP to https.
# Every Documentation= entry of the unit must exist in the install.
# A user manager keeps StateDirectory= under its own directory (%S), so the test binds
# %S/yinsh at /var/lib/yinsh, where the config's db points.
# Skipped (exit 77) without root, systemd, curl or the right to make a mount namespace (the
# TLS part without openssl).
# Usage: unit_sandbox_test.sh BUILD_DIR SOURCE_DIR
set -euo pipefail
BUILD=$(realpath "$1")
SRC=$(realpath "$2")
UNIT=$SRC/packaging/yinsh.service
skip() { echo "skipped: $*"; exit 77; }

if [ -z "${YINSH_UNIT_TEST_NS:-}" ]; then
  [ "$(id -u)" = 0 ] || skip "needs root (a mount namespace and the unit's DynamicUser)"
  [ -x /lib/systemd/systemd ] && command -v systemctl >/dev/null || skip "systemd is not installed"
  command -v curl >/dev/null || skip "curl is not installed"
  [ -f "$SRC/web/dist/index.html" ] || skip "the web UI is not built (scripts/setup): nothing to install"
  unshare --mount --propagation private true 2>/dev/null || skip "cannot make a mount namespace here"
  exec unshare --mount --propagation private env YINSH_UNIT_TEST_NS=1 "$0" "$@"
fi

# Inside the namespace from here on: what is mounted here is gone when the test ends.
# Not under /tmp or /var/tmp (the unit has private ones), nor /run (under a user manager the
# unit sees a /run of its own).
DIR=$(mktemp -d /var/lib/yinsh-unit.XXXXXX)
MANAGER_PID=
export XDG_RUNTIME_DIR=$DIR/runtime XDG_CONFIG_HOME=$DIR/config
cleanup() {
  if [ -n "$MANAGER_PID" ]; then
    systemctl --user stop yinsh.service 2>/dev/null || true
    kill "$MANAGER_PID" 2>/dev/null && wait "$MANAGER_PID" 2>/dev/null || true
  fi
  rm -rf "$DIR"
}
trap cleanup EXIT
fail() {
  echo "FAILED: $*"
  echo "--- unit state: $(systemctl --user show yinsh.service -p ActiveState,Result,ExecMainCode,ExecMainStatus 2>&1 | tr '\n' ' ')"
  echo "--- server output:"; cat "$DIR/server.log" 2>/dev/null || true
  exit 1
}

# The install, as the package lays it out.
DESTDIR=$DIR/stage cmake --install "$BUILD" --prefix /usr >/dev/null
STAGE=$DIR/stage/usr

# Documentation= of the unit: man pages and files of the install, or web addresses.
docs=$(sed -n 's/^Documentation=//p' "$UNIT")
[ -n "$docs" ] || fail "the unit has no Documentation="
for d in $docs; do
  case $d in
    man:*)
      page=${d#man:}; name=${page%%(*}; section=${page#*(}; section=${section%)}
      if command -v help2man >/dev/null; then
        [ -f "$STAGE/share/man/man$section/$name.$section.gz" ] || fail "Documentation=$d: no such man page in the install"
      fi ;;
    file:*)
      path=${d#file:}; path=${path#//}
      case $path in /usr/*) ;; *) fail "Documentation=$d: not a file of the package" ;; esac
      [ -s "$DIR/stage$path" ] || fail "Documentation=$d: not in the install" ;;
    https://*) [[ $d =~ ^https://[^/]+/.+ ]] || fail "Documentation=$d: an address with no page" ;;
    *) fail "Documentation=$d: not a man page, a file of the package or an address" ;;
  esac
done

# systemd (not PID 1 here) runs as a user manager only where /run/systemd/system exists; as
# root it takes its inaccessible nodes (ProtectHome=, InaccessiblePaths=) from
# /run/systemd/inaccessible, which a booted system has.
mount -t tmpfs tmpfs /run/systemd
mkdir -p /run/systemd/system
I=/run/systemd/inaccessible
mkdir -p $I && mkdir -m 0 $I/dir && install -m 0 /dev/null $I/reg && mkfifo -m 0 $I/fifo
mknod -m 0 $I/chr c 0 0 && mknod -m 0 $I/blk b 0 0
python3 -c "import socket, sys; socket.socket(socket.AF_UNIX).bind(sys.argv[1])" $I/sock && chmod 0 $I/sock
mkdir -p -m 700 "$XDG_RUNTIME_DIR"

# The unit as installed reads /etc/yinsh/yinsh.toml: the installed one, with only the port
# changed, in an overlay on /etc private to the test. The service's user must reach the
# manager's notify socket (Type=notify) in its runtime directory: the test's directories are
# searchable by all (readable by root only).
PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
CONF=/etc/yinsh/yinsh.toml
grep -qx "ExecStart=/usr/bin/yinsh serve --config $CONF" "$UNIT" || fail "the unit's ExecStart does not read $CONF"
grep -qx 'port = 8080' "$DIR/stage$CONF" || fail "the installed $CONF does not set port = 8080"
mkdir -p "$DIR/etc/up" "$DIR/etc/work"
mount -t overlay overlay -o "lowerdir=/etc,upperdir=$DIR/etc/up,workdir=$DIR/etc/work" /etc ||
  skip "cannot mount an overlay on /etc here"
mkdir -p /etc/yinsh
sed "s/^port = 8080\$/port = $PORT/" "$DIR/stage$CONF" >$CONF
chmod 0711 "$DIR" "$XDG_RUNTIME_DIR"
mkdir -p "$XDG_CONFIG_HOME/systemd/user/yinsh.service.d"
cp "$UNIT" "$XDG_CONFIG_HOME/systemd/user/yinsh.service"
cat >"$XDG_CONFIG_HOME/systemd/user/yinsh.service.d/test.conf" <<CONF
[Service]
BindReadOnlyPaths=$STAGE/bin/yinsh:/usr/bin/yinsh $STAGE/share/yinsh:/usr/share/yinsh
BindPaths=%S/yinsh:/var/lib/yinsh
StandardOutput=append:$DIR/server.log
StandardError=append:$DIR/server.log
Restart=no
CONF

/lib/systemd/systemd --user >"$DIR/manager.log" 2>&1 &
MANAGER_PID=$!
for _ in $(seq 100); do [ -S "$XDG_RUNTIME_DIR/systemd/private" ] && break; sleep 0.1; done
[ -S "$XDG_RUNTIME_DIR/systemd/private" ] || { cat "$DIR/manager.log"; skip "systemd --user does not start here"; }
# A user manager makes its notify socket with its umask (srwxr-xr-x): enough for services that
# run as its own user, not for one that runs as another (DynamicUser=, User=), whose READY=1
# then fails (EACCES) and whose start times out. The system manager's /run/systemd/notify is
# writable by all (srwxrwxrwx); so is this one now.
chmod 0777 "$XDG_RUNTIME_DIR/systemd/notify"

# Type=notify: `systemctl start` returns once the server said READY=1, so it answers at once.
systemctl --user start yinsh.service || fail "systemctl start"
curl -sf -o /dev/null "http://127.0.0.1:$PORT/readyz" || fail "the unit's server did not answer /readyz once started"
echo "ok: /readyz answers under the unit's sandbox as soon as systemctl start returns"
status=$(systemctl --user show yinsh.service -p StatusText --value)
[ "$status" = "listening on http://127.0.0.1:$PORT" ] || fail "the server's status is '$status'"
echo "ok: the server told systemd it is ready ($status)"
[ "$(systemctl --user show yinsh.service -p ExecMainPID --value)" != 0 ] || fail "no main process"
grep -q "Seccomp:.2" "/proc/$(systemctl --user show yinsh.service -p ExecMainPID --value)/status" ||
  fail "the server runs without a seccomp filter"

curl -sf "http://127.0.0.1:$PORT/" -o "$DIR/index.html" || fail "GET / failed"
cmp -s "$DIR/index.html" "$STAGE/share/yinsh/web/index.html" || fail "GET / is not the packaged web UI"
echo "ok: the packaged web UI is served"

systemctl --user stop yinsh.service
[ "$(systemctl --user show yinsh.service -p Result --value)" = success ] || fail "the server did not stop cleanly"
echo "ok: stopped cleanly"
# The unit allows the report threads' priority calls (and nothing else of @resources).
! grep -q "normal priority" "$DIR/server.log" || fail "the report threads could not lower their priority"
echo "ok: the report threads run at the lowest priority"

# The watchdog: with WatchdogSec=1 a server that did not ping every second would be killed
# (Result=watchdog); it pings every half interval.
printf '[Service]\nWatchdogSec=1\n' >"$XDG_CONFIG_HOME/systemd/user/yinsh.service.d/watchdog.conf"
systemctl --user daemon-reload
systemctl --user start yinsh.service || fail "systemctl start (WatchdogSec=1)"
sleep 3
[ "$(systemctl --user show yinsh.service -p ActiveState --value)" = active ] || fail "the watchdog stopped the server"
systemctl --user stop yinsh.service
[ "$(systemctl --user show yinsh.service -p Result --value)" = success ] || fail "the server did not stop cleanly (watchdog)"
echo "ok: the server keeps the watchdog (WatchdogSec=1) content"

# HTTPS under the sandbox, the options from the environment as the unit's comment shows. The
# key is not loaded as a credential here: a user manager leaves LoadCredential='s copies to its
# own user (0700 root), which the service's user cannot read; the system manager gives them to
# the service's user.
command -v openssl >/dev/null || { echo "skipped the TLS part: no openssl"; exit 0; }
openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj /CN=127.0.0.1 -addext subjectAltName=IP:127.0.0.1 \
  -keyout "$DIR/key.pem" -out "$DIR/cert.pem" >/dev/null 2>&1 || fail "openssl cannot make a certificate"
chmod 0644 "$DIR/key.pem" "$DIR/cert.pem"
cat >"$XDG_CONFIG_HOME/systemd/user/yinsh.service.d/tls.conf" <<CONF
[Service]
Environment=YINSH_TLS_CERT=$DIR/cert.pem YINSH_TLS_KEY=$DIR/key.pem
CONF
systemctl --user daemon-reload
systemctl --user start yinsh.service || fail "systemctl start (TLS)"
curl -sf --cacert "$DIR/cert.pem" -o /dev/null "https://127.0.0.1:$PORT/readyz" || fail "no HTTPS under the sandbox"
echo "ok: HTTPS under the sandbox"
redirect=$(curl -s -o /dev/null -w '%{http_code} %{redirect_url}' "http://127.0.0.1:$PORT/readyz?x=1" || true)
[ "$redirect" = "308 https://127.0.0.1:$PORT/readyz?x=1" ] || fail "plain HTTP on the TLS port got '$redirect'"
echo "ok: plain HTTP on the TLS port is redirected to https"
systemctl --user stop yinsh.service
