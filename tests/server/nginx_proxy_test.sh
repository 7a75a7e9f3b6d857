#!/bin/bash
# The documented nginx configuration (docs/nginx/yinsh.conf) in front of `yinsh serve`, all on
# loopback with free ports: games are played over WebSocket through nginx, and the server
# takes the client's address from X-Forwarded-For only because nginx is a trusted proxy (its
# HTTP rate limit then counts per forwarded address). With the server down (a restart) nginx
# answers 503 with Retry-After, never its 502 page, and the server's own 503s pass unchanged.
# Skipped (exit 77) without nginx.
# Usage: nginx_proxy_test.sh YINSH_BIN SOURCE_DIR
set -euo pipefail
BIN=$1
SRC=$2
NGINX=$(command -v nginx || echo /usr/sbin/nginx)
[ -x "$NGINX" ] || { echo "nginx is not installed: skipped"; exit 77; }
command -v curl >/dev/null || { echo "curl is not installed: skipped"; exit 77; }
DIR=$(mktemp -d /tmp/yinsh-nginx.XXXXXX)
SERVER_PID=
cleanup() {
  [ -f "$DIR/nginx.pid" ] && kill "$(cat "$DIR/nginx.pid")" 2>/dev/null || true
  [ -n "$SERVER_PID" ] && kill "$SERVER_PID" 2>/dev/null && wait "$SERVER_PID" 2>/dev/null || true
  rm -rf "$DIR"
}
trap cleanup EXIT
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

"$BIN" serve --host 127.0.0.1 --port 0 --db "$DIR/games.db" --web-root /nonexistent --trusted-proxy 127.0.0.1 \
  --http-rate 0.1 --http-burst 30 --rate 100000 --burst 100000 --max-per-address 1000 \
  >"$DIR/server.out" 2>"$DIR/server.err" &
SERVER_PID=$!
for _ in $(seq 100); do grep -q "listening on" "$DIR/server.out" 2>/dev/null && break; sleep 0.1; done
UPSTREAM=$(sed -n 's/.*listening on http:\/\/127.0.0.1:\([0-9]*\).*/\1/p' "$DIR/server.out")
[ -n "$UPSTREAM" ] || { cat "$DIR/server.err"; exit 1; }
PORT=$(free_port)

# The documented site, with the test's ports.
sed -e "s/server 127.0.0.1:8080;/server 127.0.0.1:$UPSTREAM;/" -e "s/listen 80;/listen 127.0.0.1:$PORT;/" \
  "$SRC/docs/nginx/yinsh.conf" >"$DIR/site.conf"
USER_LINE=""
[ "$(id -u)" = 0 ] && USER_LINE="user root;"
cat >"$DIR/nginx.conf" <<CONF
$USER_LINE
worker_processes 1;
pid $DIR/nginx.pid;
error_log $DIR/error.log;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path $DIR/body;
  proxy_temp_path $DIR/proxy;
  fastcgi_temp_path $DIR/fastcgi;
  uwsgi_temp_path $DIR/uwsgi;
  scgi_temp_path $DIR/scgi;
  include $DIR/site.conf;
}
CONF
"$NGINX" -p "$DIR" -c "$DIR/nginx.conf"
for _ in $(seq 50); do curl -s -o /dev/null "http://127.0.0.1:$PORT/healthz" && break; sleep 0.1; done

# 1. Games over WebSocket through the proxy (2 games, 4 connections, played to the end).
"$BIN" loadtest --port "$PORT" --games 2 --timeout 60

# 2. The rate limit counts per forwarded client address: 203.0.113.7 spends its burst of
#    30 and is refused; 198.51.100.9, through the same proxy, is not.
status() { curl -s -o /dev/null -w '%{http_code}' -H "X-Forwarded-For: $1" "http://127.0.0.1:$PORT/api/levels"; }
for _ in $(seq 30); do status 203.0.113.7 >/dev/null; done
[ "$(status 203.0.113.7)" = 429 ] || { echo "FAIL: the forwarded address was not rate-limited"; exit 1; }
[ "$(status 198.51.100.9)" = 200 ] || { echo "FAIL: another forwarded address was refused"; exit 1; }
# The access log names the forwarded address, and each WebSocket session's messages by type.
grep -q '"address":"203.0.113.7"' "$DIR/server.err" || { echo "FAIL: access log"; tail "$DIR/server.err"; exit 1; }
grep -q '"kind":"websocket".*"types":{.*"move":[1-9]' "$DIR/server.err" ||
  { echo "FAIL: no WebSocket session line with its moves"; grep websocket "$DIR/server.err" | head -3; exit 1; }
