// Private tables and the hall's password, on screen: the lock of a private table in
// the lobby, the lobby's question for a table's password, the form's "Private table"
// choice, the host's settings at a waiting table, the invitation link at the table,
// and the hall's password form.

import { useRef, useState } from "preact/hooks";
import { gameName, t } from "../i18n";
import { inviteLink, PASSWORD_MAX } from "../privacy";
import type { Room, RoomSummary } from "../protocol.gen";
import type { Locked } from "../store";
import "./privacy.css";

/** A padlock, drawn (an emoji's lock depends on the reader's fonts). */
export function LockIcon() {
  return (
    <svg class="lock-icon" viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
      <path d="M4.5 7V5a3.5 3.5 0 0 1 7 0v2" fill="none" stroke="currentColor" stroke-width="1.8" />
      <rect x="2.5" y="7" width="11" height="8" rx="1.6" fill="currentColor" />
      <circle cx="8" cy="10.6" r="1.2" fill="#fffdf7" />
    </svg>
  );
}

/** A private table's mark in the lobby: the lock and "private", or "password" when it
 * takes one; the tooltip says how to come in. */
export function LockBadge({ room }: { room: Pick<RoomSummary, "private" | "password"> }) {
  if (!room.private) return null;
  const hint = t(room.password ? "lobby.password_hint" : "lobby.private_hint");
  return (
    <span class="tag lock" data-testid="lock" data-password={room.password ? "1" : "0"} title={hint} aria-label={hint}>
      <LockIcon />
      {t(room.password ? "lobby.private_password" : "lobby.private")}
    </span>
  );
}

/** The lobby's question for a private table: its password (with a word when the one
 * given did not open it), or, for a table of invitations only, to ask for the link. */
export function LockedPrompt({
  locked,
  onKey,
  onClose,
}: {
  locked: Locked;
  onKey: (key: string) => void;
  onClose: () => void;
}) {
  const [key, setKey] = useState("");
  const title = locked.game
    ? t("locked.title", { game: gameName(locked.game), room: locked.room })
    : t("locked.title_plain", { room: locked.room });
  return (
    <section class="card locked" data-testid="locked" data-room={locked.room} role="dialog" aria-labelledby="locked-title">
      <h2 id="locked-title">
        <LockIcon /> {title}
      </h2>
      {locked.password ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (key) onKey(key);
          }}
        >
          <p>{t("locked.password")}</p>
          {locked.refused && (
            <p class="refused" role="alert" data-testid="locked-wrong">
              {t("locked.wrong")}
            </p>
          )}
          <label class="field">
            <span>{t("locked.label")}</span>
            <input
              type="password"
              data-testid="locked-password"
              value={key}
              maxLength={PASSWORD_MAX}
              autoFocus
              autoComplete="off"
              onInput={(e) => setKey((e.target as HTMLInputElement).value)}
            />
          </label>
          <div class="buttons">
            <button type="submit" class="primary" data-testid="locked-enter" disabled={!key}>
              {t("locked.enter")}
            </button>
            <button type="button" data-testid="locked-cancel" onClick={onClose}>
              {t("locked.cancel")}
            </button>
          </div>
        </form>
      ) : (
        <>
          <p data-testid="locked-invite-only">{t("locked.invite_only")}</p>
          <div class="buttons">
            <button type="button" data-testid="locked-cancel" onClick={onClose}>
              {t("locked.close")}
            </button>
          </div>
        </>
      )}
    </section>
  );
}

/** The table settings of a new table: private or not, and an optional password. */
export interface PrivateChoice {
  private: boolean;
  password: string;
}

/** What goes into `create`'s options for this choice: `private` and, when given, the
 * `password` (nothing for an open table). */
export function privateOptions(choice: PrivateChoice): Record<string, unknown> {
  if (!choice.private) return {};
  return choice.password ? { private: true, password: choice.password } : { private: true };
}

/** The form's "Private table" box, and its password field once ticked. */
export function PrivateFields({ value, onChange }: { value: PrivateChoice; onChange: (v: PrivateChoice) => void }) {
  return (
    <div class="private-fields">
      <label class="option option-bool" title={t("private.hint")}>
        <input
          type="checkbox"
          data-testid="create-private"
          checked={value.private}
          onChange={(e) => onChange({ ...value, private: (e.target as HTMLInputElement).checked })}
        />
        <LockIcon />
        <span class="option-label">{t("private.label")}</span>
      </label>
      {value.private && (
        <>
          <p class="muted small hint">{t("private.hint")}</p>
          <label class="option option-text">
            <span class="option-label">{t("private.password")}</span>
            <input
              type="text"
              data-testid="create-password"
              value={value.password}
              maxLength={PASSWORD_MAX}
              autoComplete="off"
              onInput={(e) => onChange({ ...value, password: (e.target as HTMLInputElement).value })}
            />
          </label>
          <p class="muted small hint">{t("private.password_hint")}</p>
        </>
      )}
    </div>
  );
}

