// Accounts on screen: the header's "Sign in" for a guest and the account menu of a
// signed-in player, the dialog to sign in or register ("Claim your name"), to change
// the password and to delete the account, the name form's offer to sign in and its note
// after signing out. The passwords live in the fields' state only, are emptied as they
// are sent, and are never kept.

import { useEffect, useRef, useState } from "preact/hooks";
import { ACCOUNT_PASSWORD_MAX, ACCOUNT_PASSWORD_MIN, checkNewPassword, type LocalRefusal } from "../account";
import type { Client } from "../client";
import { errorText, has, t } from "../i18n";
import { NAME_MAX, type Welcome } from "../protocol.gen";
import type { AccountForm, SignedOutState } from "../store";
import "./account.css";

/** A person's bust in a circle: the mark of a name that is an account's. */
export function AccountIcon() {
  return (
    <svg class="account-icon" viewBox="0 0 16 16" width="15" height="15" aria-hidden="true">
      <circle cx="8" cy="8" r="7.2" fill="none" stroke="currentColor" stroke-width="1.4" />
      <circle cx="8" cy="6.2" r="2.6" fill="currentColor" />
      <path d="M3.4 13a5.2 4.2 0 0 1 9.2 0" fill="currentColor" />
    </svg>
  );
}

/** A menu under a header button: open until a pick, a click elsewhere or Escape. */
function useMenu() {
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    if (!open) return;
    const away = (e: Event) => {
      if (box.current && !box.current.contains(e.target as Node)) setOpen(false);
    };
    const esc = (e: KeyboardEvent) => {
      if (e.key === "Escape") setOpen(false);
    };
    document.addEventListener("pointerdown", away);
    document.addEventListener("keydown", esc);
    return () => {
      document.removeEventListener("pointerdown", away);
      document.removeEventListener("keydown", esc);
    };
  }, [open]);
  const pick = (f: () => void) => () => {
    setOpen(false);
    f();
  };
  return { open, setOpen, box, pick };
}

/** A phone's header has no room for "Sign in" beside the name (account.css hides it
 * there): the name button opens a menu with it. */
const PHONE = "(max-width: 700px)";
function phone(): boolean {
  return typeof matchMedia === "function" && matchMedia(PHONE).matches;
}

/** The header's part for the player: a guest's name (a button to change it) and "Sign
 * in" (on a phone both in the name's menu); a signed-in player's account name with its
 * mark, a button that opens the menu (change password, sign out, sign out everywhere). */
export function HeaderAccount({
  client,
  me,
  name,
  onRename,
}: {
  client: Client;
  me: Welcome | null;
  name: string;
  onRename: () => void;
}) {
  if (me?.account) return <AccountMenu client={client} account={me.account} />;
  return <GuestName client={client} shown={me?.name ?? name} onRename={onRename} />;
}

function GuestName({ client, shown, onRename }: { client: Client; shown: string; onRename: () => void }) {
  const { open, setOpen, box, pick } = useMenu();
  return (
    <>
      <span class="account-menu guest" ref={box}>
        <button
          class="me"
          data-testid="me"
          title={t("name.change_hint", { name: shown })}
          aria-label={t("name.change_hint", { name: shown })}
          onClick={() => (phone() ? setOpen(!open) : onRename())}
        >
          {shown}
        </button>
        {open && (
          <div class="menu card" role="menu" data-testid="account-menu">
            <p class="menu-head">{shown}</p>
            <button role="menuitem" data-testid="menu-rename" onClick={pick(onRename)}>
              {t("name.edit")}
            </button>
            <button role="menuitem" data-testid="menu-signin" onClick={pick(() => client.account("signin"))}>
              {t("account.sign_in")}
            </button>
            <button role="menuitem" data-testid="menu-register" onClick={pick(() => client.account("register"))}>
              {t("account.register_title")}
            </button>
          </div>
        )}
      </span>
      <button class="signin" data-testid="signin" title={t("account.signin_hint_header")} onClick={() => client.account("signin")}>
        {t("account.sign_in")}
      </button>
    </>
  );
}

