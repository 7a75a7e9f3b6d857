// E-mail on the account page: the calls' paths and bodies, the answers they hand back, and the
// mail links' fragments.
import assert from "node:assert/strict";
import { afterEach, describe, it } from "node:test";
import { parseMailLink } from "../src/account/links";
import { setLang } from "../src/i18n";
import { accountEmail, passwordReset } from "../src/net/account";

type Call = { method: string; url: string; body: unknown };

/** Answers every request with `reply(call)` ([status, body]) and records the calls. */
function serve(reply: (c: Call) => [number, unknown]): Call[] {
  const calls: Call[] = [];
  globalThis.fetch = (async (url: string, init?: RequestInit) => {
    const c = { method: init?.method ?? "GET", url, body: init?.body ? JSON.parse(String(init.body)) : undefined };
    calls.push(c);
    const [status, body] = reply(c);
    return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
  }) as typeof fetch;
  return calls;
}

const SETTINGS = { address: "ada@example.org", verified: false, prefs: { your_turn: true, time_low: false } };

describe("the e-mail calls", () => {
  const real = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = real;
  });
  it("read and change the address and the mails asked for", async () => {
    const calls = serve((c) => [c.method === "GET" ? 200 : 202, { email: SETTINGS }]);
    assert.deepEqual(await accountEmail.get(), SETTINGS);
    assert.deepEqual(await accountEmail.set("ada@example.org"), SETTINGS);
    await accountEmail.set("");
    await accountEmail.setPrefs({ your_turn: false, time_low: true, challenges: false });
    assert.deepEqual(calls, [
      { method: "GET", url: "/api/account/email", body: undefined },
      { method: "POST", url: "/api/account/email", body: { address: "ada@example.org" } },
      { method: "POST", url: "/api/account/email", body: { address: "" } },
      {
        method: "POST",
        url: "/api/account/notifications",
        body: { your_turn: false, time_low: true, challenges: false },
      },
    ]);
  });
  it("follow a mail's links with its token", async () => {
    const calls = serve((c) =>
      c.url.endsWith("/verify") ? [200, { name: "Ada", email: SETTINGS }] : [200, { ok: true, kind: "time_low" }],
    );
    assert.deepEqual(await accountEmail.verify("a.b-c_d"), { name: "Ada", email: SETTINGS });
    assert.equal(await accountEmail.unsubscribe("xyz"), "time_low");
    assert.deepEqual(
      calls.map((c) => [c.url, c.body]),
      [
        ["/api/account/email/verify", { token: "a.b-c_d" }],
        ["/api/account/unsubscribe", { token: "xyz" }],
      ],
    );
  });
  it("hand over the server's refusals with their code and params", async () => {
    setLang("en");
    serve(() => [429, { error: { code: "email_limited", message: "wait", params: { retry_after_s: 60 } } }]);
    await assert.rejects(accountEmail.set("ada@example.org"), (e: Error & { code?: string; status?: number }) => {
      assert.equal(e.code, "email_limited");
      assert.equal(e.status, 429);
      assert.match(e.message, /60 s/);
      return true;
    });
  });
  it("ask for a reset link and set the new password", async () => {
    const calls = serve((c) => (c.url.endsWith("/confirm") ? [200, { ok: true, name: "Ada" }] : [202, { ok: true }]));
    await passwordReset.ask("ada@example.org");
    assert.equal(await passwordReset.confirm("tok", "correct horse"), "Ada");
    assert.deepEqual(
      calls.map((c) => [c.url, c.body]),
      [
        ["/api/account/password-reset", { login: "ada@example.org" }],
        ["/api/account/password-reset/confirm", { token: "tok", password: "correct horse" }],
      ],
    );
  });
});

describe("the mail links' fragment", () => {
  it("names the link and its token", () => {
    assert.deepEqual(parseMailLink("#verify=abc-DEF_123.x9"), { kind: "verify", token: "abc-DEF_123.x9" });
    assert.deepEqual(parseMailLink("#reset=r"), { kind: "reset", token: "r" });
    assert.deepEqual(parseMailLink("#unsubscribe=u.v"), { kind: "unsubscribe", token: "u.v" });
    assert.deepEqual(parseMailLink("verify=abc"), { kind: "verify", token: "abc" }, "without the #");
  });
  it("is null for other fragments and bad tokens", () => {
    for (const hash of [
      "",
      "#",
      "#verify",
      "#verify=",
      "#login=abc",
      "#Verify=abc",
      "#verify=abc&reset=def",
      "#verify=abc def",
      "#verify=abc%20",
      "#verify=abc=",
      "#verify=abc\n",
      "#reset=<script>",
      "##verify=abc",
      " #verify=abc",
      `#reset=${"a".repeat(513)}`,
    ])
      assert.equal(parseMailLink(hash), null, JSON.stringify(hash));
    assert.equal(parseMailLink(`#reset=${"a".repeat(512)}`)?.token.length, 512);
  });
});
