import type { ComponentChildren } from "preact";
import { useState } from "preact/hooks";
import { t } from "../i18n";
import { NAME_MAX } from "../protocol.gen";

/** The name form: the first visit's, a change asked for from the header (`initial`
 * is the current name, and it may be cancelled), the hall's refusal of the name
 * (`reason`, in the reader's language), or a guest's name after signing out (`note`
 * says so). The box takes no more than the hall does; `children` go below the buttons
 * (the offer to sign in instead). */
export function NamePrompt({
  onName,
  initial = "",
  reason = null,
  note = null,
  onCancel,
  children,
}: {
  onName: (name: string) => void;
  initial?: string;
  reason?: string | null;
  note?: string | null;
  onCancel?: () => void;
  children?: ComponentChildren;
}) {
  // A name the hall refused for its length comes back cut to what the box takes.
  const [name, setName] = useState(initial.slice(0, NAME_MAX));
  const changing = (initial !== "" && note === null) || reason !== null;
  return (
    <form
      class="card name-prompt"
      data-testid="name-form"
      onSubmit={(e) => {
        e.preventDefault();
        const n = name.trim();
        if (n) onName(n.slice(0, NAME_MAX));
      }}
    >
      <h2>{t(reason !== null ? "name.retry" : changing ? "name.edit" : "name.prompt")}</h2>
      {reason !== null && (
        <p class="name-refused" role="alert" data-testid="name-refused">
          {reason}
        </p>
      )}
      {note !== null && (
        <p class="signed-out" role="status" data-testid="signed-out">
          {note}
        </p>
      )}
      <label>
        {t("name.label")}{" "}
        <input
          data-testid="name-input"
          value={name}
          maxLength={NAME_MAX}
          autoFocus
          onInput={(e) => setName((e.target as HTMLInputElement).value)}
        />
      </label>
      <p class="muted small">{t("name.hint", { max: NAME_MAX })}</p>
      <div class="buttons">
        <button type="submit" class="primary" data-testid="name-go" disabled={!name.trim()}>
          {t(changing ? "name.save" : "name.go")}
        </button>
        {onCancel && (
          <button type="button" data-testid="name-cancel" onClick={onCancel}>
            {t("name.cancel")}
          </button>
        )}
      </div>
      {children}
    </form>
  );
}
