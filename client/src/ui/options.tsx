import { optionLabel } from "../i18n";

/** Options as inputs: yes/no as checkboxes, numbers and words as fields. */
export function OptionsEditor({
  options,
  onChange,
  disabled,
}: {
  options: Record<string, unknown>;
  onChange: (key: string, value: unknown) => void;
  disabled?: boolean;
}) {
  return (
    <div class="options">
      {Object.entries(options).map(([key, value]) => (
        <label class="option" key={key} data-option={key}>
          {typeof value === "boolean" ? (
            <input
              type="checkbox"
              checked={value}
              disabled={disabled}
              data-testid={`option-${key}`}
              onChange={(e) => onChange(key, (e.target as HTMLInputElement).checked)}
            />
          ) : (
            <input
              type={(typeof value === "number" ? "number" : "text") as "text"}
              value={value === null ? "" : String(value)}
              disabled={disabled}
              data-testid={`option-${key}`}
              onChange={(e) => {
                const raw = (e.target as HTMLInputElement).value;
                onChange(key, typeof value === "number" ? Number(raw) : raw);
              }}
            />
          )}
          <span>{optionLabel(key)}</span>
        </label>
      ))}
    </div>
  );
}

/** The options that differ from the game's defaults, as typed with /option. */
export function optionSummary(options: Record<string, unknown>, defaults: Record<string, unknown> = {}): string {
  return Object.entries(options)
    .filter(([k, v]) => v !== false && v !== null && v !== "" && !(k in defaults && defaults[k] === v))
    .map(([k, v]) => (v === true ? k : `${k}=${String(v)}`))
    .join(" ");
}
