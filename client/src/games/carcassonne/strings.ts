// The Carcassonne log codes in both languages (see server/games/carcassonne/README.md).
import { extend } from "../../i18n";

extend({
  en: {},
  ja: {},
});
