// The buttons of a live game: take an open seat (with a name), start, pass, undo (ask,
// answer), resign, abort; and the typed-decision box.
import { useState } from "preact/hooks";
import { canonicalDecision } from "../engine/rules";
import { colorName, GUEST_NAME, t } from "../i18n";
import { playerName, savePlayerName } from "../net/api";
import type { Color, Game } from "../net/types";
import { NameInput } from "../ui/panels";
import { canAbort } from "../ui/status";

export interface ActionProps {
  game: Game;
  role: Color | "spectator";
  mine: boolean;
  send: (msg: Record<string, unknown>) => boolean;
  decide: (d: string) => void;
  join: (color: Color, name: string) => void;
  onError: (e: string) => void;
  /** Whether each seat's holder is connected (presence messages); undefined: not known yet. */
  presence?: Record<Color, boolean>;
}

/**
 * "Claim victory" / "Call it a draw" when the opponent (a person) of a timed game has gone:
 * the server grants it once the grace period is over and says how long is left before.
 */
function ClaimOffer(p: ActionProps) {
  const st = p.game.state;
  if (p.role === "spectator" || st.status !== "active" || !p.game.clock || !p.presence) return null;
  const them: Color = p.role === "white" ? "black" : "white";
  if (p.presence[them] || st.seats[them].kind !== "human") return null;
  return (
    <p class="notice" data-testid="claim">
      {t("claim.away")}{" "}
      <button type="button" class="primary" onClick={() => p.send({ type: "claim", result: "win" })}>
        {t("claim.win")}
      </button>{" "}
      <button type="button" onClick={() => p.send({ type: "claim", result: "draw" })}>
        {t("claim.draw")}
      </button>
    </p>
  );
}

/** Name box and "Play Black" for a visitor who opens a game with an open seat. */
function JoinForm({ open, join }: { open: Color[]; join: (c: Color, name: string) => void }) {
  const [name, setName] = useState(playerName());
  const take = (c: Color) => {
    const n = name.trim().slice(0, 32) || GUEST_NAME;
    savePlayerName(n);
    join(c, n);
  };
  return (
    <form
      class="join-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (open[0]) take(open[0]);
      }}
    >
      <NameInput value={name} onInput={setName} />
      {open.map((c) => (
        <button
          type={c === open[0] ? "submit" : "button"}
          class="primary"
          key={c}
          onClick={(e) => {
            e.preventDefault();
            take(c);
          }}
        >
          {t("action.play_color", { color: colorName(c) })}
        </button>
      ))}
    </form>
  );
}

export function GameActions(p: ActionProps) {
  const st = p.game.state;
  const seated = p.role !== "spectator";
  const legal = p.mine ? st.legal : [];
  const open = (["white", "black"] as const).filter((c) => st.seats[c].kind === "open");
  return (
    <>
      {st.undo_request && seated && st.undo_request !== p.role ? (
        <p class="notice">
          {t("undo.asked", { color: colorName(st.undo_request) })}{" "}
          <button type="button" onClick={() => p.send({ type: "undo_accept" })}>
            {t("action.accept")}
          </button>{" "}
          <button type="button" onClick={() => p.send({ type: "undo_decline" })}>
            {t("action.decline")}
          </button>
        </p>
      ) : null}
      {!seated && st.status === "waiting" && open.length ? <JoinForm open={open} join={p.join} /> : null}
      <ClaimOffer {...p} />
      <div class="actions">
        {legal.includes("pass") ? (
          <button type="button" class="primary" onClick={() => p.decide("pass")}>
            {t("action.pass")}
          </button>
        ) : null}
        {seated && st.status === "waiting" && !st.seats[p.role as Color].ready ? (
          <button type="button" class="primary" onClick={() => p.send({ type: "start" })}>
            {t("action.start")}
          </button>
        ) : null}
        {seated && st.status === "active" ? (
          <>
            <button
              type="button"
              onClick={() => p.send({ type: "undo" })}
              disabled={st.ply === 0 || st.undo_request === p.role}
            >
              {st.undo_request === p.role ? t("action.undo_asked") : t("action.undo")}
            </button>
            <button
              type="button"
              class="danger"
              onClick={() => {
                if (confirm(t("action.resign_confirm"))) p.send({ type: "resign" });
              }}
            >
              {t("action.resign")}
            </button>
          </>
        ) : null}
        {seated && canAbort(st, p.game.decisions) ? (
          <button type="button" onClick={() => p.send({ type: "abort" })}>
            {t("action.abort")}
          </button>
        ) : null}
      </div>
      {seated && st.status === "active" ? <TypedDecision {...p} /> : null}
    </>
  );
}

function TypedDecision(p: ActionProps) {
  const [typed, setTyped] = useState("");
  const st = p.game.state;
  const submit = (e: Event) => {
    e.preventDefault();
    const c = canonicalDecision(typed);
    if (!c) return p.onError(t("typed.bad", { text: typed }));
    if (!p.mine) return p.onError(t("server.not_your_turn"));
    if (!st.legal.includes(c)) {
      const list = `${st.legal.slice(0, 40).join(" ")}${st.legal.length > 40 ? " …" : ""}`;
      return p.onError(t("typed.illegal", { decision: c, legal: list }));
    }
    setTyped("");
    p.decide(c);
  };
  return (
    <form class="notation-form" onSubmit={submit}>
      <label for="typed">{t("typed.label")}</label>
      <input
        id="typed"
        autocomplete="off"
        spellcheck={false}
        placeholder={p.mine ? t("typed.placeholder") : t("typed.wait")}
        value={typed}
        onInput={(e) => setTyped((e.target as HTMLInputElement).value)}
      />
      <button type="submit">{t("typed.play")}</button>
    </form>
  );
}