# 3. From an address that is not a trusted proxy (127.0.0.2) the header is ignored.
curl -s -o /dev/null --interface 127.0.0.2 -H "X-Forwarded-For: 192.0.2.1" "http://127.0.0.1:$UPSTREAM/api/levels"
grep -q '"address":"192.0.2.1"' "$DIR/server.err" && { echo "FAIL: X-Forwarded-For believed from a client"; exit 1; }
grep -q '"address":"127.0.0.2"' "$DIR/server.err" || { echo "FAIL: the peer's address was not logged"; exit 1; }
# 4. A Transfer-Encoding other than chunked is 501 and nothing after it is read as a request,
#    through nginx and at the server itself; the browser defences come through the proxy.
raw() {  # PORT: one request whose body is framed two ways; prints every status line, then EOF
  python3 - "$1" <<'PY'
import socket, sys
s = socket.create_connection(("127.0.0.1", int(sys.argv[1])), timeout=5)
s.sendall(b"POST /api/games HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip\r\nContent-Length: 2\r\n\r\n{}"
          b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
got = b""
try:
    while True:
        b = s.recv(65536)
        if not b: break
        got += b
except socket.timeout:
    print("no EOF")
print("\n".join(l.decode() for l in got.split(b"\r\n") if l.startswith(b"HTTP/1.")))
PY
}
for p in "$PORT" "$UPSTREAM"; do
  got=$(raw "$p")
  [ "$(echo "$got" | grep -c '^HTTP/1.1 501')" = 1 ] && [ "$(echo "$got" | wc -l)" = 1 ] ||
    { echo "FAIL: Transfer-Encoding gzip on port $p: $got"; exit 1; }
done
headers=$(curl -s -D - -o /dev/null "http://127.0.0.1:$PORT/api/levels")
echo "$headers" | grep -qi "^content-security-policy: default-src 'self'" &&
  echo "$headers" | grep -qi '^x-content-type-options: nosniff' ||
  { echo "FAIL: the browser defences did not come through nginx: $headers"; exit 1; }
# 5. Every line the server logged is a JSON object; a request's id is nginx's ($request_id), sent
#    back in X-Request-Id and written with the client's User-Agent in the access log.
rid=$(curl -s -D - -o /dev/null -A "yinsh-test/1.0" "http://127.0.0.1:$PORT/api/levels" | tr -d '\r' |
  sed -n 's/^[Xx]-[Rr]equest-[Ii]d: //p')
[[ "$rid" =~ ^[0-9a-f]{32}$ ]] || { echo "FAIL: no request id of nginx's came back: '$rid'"; exit 1; }
sleep 0.2
grep -q "\"request_id\":\"$rid\".*\"user_agent\":\"yinsh-test/1.0\"" "$DIR/server.err" ||
  { echo "FAIL: the access log lacks the request id or the User-Agent"; grep "$rid" "$DIR/server.err"; exit 1; }
python3 -c 'import json, sys; [json.loads(l) for l in open(sys.argv[1]) if l.strip()]' "$DIR/server.err" ||
  { echo "FAIL: a log line is not JSON"; head -5 "$DIR/server.err"; exit 1; }
# 6. The server stops (a restart): nginx answers 503 with Retry-After instead of its 502 page,
#    in the API's error shape for API calls (a POST included) and as a page for a browser.
kill "$SERVER_PID"
wait "$SERVER_PID" 2>/dev/null || true
SERVER_PID=
down() {  # EXPECTED_TYPE CURL_ARGS...: the reply's status, Retry-After and type; prints the body
  local type=$1
  shift
  local body
  body=$(curl -s -D "$DIR/down.h" "$@")
  local h
  h=$(tr -d '\r' <"$DIR/down.h")
  echo "$h" | grep -q '^HTTP/1.1 503' && echo "$h" | grep -qi '^retry-after: 5$' &&
    echo "$h" | grep -qi "^content-type: $type" ||
    { echo "FAIL: with the server down, $*: $h $body" >&2; return 1; }
  echo "$body"
}
body=$(down application/json "http://127.0.0.1:$PORT/api/levels")
[ "$(echo "$body" | python3 -c 'import json,sys; print(json.load(sys.stdin)["error"]["code"])')" = restarting ] ||
  { echo "FAIL: the API's 503 body: $body"; exit 1; }
down application/json -X POST -H 'Content-Type: application/json' -d '{}' "http://127.0.0.1:$PORT/api/games" >/dev/null
down text/html -H 'Accept: text/html,application/xhtml+xml' "http://127.0.0.1:$PORT/" | grep -q 'restarting' ||
  { echo "FAIL: no page for a browser while the server is down"; exit 1; }
# The server's own 503 (here a stand-in on its port, as the server answers while its database
# fails) reaches the client as it was sent, not replaced by nginx's.
python3 - "$UPSTREAM" <<'PY' &
import http.server, sys
class H(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        body = b'{"error":{"code":"store_unavailable","message":"storage is unavailable"}}'
        self.send_response(503)
        self.send_header("Content-Type", "application/json")
        self.send_header("Retry-After", "1")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)
    def log_message(self, *a):
        pass
http.server.HTTPServer(("127.0.0.1", int(sys.argv[1])), H).serve_forever()
PY
SERVER_PID=$!
for _ in $(seq 50); do curl -s -o /dev/null "http://127.0.0.1:$UPSTREAM/" && break; sleep 0.1; done
passed=$(curl -s -D "$DIR/own.h" "http://127.0.0.1:$PORT/readyz")
grep -q '^HTTP/1.1 503' "$DIR/own.h" && grep -qi '^retry-after: 1' "$DIR/own.h" &&
  [[ "$passed" == *store_unavailable* ]] ||
  { echo "FAIL: the server's own 503 did not pass unchanged: $(cat "$DIR/own.h") $passed"; exit 1; }
echo "nginx proxy: ok"
