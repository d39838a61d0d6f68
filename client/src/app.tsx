import { useEffect, useState } from "preact/hooks";
import { nextExpiry } from "./notices";
import type { Client } from "./client";
import { useChunk, useSignal, useStore } from "./hooks";
import { errorText, gameName, lang, setLang, t } from "./i18n";
import { guestNameAfter } from "./account";
import { ForgetMe, HeaderAccount, SignInOffer, signedOutNote } from "./ui/account";
import { Lobby } from "./ui/lobby";
import { NamePrompt } from "./ui/name";
import { PageScreen } from "./ui/rankings";
import { explainRefusal } from "./ui/options";
import { HallPrompt } from "./ui/privacy";
import { Table } from "./ui/table";
import { YourTurns } from "./ui/turns";
import { useTurnAlert } from "./ui/notify";

export function App({ client }: { client: Client }) {
  const s = useStore(client.store);
  const name = useSignal(client.name);
  const l = useSignal(lang);
  // The name form: before the first name, when the hall refuses one, or asked for.
  const [renaming, setRenaming] = useState(false);
  const refusal = s.nameRefusal;
  // Signed out: a guest's name is asked for (or a sign-in again).
  const out = s.signedOut;
  const naming = !name || renaming || refusal !== null || out !== null;
  // The hall refused the name as an account's: the form offers to sign in as it.
  const registered = refusal?.code === "name_registered" ? String(refusal.args.name ?? name ?? "") : null;
  // The hall's password: asked for when the hall refuses our hello without it.
  const hall = s.hallRefusal;
  const modal = s.accountForm !== null;
  useEffect(() => {
    document.documentElement.lang = l;
  }, [l]);
  // The tab's title tells whose turn it is, so a player in another tab notices.
  const tbl = s.current ? s.tables[s.current] : undefined;
  // The current table's game's options, to word a refused option value.
  const described = s.games.find((g) => g.name === tbl?.room?.game)?.described;
  const v = tbl?.view;
  // A seat the AI plays (a stand-in, a resigned player's) is not the person's turn.
  const seat = v && v.you !== null && v.you !== undefined ? tbl?.room?.seats[v.you] : undefined;
  const mine =
    !!v && !v.result && !!seat && !seat.standin && !seat.resigned && (v.active ?? []).includes(v.you as number);
  const replayed = s.replay?.data?.summary.game;
  // A beep, and a notification while the tab is hidden, when it becomes our turn.
  useTurnAlert(s.current, mine, tbl?.room?.game);
  useEffect(() => {
    const game = tbl?.room?.game;
    const page = s.page;
    const what = page
      ? `${page.kind === "ranking" ? `${t("rank.title")}: ${gameName(page.game)}` : page.name} — `
      : replayed
        ? `${t("replay.title")}: ${gameName(replayed)} — `
        : game
          ? `${gameName(game)} — `
          : "";
    document.title = (mine ? "★ " : "") + what + t("app.title");
  }, [mine, tbl?.room?.game, replayed, s.page, l]);
  // Each notice goes when its own time is up (notices.ts); its ✕ dismisses it sooner.
  useEffect(() => {
    const due = nextExpiry(s.notices);
    if (due === null) return;
    const timer = setTimeout(() => client.store.expireNotices(), Math.max(0, due - Date.now()) + 20);
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
        {name && !out && <YourTurns rooms={s.turns} onOpen={(room) => client.open(room)} />}
        {name && !out && <HeaderAccount client={client} me={refusal ? null : s.me} name={name} onRename={() => setRenaming(true)} />}
        {/* Signed out, the line waits for a guest's name: no "offline" to alarm anyone. */}
        {name && !out && (
          <span class={`conn conn-${s.conn}`} data-testid="conn" data-state={s.conn} title={t(`conn.${s.conn}`)}>
            <span class="dot" />
            <span class="conn-label">{t(`conn.${s.conn}`)}</span>
          </span>
        )}
        <button class="lang" data-testid="lang" onClick={() => setLang(l === "ja" ? "en" : "ja")}>
          {t("lang.switch")}
        </button>
      </header>
      {/* In the page's flow, above the board: a notice covers nothing it is about. */}
      <div class="notices" aria-live="polite" data-testid="notices" inert={modal}>
        {s.notices.map((n) => (
          <div class="notice" key={n.id} data-code={n.code}>
            <span class="text">
              {errorText(n.code, n.message, explainRefusal(n.code, n.args, described))}
              {n.code === "account_required" && (
                <span class="notice-actions">
                  <button data-testid="notice-signin" onClick={() => client.account("signin")}>
                    {t("account.sign_in")}
                  </button>
                  <button data-testid="notice-register" onClick={() => client.account("register")}>
                    {t("account.register")}
                  </button>
                </span>
              )}
            </span>
            {/* The same refusal again: counted, not stacked (notices.ts). */}
            {(n.count ?? 1) > 1 && (
              <span class="notice-count" data-testid="notice-count" title={t("notice.count", { n: n.count! })}>
                ×{n.count}
              </span>
            )}
            <button
              class="x"
              data-testid="notice-dismiss"
              title={t("notice.dismiss")}
              aria-label={t("notice.dismiss")}
              onClick={() => client.store.dismiss(n.id)}
            >
              ✕
            </button>
          </div>
        ))}
      </div>
      {/* Behind the account dialog, the page takes no focus nor clicks (the header's
          language switch still works). */}
      <main inert={modal}>
        {/* The hall's password first: a sign-in from the name form says hello before any
            name is chosen, and the hall may ask for its password then. */}
        {hall ? (
          <HallPrompt
            key={hall.id}
            reason={hall.args.wrong === true ? errorText(hall.code, hall.message, hall.args) : null}
            onPassword={(p) => client.setHallPassword(p)}
          />
        ) : naming ? (
          <NamePrompt
            key={refusal?.id ?? (out ? "signed-out" : renaming ? "rename" : "first")}
            initial={out ? guestNameAfter(name, out.account) : (name ?? "")}
            reason={refusal && errorText(refusal.code, refusal.message, refusal.args)}
            note={out && !refusal ? signedOutNote(out) : null}
            onName={(n) => {
              setRenaming(false);
              client.setName(n);
            }}
            onCancel={renaming && !refusal && !out ? () => setRenaming(false) : undefined}
          >
            {!(renaming && !refusal && !out) && <SignInOffer client={client} account={registered} />}
            {renaming && !refusal && !out && !s.me?.account && name && (
              <ForgetMe client={client} name={s.me?.name ?? name} online={s.conn === "open" && s.me !== null} onForget={() => setRenaming(false)} />
            )}
          </NamePrompt>
        ) : s.page ? (
          <PageScreen client={client} s={s} page={s.page} />
        ) : s.replay ? (
          <LazyReplay client={client} r={s.replay} />
        ) : s.current ? (
          <Table client={client} s={s} room={s.current} />
        ) : (
          <Lobby client={client} s={s} />
        )}
      </main>
      {s.accountForm && <LazyAccountDialog client={client} form={s.accountForm} me={s.me} name={name} />}
    </div>
  );
}

// Their props, as the modules declare them (type imports: they load nothing).
type ReplayProps = Parameters<typeof import("./ui/replay").ReplayScreen>[0];
type DialogProps = Parameters<typeof import("./ui/accountdialog").AccountDialog>[0];

/** The replay screen, a chunk of its own: most visits never open a replay, and the
 * page every visit loads stays smaller (the e2e run's budget counts it). */
function LazyReplay(props: ReplayProps) {
  const m = useChunk(() => import("./ui/replay"));
  return m ? <m.ReplayScreen {...props} /> : <p class="muted">{t("replay.loading")}</p>;
}

/** The account dialog, a chunk of its own too: loaded when it first opens. */
function LazyAccountDialog(props: DialogProps) {
  const m = useChunk(() => import("./ui/accountdialog"));
  return m ? <m.AccountDialog {...props} /> : null;
}