function AccountMenu({ client, account }: { client: Client; account: string }) {
  const { open, setOpen, box, pick } = useMenu();
  return (
    <span class="account-menu" ref={box}>
      <button
        class="me account"
        data-testid="me"
        data-account={account}
        aria-haspopup="menu"
        aria-expanded={open}
        title={t("account.menu", { name: account })}
        aria-label={t("account.menu", { name: account })}
        onClick={() => setOpen(!open)}
      >
        <AccountIcon />
        <span class="who">{account}</span>
        <span class="caret" aria-hidden="true">
          ▾
        </span>
      </button>
      {open && (
        <div class="menu card" role="menu" data-testid="account-menu">
          <p class="menu-head">
            <AccountIcon /> <span>{t("account.signed_in_as", { name: account })}</span>
          </p>
          <button role="menuitem" data-testid="account-profile" onClick={pick(() => client.page({ kind: "player", name: account }))}>
            {t("profile.mine")}
          </button>
          <button role="menuitem" data-testid="account-export" title={t("profile.export_hint")} onClick={pick(() => void client.exportData())}>
            {t("profile.export")}
          </button>
          <button role="menuitem" class="danger" data-testid="account-delete" title={t("account.delete_hint")} onClick={pick(() => client.account("delete"))}>
            {t("account.delete")}
          </button>
          <button role="menuitem" data-testid="account-password" onClick={pick(() => client.account("password"))}>
            {t("account.change_password")}
          </button>
          <button role="menuitem" data-testid="account-signout" onClick={pick(() => client.signOut(false))}>
            {t("account.sign_out")}
          </button>
          <button role="menuitem" data-testid="account-signout-all" title={t("account.sign_out_all_hint")} onClick={pick(() => client.signOut(true))}>
            {t("account.sign_out_all")}
          </button>
        </div>
      )}
    </span>
  );
}

/** The name form's offer to sign in instead: plain on a first visit, in front when the
 * hall refused the name as an account's (`account`: that name, the form's first). */
export function SignInOffer({ client, account }: { client: Client; account: string | null }) {
  if (account !== null)
    return (
      <div class="signin-offer registered">
        <span class="muted small">{t("account.or")}</span>
        <button type="button" data-testid="name-signin" onClick={() => client.account("signin", account)}>
          <AccountIcon /> {t("account.signin_as", { name: account })}
        </button>
      </div>
    );
  return (
    <p class="signin-offer muted small">
      {t("account.have_account")}{" "}
      <button type="button" class="link" data-testid="name-signin" onClick={() => client.account("signin")}>
        {t("account.sign_in")}
      </button>
    </p>
  );
}

/** In a guest's name form: leave a shared device (a school's, a club's) so that the
 * next person here starts as a new guest. Two steps: the offer, then what it costs
 * (nobody comes back as this guest) and the choice. */
export function ForgetMe({ client, name, online, onForget }: { client: Client; name: string; online: boolean; onForget: () => void }) {
  const [asking, setAsking] = useState(false);
  if (!asking)
    return (
      <p class="forget-me muted small">
        {t("name.forget_offer")}{" "}
        <button type="button" class="link" data-testid="forget-me" onClick={() => setAsking(true)}>
          {t("name.forget")}
        </button>
      </p>
    );
  return (
    <div class="forget-me asking" role="group" data-testid="forget-me-ask">
      <p>{t("name.forget_hint", { name })}</p>
      {!online && (
        <p class="muted small" data-testid="forget-me-offline">
          {t("name.forget_offline")}
        </p>
      )}
      <div class="buttons">
        <button
          type="button"
          class="danger"
          data-testid="forget-me-go"
          // The hall must hear it (the session ends there): not while the line is down.
          disabled={!online}
          onClick={() => {
            onForget();
            client.forgetMe();
          }}
        >
          {t("name.forget_go", { name })}
        </button>
        <button type="button" data-testid="forget-me-keep" onClick={() => setAsking(false)}>
          {t("name.forget_keep")}
        </button>
      </div>
    </div>
  );
}

/** The words of a refusal, the server's or the form's own: ours in either language
 * (the server's message only for a code we have no words for). */
