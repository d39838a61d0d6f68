// An option that means something only with another on (Carcassonne's River start
// tile, the dragon's timing) is not offered, nor named, while that one is off.
import { h } from "preact";
import { describe, expect, it } from "vitest";
import type { OptionSpec } from "../src/store";
import { OptionsEditor, optionWords } from "../src/ui/options";
import { elements } from "./vnodes";

const bool = (key: string): OptionSpec => ({ key, kind: "bool", default: false, label: { en: key, ja: key } });
const choice = (key: string, requires: string[], values: string[]): OptionSpec => ({
  key,
  kind: "choice",
  default: values[0],
  label: { en: key, ja: key },
  choices: values.map((value) => ({ value, label: { en: value, ja: value } })),
  requires,
});
const DESCRIBED: OptionSpec[] = [
  bool("old"),
  bool("fluss"),
  choice("river_start_tile", ["fluss"], ["remove", "shuffle"]),
  bool("haendler"),
  { ...bool("pig_old"), requires: ["old", "haendler"] },
  bool("drache"),
  choice("dragon_timing", ["drache"], ["before_scoring", "after_scoring"]),
];
const OFF = { old: false, fluss: false, river_start_tile: "remove", haendler: false, pig_old: false, drache: false, dragon_timing: "before_scoring" };

function offered(options: Record<string, unknown>): string[] {
  const tree = h(OptionsEditor, { options, described: DESCRIBED, onChange: () => undefined });
  return elements(tree).flatMap((e) => (typeof e.props["data-option"] === "string" ? [e.props["data-option"] as string] : []));
}

describe("options that need another option", () => {
  it("are hidden while their expansion is off", () => {
    expect(offered(OFF)).toEqual(["old", "fluss", "haendler", "drache"]);
  });
  it("show once it is on (all of them, for an option that needs two)", () => {
    expect(offered({ ...OFF, fluss: true, drache: true })).toEqual(["old", "fluss", "river_start_tile", "haendler", "drache", "dragon_timing"]);
    expect(offered({ ...OFF, haendler: true })).not.toContain("pig_old");
    expect(offered({ ...OFF, haendler: true, old: true })).toContain("pig_old");
  });
  it("are not named in the table's options while their expansion is off", () => {
    const set = { ...OFF, river_start_tile: "shuffle", dragon_timing: "after_scoring" };
    expect(optionWords(set, DESCRIBED).map((w) => w.key)).toEqual([]);
    expect(optionWords({ ...set, drache: true }, DESCRIBED).map((w) => w.key)).toEqual(["drache", "dragon_timing"]);
  });
});
