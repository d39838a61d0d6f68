// The board's own words (sa.ui.*, card faces) in both languages: every key the
// board uses exists in Japanese and English, and card faces read as words.
import { afterEach, describe, expect, it } from "vitest";
import { dictionaries, lang, type Lang } from "../../i18n";
import { card } from "./model";
import { cardBottom, cardIsCulture, cardTop } from "./strings";
import fixture from "./views.fixture.json";

const LANGS: Lang[] = ["en", "ja"];
afterEach(() => lang.set("en"));

describe("stone_age board words", () => {
  it("has every board label in both languages", () => {
    const keys = (l: Lang) => Object.keys(dictionaries[l]).filter((k) => k.startsWith("sa.ui.")).sort();
    expect(keys("en").length).toBeGreaterThan(40);
    expect(keys("ja")).toEqual(keys("en"));
    // Translated, not copied ("OK" is the one word BGA's Japanese page keeps).
    for (const k of keys("en")) if (k !== "sa.ui.ok") expect(dictionaries.ja[k], k).not.toBe(dictionaries.en[k]);
  });

  it("words every card's top and bottom from the catalogue as from its own table", () => {
    for (const l of LANGS) {
      lang.set(l);
      for (const c of fixture.catalogue.cards) {
        const cat = card(c.id, fixture.catalogue)!;
        const top = cardTop(c.id, cat.top);
        const bottom = cardBottom(c.id, cat.bottom);
        for (const s of [top, bottom]) expect(s, `${l} ${c.id}`).not.toMatch(/\{|undefined|_|^sa\./);
        // Without the catalogue the same words come from the table in strings.ts.
        expect(cardTop(c.id), c.id).toBe(top);
        expect(cardBottom(c.id), c.id).toBe(bottom);
        expect(cardIsCulture(c.id), c.id).toBe(cardIsCulture(c.id, cat.bottom));
      }
    }
  });
});
