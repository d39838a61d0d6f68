import { GenericBoard } from "./generic";
import type { GameUi } from "./types";
import { carcassonne } from "./carcassonne";
import { stone_age } from "./stone_age";
import { alhambra } from "./alhambra";
import { kardinal } from "./kardinal";
import { kingsburg } from "./kingsburg";

const boards: Record<string, GameUi> = { carcassonne, stone_age, alhambra, kardinal, kingsburg };

export function gameUi(name: string): GameUi {
  return boards[name] ?? { Board: GenericBoard };
}
