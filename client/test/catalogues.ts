// The catalogues the server serves at GET /games/<name>/catalogue.json, put together
// from the games' data files the way each game's `catalogue()` does it.
import { readFileSync } from "node:fs";

const read = (path: string) => JSON.parse(readFileSync(new URL(`../../server/games/${path}`, import.meta.url), "utf8"));

/** server/games/kingsburg/game.py, `catalogue`: data.json's advisors, buildings,
 * enemies and strength ranges. */
export function kingsburgCatalogue() {
  const data = read("kingsburg/data.json");
  return {
    advisors: data.advisors,
    buildings: data.buildings,
    enemies: data.enemies,
    strength_range_by_year: data.strength_range_by_year,
  };
}