export function refusalText(form: AccountForm, local: LocalRefusal | null): string | null {
  if (local) return errorText(local.code, "", local.args);
  const e = form.error;
  if (!e) return null;
  // Changing the password, a wrong one is the current password, not a name; deleting
  // the account, it is the account's password.
  if (e.code === "bad_login" && form.mode === "password") return t("account.wrong_current");
  if (e.code === "bad_login" && form.mode === "delete") return t("account.wrong_password");
  return errorText(e.code, has(`err.${e.code}`) ? "" : e.message, e.args);
}

/** The name form's note after signing out: here, everywhere, from another device, or
 * the account deleted. */
export function signedOutNote(out: SignedOutState): string {
  // A guest's sign-out is leaving the device (ForgetMe).
  if (out.account === null) return t("account.forgotten");
  if (out.deleted) return t("account.deleted", { name: out.account ?? "" });
  if (out.elsewhere) return t("account.signed_out_elsewhere", { name: out.account ?? "" });
  return t(out.everywhere ? "account.signed_out_all" : "account.signed_out");
}

/** The account dialog: "Sign in" and "Register" as two tabs, "Change password", or
 * "Delete your account". */
export function AccountDialog({ client, form, me, name }: { client: Client; form: AccountForm; me: Welcome | null; name: string | null }) {
  const close = () => client.account(null);
  useEffect(() => {
    const esc = (e: KeyboardEvent) => {
      if (e.key === "Escape") close();
    };
    document.addEventListener("keydown", esc);
    return () => document.removeEventListener("keydown", esc);
  }, []);
  const titleId = `account-title-${form.mode}`;
  return (
    <div class="overlay" data-testid="account-overlay">
      <section class="card account-dialog" role="dialog" aria-modal="true" aria-labelledby={titleId} data-testid="account-dialog" data-mode={form.mode}>
        <button class="x close" type="button" data-testid="account-close" title={t("account.close")} aria-label={t("account.close")} onClick={close}>
          ✕
        </button>
        {form.mode === "password" ? (
          <PasswordForm client={client} form={form} account={me?.account ?? ""} titleId={titleId} onCancel={close} />
        ) : form.mode === "delete" ? (
          <DeleteForm client={client} form={form} account={me?.account ?? ""} titleId={titleId} onCancel={close} />
        ) : (
          <>
            <div class="tabs" role="tablist" aria-label={t("account.tabs")}>
              {(["signin", "register"] as const).map((m) => (
                <button
                  key={m}
                  type="button"
                  role="tab"
                  aria-selected={form.mode === m}
                  class={form.mode === m ? "on" : ""}
                  data-testid={`account-tab-${m}`}
                  onClick={() => form.mode !== m && client.account(m)}
                >
                  {t(m === "signin" ? "account.sign_in" : "account.register")}
                </button>
              ))}
            </div>
            {form.mode === "signin" ? (
              <SignInForm key="signin" client={client} form={form} titleId={titleId} onCancel={close} />
            ) : (
              <RegisterForm key="register" client={client} form={form} name={form.name ?? me?.name ?? name ?? ""} titleId={titleId} onCancel={close} />
            )}
          </>
        )}
      </section>
    </div>
  );
}

type FormProps = { client: Client; form: AccountForm; titleId: string; onCancel: () => void };

function Refusal({ text }: { text: string | null }) {
  if (text === null) return null;
  return (
    <p class="refused" role="alert" data-testid="account-error">
      {text}
    </p>
  );
}

function Buttons({
  go,
  busy,
  pending,
  ready,
  onCancel,
  danger = false,
}: {
  go: string;
  busy: string;
  pending: boolean;
  ready: boolean;
  onCancel: () => void;
  /** The button does what cannot be undone: red, not the usual green. */
  danger?: boolean;
}) {
  return (
    <div class="buttons">
      <button type="submit" class={danger ? "danger" : "primary"} data-testid="account-go" disabled={pending || !ready} aria-busy={pending} data-pending={pending ? "1" : "0"}>
        {pending && <span class="spinner" aria-hidden="true" />}
        {pending ? busy : go}
      </button>
      <button type="button" data-testid="account-cancel" onClick={onCancel}>
        {t("account.cancel")}
      </button>
    </div>
  );
}

