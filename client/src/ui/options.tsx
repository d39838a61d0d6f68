import { lang, t } from "../i18n";
import type { OptionMark } from "../games/types";
import type { OptionSpec } from "../store";
import { CLOCK_KEY, clockWords } from "./clock";
import { OUT_OF_TIME_KEY, PACE_KEY, isTurnBased, perMoveWords } from "../turns";

function said(words: { en: string; ja: string }): string {
  return words[lang.get()] ?? words.en;
}

/** Whether the options `o` needs are all on: a sub-option of an expansion that is
 * off means nothing, so it is neither offered nor named. */
export function applies(o: OptionSpec, options: Record<string, unknown>): boolean {
  return (o.requires ?? []).every((k) => options[k] === true);
}

/** The options people choose from: those the game describes, less the hidden ones
 * (the operator's settings, or a "choice" of one value) and those whose expansion is
 * off. An older server without descriptions gets each option by its name and the
 * type of its value. */
function shown(options: Record<string, unknown>, described: OptionSpec[] | undefined): OptionSpec[] {
  if (described) return described.filter((o) => !o.hidden && o.key in options && applies(o, options));
  return Object.entries(options)
    .filter(([key]) => key !== CLOCK_KEY && key !== "rated" && key !== "ai_pace" && key !== PACE_KEY && key !== OUT_OF_TIME_KEY)
    .map(([key, value]) => ({
      key,
      kind: typeof value === "boolean" ? "bool" : typeof value === "number" ? "int" : "text",
      default: value,
      label: { en: key, ja: key },
    }));
}

/** The symbols of the marks, as Brettspielwelt's table has them. */
export const MARK_SYMBOL: Record<OptionMark, string> = { no: "×", fair: "△", none: "−" };
const MARK_ORDER: OptionMark[] = ["no", "fair", "none"];

/** An option's rating beside its label, its words in the tooltip (and in the legend
 * below the options, for a touch screen without tooltips). */
function Mark({ mark }: { mark: OptionMark }) {
  return (
    <span class={`option-mark mark-${mark}`} data-mark={mark} title={t("options.mark_title", { mark: t(`options.mark.${mark}`) })}>
      {MARK_SYMBOL[mark]}
    </span>
  );
}

/** What the marks shown mean, one line: "Recommendation on Brettspielwelt: × not
 * recommended · △ so-so". */
export function MarksLegend({ marks }: { marks: OptionMark[] }) {
  const used = MARK_ORDER.filter((m) => marks.includes(m));
  if (!used.length) return null;
  return (
    <p class="option-marks muted small" data-testid="option-marks">
      {t("options.marks")}{" "}
      {used.map((m, i) => (
        <span key={m} class="option-marks-item">
          {i > 0 ? " · " : ""}
          <span class={`option-mark mark-${m}`} aria-hidden="true">
            {MARK_SYMBOL[m]}
          </span>{" "}
          {t(`options.mark.${m}`)}
        </span>
      ))}
    </p>
  );
}

/** Options as labelled inputs: yes/no as check boxes, choices as drop-downs of their
 * values in words, numbers within their bounds. The option's name, as typed with
 * /option, is its tooltip; beside the label, the game's rating of it (`marks`), with a
 * legend of the marks below. The table's own turn clock is not the game's: it has a
 * choice of its own (`ClockChoice`). */
export function OptionsEditor({
  options,
  onChange,
  disabled,
  described,
  marks = {},
}: {
  options: Record<string, unknown>;
  onChange: (key: string, value: unknown) => void;
  disabled?: boolean;
  described?: OptionSpec[];
  marks?: Record<string, OptionMark>;
}) {
  const listed = shown(options, described);
  return (
    <div class="options">
      {listed.map((o) => {
        const value = options[o.key];
        const label = said(o.label);
        const mark = marks[o.key];
        return (
          <label class={`option option-${o.kind}`} key={o.key} data-option={o.key} title={`/option ${o.key}`}>
            {o.kind === "bool" ? (
              <input
                type="checkbox"
                checked={value === true}
                disabled={disabled}
                data-testid={`option-${o.key}`}
                onChange={(e) => onChange(o.key, (e.target as HTMLInputElement).checked)}
              />
            ) : null}
            {/* The mark inside the label: it follows the label's last word, also where the label wraps. */}
            <span class="option-label">
              {label}
              {mark ? " " : null}
              {mark ? <Mark mark={mark} /> : null}
            </span>
            {o.kind === "choice" && o.choices ? (
              <select
                data-testid={`option-${o.key}`}
                disabled={disabled}
                value={String(value)}
                onChange={(e) => {
                  // The choice itself, not the select's text: 2 stays a number.
                  const picked = o.choices!.find((c) => String(c.value) === (e.target as HTMLSelectElement).value);
                  if (picked) onChange(o.key, picked.value);
                }}
              >
                {o.choices.map((c) => (
                  <option key={String(c.value)} value={String(c.value)}>
                    {said(c.label)}
                  </option>
                ))}
              </select>
            ) : o.kind === "int" || o.kind === "text" ? (
              <input
                type={(o.kind === "int" ? "number" : "text") as "text"}
                min={o.min ?? undefined}
                max={o.max ?? undefined}
                value={value === null || value === undefined ? "" : String(value)}
                disabled={disabled}
                data-testid={`option-${o.key}`}
                onChange={(e) => {
                  const raw = (e.target as HTMLInputElement).value;
                  onChange(o.key, o.kind === "int" ? Number(raw) : raw);
                }}
              />
            ) : null}
          </label>
        );
      })}
      <MarksLegend marks={listed.flatMap((o) => (marks[o.key] ? [marks[o.key]] : []))} />
    </div>
  );
}

