// A link to share, in a read-only field with a Copy button (the game page, the analysis board).
import { useState } from "preact/hooks";
import { t } from "../i18n";

export function ShareLink(props: { id: string; label: string; link: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <section class="share small">
      <label for={props.id}>{props.label}</label>
      <div class="share-row">
        <input id={props.id} readOnly value={props.link} onFocus={(e) => (e.target as HTMLInputElement).select()} />
        <button
          type="button"
          onClick={async () => {
            try {
              await navigator.clipboard.writeText(props.link);
              setCopied(true);
              setTimeout(() => setCopied(false), 1500);
            } catch {
              (document.getElementById(props.id) as HTMLInputElement | null)?.select();
            }
          }}
        >
          {copied ? t("game.copied") : t("game.copy")}
        </button>
      </div>
    </section>
  );
}
