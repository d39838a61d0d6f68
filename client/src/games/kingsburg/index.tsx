// Kingsburg plays through the generic view, in its own words (strings.ts).
import { GenericBoard } from "../generic";
import type { BoardProps, GameUi } from "../types";
import { labels } from "./strings";

export const kingsburg: GameUi = {
  Board: (props: BoardProps) => <GenericBoard {...props} labels={labels} />,
};