/** What an option takes, in words: "yes or no", "1 to 3", "on a tile or beside one
 * follower". */
export function allowedWords(o: OptionSpec): string {
  if (o.kind === "bool") return t("options.yes_no");
  if (o.kind === "int") return t("options.range", { min: o.min ?? "", max: o.max ?? "" });
  if (o.kind === "choice" && o.choices?.length) {
    const words = o.choices.map((c) => said(c.label));
    return words.length === 1 ? words[0] : t("options.either", { some: words.slice(0, -1).join(t("options.comma")), last: words[words.length - 1] });
  }
  return t("options.text");
}

/** A refusal of an option's value (`bad_option` with the option's key in `args`), with
 * the option's label and what it takes added in the reader's language. */
export function explainRefusal(code: string, args: Record<string, unknown>, described: OptionSpec[] = []): Record<string, unknown> {
  const o = code === "bad_option" ? described.find((d) => d.key === args.option) : undefined;
  return o ? { ...args, label: said(o.label), allowed: allowedWords(o) } : args;
}

/** The options that differ from the game's defaults, as typed with /option. */
export function optionSummary(options: Record<string, unknown>, defaults: Record<string, unknown> = {}): string {
  return Object.entries(options)
    .filter(([k, v]) => v !== false && v !== null && v !== "" && !(k in defaults && defaults[k] === v))
    .map(([k, v]) => (v === true ? k : `${k}=${String(v)}`))
    .join(" ");
}

/** The options that differ from the game's defaults, in words: a yes/no option by its
 * label ("River"), a choice or a number as "label: value" ("The dragon walks: after
 * the tile's scoring"), the turn clock as "clock 60 s / move"; a turn-based table's
 * pace, its time per move ("1 day / move") and, when it drops, what happens out of time.
 * A sub-option whose expansion is off is not named: it changes nothing. */
export function optionWords(options: Record<string, unknown>, described: OptionSpec[] = []): { key: string; text: string }[] {
  const spec = new Map(described.map((o) => [o.key, o]));
  const turnBased = isTurnBased(options);
  // The pace first: "turn-based, 1 day / move".
  return Object.entries(options)
    .sort(([a], [b]) => Number(b === PACE_KEY) - Number(a === PACE_KEY))
    .filter(([k, v]) => {
      if (k === PACE_KEY) return turnBased;
      if (k === OUT_OF_TIME_KEY) return v === "drop";
      if (k === CLOCK_KEY && turnBased) return typeof v === "number" && v > 0;
      if (k === CLOCK_KEY) return clockWords(v) !== null;
      // The table's own `rated` is there only when false: an unrated table.
      if (k === "rated") return v === false;
      if (k === "ai_pace") return v !== "auto";
      const o = spec.get(k);
      return v !== false && v !== null && v !== "" && !(o && (o.hidden || o.default === v || !applies(o, options)));
    })
    .map(([k, v]) => {
      if (k === PACE_KEY) return { key: k, text: t("pace.turn_based") };
      if (k === OUT_OF_TIME_KEY) return { key: k, text: t("pace.out_words", { what: t("pace.out.drop") }) };
      if (k === CLOCK_KEY && turnBased) return { key: k, text: perMoveWords(v as number) };
      if (k === CLOCK_KEY) return { key: k, text: clockWords(v)! };
      if (k === "rated") return { key: k, text: t("rated.unrated") };
      if (k === "ai_pace") return { key: k, text: t("ai_pace.words", { pace: t(`ai_pace.${String(v)}`) }) };
      const o = spec.get(k);
      if (!o) return { key: k, text: v === true ? k : `${k}=${String(v)}` };
      if (v === true) return { key: k, text: said(o.label) };
      const choice = o.choices?.find((c) => c.value === v);
      return { key: k, text: t("options.value", { option: said(o.label), value: choice ? said(choice.label) : String(v) }) };
    });
}
