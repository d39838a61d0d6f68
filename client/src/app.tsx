import { useEffect } from "preact/hooks";
import type { Client } from "./client";
import { useSignal, useStore } from "./hooks";
import { errorText, gameName, lang, setLang, t } from "./i18n";
import { Lobby } from "./ui/lobby";
import { NamePrompt } from "./ui/name";
import { ReplayScreen } from "./ui/replay";
import { Table } from "./ui/table";

export function App({ client }: { client: Client }) {
  const s = useStore(client.store);
  const name = useSignal(client.name);
  const l = useSignal(lang);
  useEffect(() => {
    document.documentElement.lang = l;
  }, [l]);
  // The tab's title tells whose turn it is, so a player in another tab notices.
  const tbl = s.current ? s.tables[s.current] : undefined;
  const v = tbl?.view;
  // A seat the AI plays (a stand-in, a resigned player's) is not the person's turn.
  const seat = v && v.you !== null && v.you !== undefined ? tbl?.room?.seats[v.you] : undefined;
  const mine =
    !!v && !v.result && !!seat && !seat.standin && !seat.resigned && (v.active ?? []).includes(v.you as number);
  const replayed = s.replay?.data?.summary.game;
  useEffect(() => {
    const game = tbl?.room?.game;
    const what = replayed ? `${t("replay.title")}: ${gameName(replayed)} — ` : game ? `${gameName(game)} — ` : "";
    document.title = (mine ? "★ " : "") + what + t("app.title");
  }, [mine, tbl?.room?.game, replayed, l]);
  // Notices fade after a while; a click dismisses them sooner.
  useEffect(() => {
    if (!s.notices.length) return;
    const timer = setTimeout(() => client.store.dismiss(s.notices[0].id), 7000);
    return () => clearTimeout(timer);
  }, [s.notices]);
  return (
    <div class="app" lang={l}>
      <header class="top">
        <a
          class="brand"
          href="/"
          onClick={(e) => {
            e.preventDefault();
            if (name) client.toLobby();
          }}
        >
          <span class="logo" aria-hidden="true" />
          {t("app.title")}
        </a>
        <span class="tagline">{t("app.tagline")}</span>
        <span class="spacer" />
        {name && (
          <span class="me" data-testid="me">
            {s.me?.name ?? name}
          </span>
        )}
        {name && (
          <span class={`conn conn-${s.conn}`} data-testid="conn" data-state={s.conn} title={t(`conn.${s.conn}`)}>
            <span class="dot" />
            {t(`conn.${s.conn}`)}
          </span>
        )}
        <button class="lang" data-testid="lang" onClick={() => setLang(l === "ja" ? "en" : "ja")}>
          {t("lang.switch")}
        </button>
      </header>
      <div class="notices" aria-live="polite">
        {s.notices.map((n) => (
          <div class="notice" key={n.id} data-code={n.code} onClick={() => client.store.dismiss(n.id)}>
            {errorText(n.code, n.message)}
            <span class="x">✕</span>
          </div>
        ))}
      </div>
      <main>
        {!name ? (
          <NamePrompt onName={(n) => client.setName(n)} />
        ) : s.replay ? (
          <ReplayScreen client={client} r={s.replay} />
        ) : s.current ? (
          <Table client={client} s={s} room={s.current} />
        ) : (
          <Lobby client={client} s={s} />
        )}
      </main>
    </div>
  );
}
