import { useState } from "preact/hooks";
import { t } from "../i18n";

export function NamePrompt({ onName }: { onName: (name: string) => void }) {
  const [name, setName] = useState("");
  return (
    <form
      class="card name-prompt"
      onSubmit={(e) => {
        e.preventDefault();
        const n = name.trim();
        if (n) onName(n.slice(0, 32));
      }}
    >
      <h2>{t("name.prompt")}</h2>
      <label>
        {t("name.label")}{" "}
        <input
          data-testid="name-input"
          value={name}
          maxLength={32}
          autoFocus
          onInput={(e) => setName((e.target as HTMLInputElement).value)}
        />
      </label>
      <button type="submit" class="primary" data-testid="name-go" disabled={!name.trim()}>
        {t("name.go")}
      </button>
    </form>
  );
}