function Field({
  label,
  testid,
  value,
  onInput,
  type = "password",
  autoComplete,
  autoFocus = false,
  maxLength = ACCOUNT_PASSWORD_MAX,
  hint,
}: {
  label: string;
  testid: string;
  value: string;
  onInput: (v: string) => void;
  type?: "text" | "password";
  autoComplete: string;
  autoFocus?: boolean;
  maxLength?: number;
  hint?: string;
}) {
  const id = `account-${testid}`;
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <input
        id={id}
        // Preact's types pair each input type with its own attributes; these two share theirs.
        type={type as "text"}
        data-testid={testid}
        value={value}
        maxLength={maxLength}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        autoCapitalize={type === "text" ? "off" : undefined}
        spellcheck={false}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onInput={(e) => onInput((e.target as HTMLInputElement).value)}
      />
      {hint && (
        <span class="muted small" id={`${id}-hint`}>
          {hint}
        </span>
      )}
    </div>
  );
}

function SignInForm({ client, form, titleId, onCancel }: FormProps) {
  const [name, setName] = useState((form.name ?? "").slice(0, NAME_MAX));
  const [password, setPassword] = useState("");
  const pending = form.pending !== null;
  return (
    <form
      class="account-form"
      data-testid="signin-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (pending || !name.trim() || !password) return;
        client.signIn(name.trim(), password);
        setPassword("");
      }}
    >
      <h2 id={titleId}>{t("account.signin_title")}</h2>
      <p class="muted small">{t("account.signin_hint")}</p>
      <Refusal text={refusalText(form, null)} />
      <Field label={t("account.name")} testid="account-name" type="text" value={name} onInput={setName} autoComplete="username" autoFocus={!name} maxLength={NAME_MAX} />
      <Field label={t("account.password")} testid="account-password-input" value={password} onInput={setPassword} autoComplete="current-password" autoFocus={!!name} />
      <Buttons go={t("account.signin_go")} busy={t("account.signin_busy")} pending={pending} ready={!!name.trim() && !!password} onCancel={onCancel} />
    </form>
  );
}

function RegisterForm({ client, form, name: initial, titleId, onCancel }: FormProps & { name: string }) {
  const [name, setName] = useState(initial.slice(0, NAME_MAX));
  const [password, setPassword] = useState("");
  const [repeat, setRepeat] = useState("");
  const [local, setLocal] = useState<LocalRefusal | null>(null);
  const pending = form.pending !== null;
  return (
    <form
      class="account-form"
      data-testid="register-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (pending || !name.trim()) return;
        const wrong = checkNewPassword(password, repeat);
        setLocal(wrong);
        if (!wrong) client.register(name.trim(), password);
        setPassword("");
        setRepeat("");
      }}
    >
      <h2 id={titleId}>{t("account.register_title")}</h2>
      <p class="muted small">{t("account.register_hint")}</p>
      <Refusal text={refusalText(form, local)} />
      <Field label={t("account.name")} testid="account-name" type="text" value={name} onInput={setName} autoComplete="username" autoFocus={!name} maxLength={NAME_MAX} />
      <Field
        label={t("account.password")}
        testid="account-new-password"
        value={password}
        onInput={setPassword}
        autoComplete="new-password"
        autoFocus={!!name}
        hint={t("account.password_hint", { min: ACCOUNT_PASSWORD_MIN, max: ACCOUNT_PASSWORD_MAX })}
      />
      <Field label={t("account.repeat")} testid="account-repeat" value={repeat} onInput={setRepeat} autoComplete="new-password" />
      <Buttons go={t("account.register_go")} busy={t("account.register_busy")} pending={pending} ready={!!name.trim() && !!password && !!repeat} onCancel={onCancel} />
    </form>
  );
}

