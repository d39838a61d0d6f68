import type { OptionMark } from "../types";

/** The seed page's option table rates each option ("推奨度"): the first edition's
 * farmer scoring ×, the river △, the four expansions − (not rated). Options the table
 * does not list (this server's own choices) have no mark. */
export const carcassonneMarks: Record<string, OptionMark> = {
  old: "no",
  fluss: "fair",
  erweiterung: "none",
  haendler: "none",
  koenig: "none",
  drache: "none",
};
