// The "Being told" card of the lobby: the turn's sound, a notification while the tab is
// hidden, and Web Push to this device per topic. Each permission is asked on the click
// that turns its switch on, never before. And the hook that tells the player their turn.

import { useEffect, useMemo, useState } from "preact/hooks";
import type { Client } from "../client";
import { useSignal } from "../hooks";
import { gameName, lang, t } from "../i18n";
import { PUSH_TOPICS } from "../protocol.gen";
import type { Snapshot } from "../store";
import {
  alertsOn,
  currentSubscription,
  keepPush,
  permission,
  pushSubscription,
  pushSupported,
  setAlerts,
  setSound,
  soundOn,
  storedPush,
  turnAlert,
  turnWatcher,
} from "../notify";

/** The beep and the hidden tab's notification when it becomes the player's turn. */
export function useTurnAlert(room: string | null, mine: boolean, game: string | undefined): void {
  const watch = useMemo(turnWatcher, []);
  useEffect(() => {
    if (watch(room, mine) && room) {
      turnAlert(t("notify.turn_title", { game: game ? gameName(game) : t("app.title") }), t("notify.turn_body"), room);
    }
  }, [room, mine]);
}

type PushNote = "denied" | "failed" | null;

export function NotifyCard({ client, s }: { client: Client; s: Snapshot }) {
  const sound = useSignal(soundOn);
  const alerts = useSignal(alertsOn);
  const l = useSignal(lang);
  const [denied, setDenied] = useState(false);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<PushNote>(null);
  // The topics asked for, shown until the hall answers (or the browser refuses).
  const [wanted, setWanted] = useState<string[] | null>(null);
  const key = s.push.key;
  const me = s.me?.player ?? null;
  // What this device is told about: the hall's last answer, else what it chose before.
  const kept = storedPush();
  const topics = s.push.topics ?? (kept && kept.player === me ? kept.topics : []);
  const supported = pushSupported();

  useEffect(() => {
    if (key === undefined && supported) client.send({ t: "push_key" });
  }, [key, supported]);
  // Keep the hall's answer, for the next visit.
  useEffect(() => {
    if (s.push.topics !== null && me) keepPush({ player: me, topics: s.push.topics, endpoint: s.push.endpoint });
    setWanted(null);
  }, [s.push.topics, me]);
  // The hall refused the subscription (its notice says why): the boxes show what is.
  const refused = s.notices.find((n) => n.code === "bad_subscription" || n.code === "push_off")?.id;
  useEffect(() => {
    if (refused !== undefined) setWanted(null);
  }, [refused]);
  // This device chose pushes as another player (a guest, before signing in): they go
  // to whoever is here now. The browser's subscription is reused: no permission asked.
  useEffect(() => {
    if (!me || !key || !kept || kept.player === me || !kept.topics.length) return;
    void currentSubscription().then((sub) => {
      if (sub) client.send({ t: "push_subscribe", subscription: subscriptionOf(sub.toJSON()), topics: kept.topics, lang: l });
    });
  }, [me, key]);

  async function choose(topic: string, on: boolean): Promise<void> {
    if (!key) return;
    const next = PUSH_TOPICS.filter((x) => (x === topic ? on : topics.includes(x)));
    setBusy(true);
    setNote(null);
    setWanted([...next]);
    try {
      if (next.length === 0) {
        const sub = await currentSubscription();
        if (sub) {
          client.send({ t: "push_unsubscribe", endpoint: sub.endpoint });
          await sub.unsubscribe().catch(() => false);
        }
        keepPush(null);
        if (!sub) setWanted(null); // nothing to ask the hall: nothing will answer
        return;
      }
      const got = await pushSubscription(key);
      if (!got.ok) {
        setWanted(null);
        setNote(got.why);
        return;
      }
      client.send({ t: "push_subscribe", subscription: subscriptionOf(got.subscription), topics: [...next], lang: l });
    } finally {
      setBusy(false);
    }
  }

  const perm = permission();
  return (
    <section class="card notify" data-testid="notify-card">
      <h2>{t("notify.title")}</h2>
      <label class="option option-bool">
        <input type="checkbox" data-testid="notify-sound" checked={sound} onChange={(e) => setSound((e.target as HTMLInputElement).checked)} />
        <span class="option-label">{t("notify.sound")}</span>
      </label>
      {perm === "unsupported" ? (
        <p class="muted small">{t("notify.unsupported")}</p>
      ) : (
        <label class="option option-bool">
          <input
            type="checkbox"
            data-testid="notify-alerts"
            checked={alerts}
            onChange={async (e) => {
              const on = await setAlerts((e.target as HTMLInputElement).checked);
              setDenied(!on && (e.target as HTMLInputElement).checked);
              (e.target as HTMLInputElement).checked = on;
            }}
          />
          <span class="option-label">{t("notify.alerts")}</span>
        </label>
      )}
      {(denied || (perm === "denied" && (alerts || note === "denied"))) && (
        <p class="muted small" data-testid="notify-denied">
          {t("notify.denied")}
        </p>
      )}
      <p class="small notify-push-head">{t("notify.push_head")}</p>
      {!supported ? (
        <p class="muted small" data-testid="push-unsupported">
          {t("notify.push_unsupported")}
        </p>
      ) : key === null ? (
        <p class="muted small" data-testid="push-off">
          {t("notify.push_off")}
        </p>
      ) : (
        <div class="notify-topics" data-testid="push-topics" data-topics={topics.join(" ")}>
          {PUSH_TOPICS.map((topic) => (
            <label class="option option-bool" key={topic}>
              <input
                type="checkbox"
                data-testid={`push-${topic}`}
                checked={(wanted ?? topics).includes(topic)}
                disabled={busy || !key}
                onChange={(e) => void choose(topic, (e.target as HTMLInputElement).checked)}
              />
              <span class="option-label">{t(`notify.push.${topic}`)}</span>
            </label>
          ))}
          {note === "failed" && (
            <p class="muted small" data-testid="push-failed">
              {t("notify.push_failed")}
            </p>
          )}
          {s.me && !s.me.account && topics.length > 0 && <p class="muted small">{t("notify.push_guest")}</p>}
        </div>
      )}
    </section>
  );
}

/** The browser's subscription as the hall takes it. */
function subscriptionOf(json: PushSubscriptionJSON): { endpoint: string; keys: { p256dh: string; auth: string } } {
  return { endpoint: json.endpoint ?? "", keys: { p256dh: json.keys?.p256dh ?? "", auth: json.keys?.auth ?? "" } };
}