function PasswordForm({ client, form, account, titleId, onCancel }: FormProps & { account: string }) {
  const [old, setOld] = useState("");
  const [password, setPassword] = useState("");
  const [repeat, setRepeat] = useState("");
  const [local, setLocal] = useState<LocalRefusal | null>(null);
  const pending = form.pending !== null;
  return (
    <form
      class="account-form"
      data-testid="password-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (pending || !old) return;
        const wrong = checkNewPassword(password, repeat);
        setLocal(wrong);
        if (!wrong) client.changePassword(old, password);
        setOld("");
        setPassword("");
        setRepeat("");
      }}
    >
      <h2 id={titleId}>{t("account.password_title")}</h2>
      <p class="muted small">
        <AccountIcon /> {account} · {t("account.password_note")}
      </p>
      {/* For password managers: whose password this is. */}
      <input type="text" class="hidden-username" autoComplete="username" value={account} readOnly tabIndex={-1} aria-hidden="true" />
      <Refusal text={refusalText(form, local)} />
      <Field label={t("account.old_password")} testid="account-old" value={old} onInput={setOld} autoComplete="current-password" autoFocus />
      <Field
        label={t("account.new_password")}
        testid="account-new-password"
        value={password}
        onInput={setPassword}
        autoComplete="new-password"
        hint={t("account.password_hint", { min: ACCOUNT_PASSWORD_MIN, max: ACCOUNT_PASSWORD_MAX })}
      />
      <Field label={t("account.repeat")} testid="account-repeat" value={repeat} onInput={setRepeat} autoComplete="new-password" />
      <Buttons go={t("account.password_go")} busy={t("account.password_busy")} pending={pending} ready={!!old && !!password && !!repeat} onCancel={onCancel} />
    </form>
  );
}


function DeleteForm({ client, form, account, titleId, onCancel }: FormProps & { account: string }) {
  const [password, setPassword] = useState("");
  const [exporting, setExporting] = useState(false);
  return (
    <DeleteAccountView
      account={account}
      password={password}
      setPassword={setPassword}
      pending={form.pending !== null}
      refusal={refusalText(form, null)}
      exporting={exporting}
      onExport={() => {
        setExporting(true);
        void client.exportData().finally(() => setExporting(false));
      }}
      onDelete={(p) => client.deleteAccount(p)}
      titleId={titleId}
      onCancel={onCancel}
    />
  );
}

/** "Delete your account", its state held by `DeleteForm`: what deleting means (the name
 * free again, out of the rankings, "former player" in the finished games), the data's
 * export first, the password to be sure (emptied as it is sent), the red button. */
export function DeleteAccountView({
  account,
  password,
  setPassword,
  pending,
  refusal,
  exporting,
  onExport,
  onDelete,
  titleId,
  onCancel,
}: {
  account: string;
  password: string;
  setPassword: (v: string) => void;
  pending: boolean;
  refusal: string | null;
  exporting: boolean;
  onExport: () => void;
  onDelete: (password: string) => void;
  titleId: string;
  onCancel: () => void;
}) {
  const warningId = `${titleId}-warning`;
  return (
    <form
      class="account-form delete-form"
      data-testid="delete-form"
      aria-describedby={warningId}
      onSubmit={(e) => {
        e.preventDefault();
        if (pending || !password) return;
        onDelete(password);
        setPassword("");
      }}
    >
      <h2 id={titleId}>{t("account.delete_title")}</h2>
      <div class="delete-warning" id={warningId} data-testid="delete-warning">
        <p>
          <strong>{t("account.delete_intro", { name: account })}</strong>
        </p>
        <ul>
          <li>{t("account.delete_name", { name: account })}</li>
          <li>{t("account.delete_ratings")}</li>
          <li>{t("account.delete_games")}</li>
          <li>{t("account.delete_signout")}</li>
        </ul>
      </div>
      <p class="delete-export">
        <span>{t("account.delete_export")}</span>{" "}
        <button type="button" class="link" data-testid="delete-export" title={t("profile.export_hint")} disabled={exporting} aria-busy={exporting} onClick={onExport}>
          ⤓ {t("profile.export")}
        </button>
      </p>
      {/* For password managers: whose password this is. */}
      <input type="text" class="hidden-username" autoComplete="username" value={account} readOnly tabIndex={-1} aria-hidden="true" />
      <Refusal text={refusal} />
      <Field label={t("account.delete_confirm")} testid="account-delete-password" value={password} onInput={setPassword} autoComplete="current-password" autoFocus />
      <Buttons go={t("account.delete_go")} busy={t("account.delete_busy")} pending={pending} ready={!!password} onCancel={onCancel} danger />
    </form>
  );
}
