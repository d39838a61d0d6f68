import { has, optionLabel, t } from "../i18n";
import { CLOCK_KEY, clockWords } from "./clock";

/** Options as inputs: yes/no as checkboxes, numbers and words as fields. Only the
 * options the server's game has are shown: `known` (the game's defaults from
 * /api/games), when given, filters out any other key. The table's own turn clock is
 * not the game's: it has its choice of its own (`ClockChoice`). */
export function OptionsEditor({
  options,
  onChange,
  disabled,
  known,
}: {
  options: Record<string, unknown>;
  onChange: (key: string, value: unknown) => void;
  disabled?: boolean;
  known?: Record<string, unknown>;
}) {
  return (
    <div class="options">
      {Object.entries(options)
        .filter(([key]) => key !== CLOCK_KEY && (!known || key in known))
        .map(([key, value]) => (
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

/** The options that differ from the game's defaults, in words: a yes/no option with
 * a name of its own (an expansion, say) as that name, the turn clock as "clock 60 s /
 * move", anything else as typed. */
export function optionWords(
  options: Record<string, unknown>,
  defaults: Record<string, unknown> = {},
): { key: string; text: string }[] {
  return Object.entries(options)
    .filter(([k, v]) => v !== false && v !== null && v !== "" && !(k in defaults && defaults[k] === v))
    .filter(([k, v]) => k !== CLOCK_KEY || clockWords(v) !== null)
    .map(([k, v]) => ({
      key: k,
      text: k === CLOCK_KEY ? clockWords(v)! : v === true && has(`opt.${k}`) ? t(`opt.${k}`) : v === true ? k : `${k}=${String(v)}`,
    }));
}
