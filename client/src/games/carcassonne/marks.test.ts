// The seed page's recommendation column beside Carcassonne's options: × for the old
// farmer scoring, △ for the river, − for the four expansions, none for this server's
// own choices; the marks' words in a legend and a tooltip, in both languages.
import { h } from "preact";
import { afterEach, describe, expect, it } from "vitest";
import { lang } from "../../i18n";
import type { OptionSpec } from "../../store";
import { OptionsEditor } from "../../ui/options";
import { elements, text } from "../../../test/vnodes";
import { carcassonne } from "./index";

const OPTIONS = { old: false, fluss: true, two_tile_city_points: 2, erweiterung: false, koenig: false };
const bool = (key: string, en: string): OptionSpec => ({ key, kind: "bool", default: false, label: { en, ja: en } }) as OptionSpec;
const DESCRIBED: OptionSpec[] = [
  bool("old", "Old farmer scoring"),
  bool("fluss", "River"),
  { key: "two_tile_city_points", kind: "int", default: 2, min: 2, max: 4, label: { en: "Points for a two-tile city", ja: "2枚" } } as OptionSpec,
  bool("erweiterung", "Inns & Cathedrals"),
  bool("koenig", "King & Robber Baron"),
];

function editor() {
  const tree = h(OptionsEditor, { options: OPTIONS, described: DESCRIBED, marks: carcassonne.optionMarks, onChange: () => undefined });
  const all = elements(tree);
  const markOf = (key: string) => {
    const label = all.find((e) => e.props["data-option"] === key)!;
    return elements(label.props.children).find((e) => e.props["data-mark"])?.props["data-mark"] ?? null;
  };
  const legend = all.find((e) => e.props["data-testid"] === "option-marks");
  return { markOf, legend, all };
}

afterEach(() => lang.set("en"));

describe("Carcassonne's options carry the seed page's recommendation marks", () => {
  it("marks old ×, fluss △, the expansions −, and the server's own choice not at all", () => {
    const { markOf, all } = editor();
    expect(markOf("old")).toBe("no");
    expect(markOf("fluss")).toBe("fair");
    expect(markOf("erweiterung")).toBe("none");
    expect(markOf("koenig")).toBe("none");
    expect(markOf("two_tile_city_points")).toBeNull();
    const symbols = all.filter((e) => e.props["data-mark"]).map((e) => text(e));
    expect(symbols).toEqual(["×", "△", "−", "−"]);
  });

  it("says what the marks mean, in a legend and in each mark's tooltip, in English and Japanese", () => {
    const en = editor();
    expect(text(en.legend)).toContain("× not recommended");
    expect(text(en.legend)).toContain("△ so-so");
    expect(text(en.legend)).toContain("− not rated");
    expect(en.all.find((e) => e.props["data-mark"] === "no")!.props.title).toBe("Brettspielwelt's recommendation: not recommended");
    lang.set("ja");
    const ja = editor();
    expect(text(ja.legend)).toContain("推奨度");
    expect(text(ja.legend)).toContain("× 推奨しない");
    expect(ja.all.find((e) => e.props["data-mark"] === "fair")!.props.title).toBe("BSWの推奨度：まあまあ");
  });

  it("shows no legend for a game without marks", () => {
    const tree = h(OptionsEditor, { options: OPTIONS, described: DESCRIBED, onChange: () => undefined });
    expect(elements(tree).some((e) => e.props["data-testid"] === "option-marks" || e.props["data-mark"])).toBe(false);
  });
});