/** At a table: whether it is private and has a password. The host of a waiting table
 * changes them (`option` with `private` / `password`); everyone else reads them. */
export function PrivacySettings({ info, editable, send }: { info: Room; editable: boolean; send: (key: "private" | "password", value: unknown) => void }) {
  const [password, setPassword] = useState("");
  if (!editable && !info.private) return null;
  return (
    <div class="privacy" data-testid="privacy">
      <label class="option option-bool" title={t("private.hint")}>
        <input
          type="checkbox"
          data-testid="option-private"
          checked={info.private}
          disabled={!editable}
          onChange={(e) => send("private", (e.target as HTMLInputElement).checked)}
        />
        <LockIcon />
        <span class="option-label">{t("private.label")}</span>
      </label>
      {info.private && (
        <p class="password-line">
          <span class="muted small" data-testid="password-state">
            {t(info.password ? "private.has_password" : "private.no_password")}
          </span>
          {editable && info.password && (
            <button type="button" class="small" data-testid="table-password-remove" onClick={() => send("password", null)}>
              {t("private.remove")}
            </button>
          )}
        </p>
      )}
      {editable && info.private && (
        <form
          class="password-form"
          onSubmit={(e) => {
            e.preventDefault();
            if (!password) return;
            send("password", password);
            setPassword("");
          }}
        >
          <input
            type="text"
            data-testid="table-password"
            aria-label={t("locked.label")}
            placeholder={t("locked.label")}
            value={password}
            maxLength={PASSWORD_MAX}
            autoComplete="off"
            onInput={(e) => setPassword((e.target as HTMLInputElement).value)}
          />
          <button type="submit" class="small" data-testid="table-password-set" disabled={!password}>
            {t(info.password ? "private.change" : "private.set")}
          </button>
        </form>
      )}
    </div>
  );
}

/** A private table's invitation link, for everyone at it, with a copy button. */
export function InviteLink({ info, origin = location.origin }: { info: Room; origin?: string }) {
  const [copied, setCopied] = useState<"" | "invite.copied" | "invite.copy_failed">("");
  const field = useRef<HTMLInputElement>(null);
  if (!info.private || !info.invite) return null;
  const link = inviteLink(origin, info.room, info.invite);
  const done = (key: "invite.copied" | "invite.copy_failed") => {
    setCopied(key);
    setTimeout(() => setCopied(""), 2500);
  };
  // The clipboard where the page may write to it; else the selected field's copy.
  const byHand = () => {
    field.current?.select();
    let ok = false;
    try {
      ok = document.execCommand("copy");
    } catch {
      ok = false;
    }
    done(ok ? "invite.copied" : "invite.copy_failed");
  };
  const copy = () => {
    if (!navigator.clipboard) return byHand();
    navigator.clipboard.writeText(link).then(() => done("invite.copied"), byHand);
  };
  return (
    <section class="card invite" data-testid="invite">
      <h3>
        <LockIcon /> {t("invite.title")}
      </h3>
      <div class="invite-row">
        <input
          ref={field}
          readOnly
          value={link}
          data-testid="invite-link"
          aria-label={t("invite.title")}
          onFocus={(e) => (e.target as HTMLInputElement).select()}
        />
        <button data-testid="invite-copy" onClick={copy}>
          {t("invite.copy")}
        </button>
      </div>
      <p class="muted small">
        {t(info.password ? "invite.hint_password" : "invite.hint")}
        {copied && (
          <>
            {" "}
            <span class="copied" role="status" data-testid="invite-copied">
              {t(copied)}
            </span>
          </>
        )}
      </p>
    </section>
  );
}

/** The hall's password form, shown when `hello` is refused for it: like the name form,
 * with the refusal worded when a password was given and was not the hall's. */
export function HallPrompt({ reason, onPassword }: { reason: string | null; onPassword: (password: string) => void }) {
  const [password, setPassword] = useState("");
  return (
    <form
      class="card name-prompt hall-prompt"
      data-testid="hall-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (password) onPassword(password);
      }}
    >
      <h2>
        <LockIcon /> {t(reason ? "hall.retry" : "hall.title")}
      </h2>
      {reason && (
        <p class="name-refused" role="alert" data-testid="hall-refused">
          {reason}
        </p>
      )}
      <label>
        {t("hall.label")}{" "}
        <input
          type="password"
          data-testid="hall-password"
          value={password}
          autoFocus
          autoComplete="current-password"
          onInput={(e) => setPassword((e.target as HTMLInputElement).value)}
        />
      </label>
      <p class="muted small">{t("hall.hint")}</p>
      <div class="buttons">
        <button type="submit" class="primary" data-testid="hall-go" disabled={!password}>
          {t("hall.go")}
        </button>
      </div>
    </form>
  );
}
