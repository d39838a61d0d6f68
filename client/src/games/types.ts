import type { Room } from "../protocol.gen";
import type { View } from "../store";

export interface BoardProps {
  view: View;
  /** The table (absent in a replay: a finished game has none). */
  room?: Room;
  /** Send one of `view.legal` (or an intent built from it) to the server. */
  act: (intent: Record<string, unknown>) => void;
  names: (seat: number) => string;
  catalogue: unknown;
}

export interface GameUi {
  Board: (props: BoardProps) => preact.JSX.Element;
  /** Extra words for a seat in the players panel (pieces left, …). */
  seatExtra?: (view: View, seat: number) => preact.JSX.Element | string | null;
  /** Rows after the seats in the players panel, for someone who plays without a seat
   * (Alhambra's dummy player Dirk): `<li class="seat">` elements, or null. */
  extraSeats?: (view: View) => preact.JSX.Element | null;
  /** Whether the board needs the game's catalogue.json. */
  needsCatalogue?: boolean;
  /** Told the catalogue as it comes, before the board is drawn with it: for the
   * game's words outside the board (log lines, intent labels) that read it. */
  onCatalogue?: (catalogue: unknown) => void;
  /** How Brettspielwelt's option table rated an option (its "推奨度" column), shown
   * beside the option when a table is opened: by option key. */
  optionMarks?: Record<string, OptionMark>;
}

/** A rating of an option's: × not recommended, △ so-so, − not rated. */
export type OptionMark = "no" | "fair" | "none";

export const SEAT_COLOURS = ["#d8262c", "#2a5bd7", "#f2c400", "#2f9e44", "#222222", "#9b4dca"];
export const SEAT_COLOUR_NAMES = ["red", "blue", "yellow", "green", "black", "purple"];
