import { GenericBoard } from "./generic";
import type { GameUi } from "./types";
import { carcassonne } from "./carcassonne";

const boards: Record<string, GameUi> = { carcassonne };

export function gameUi(name: string): GameUi {
  return boards[name] ?? { Board: GenericBoard };
}
