// The account dialog (ui/account.tsx has the header's parts and the name form's): "Sign
// in" and "Register" as two tabs, "Change password", "Delete your account". A chunk
// of its own, loaded when the dialog first opens (app.tsx). The passwords live in the
// fields' state only, are emptied as they are sent, and are never kept.

import { useEffect, useState } from "preact/hooks";
import { ACCOUNT_PASSWORD_MAX, ACCOUNT_PASSWORD_MIN, checkNewPassword, type LocalRefusal } from "../account";
import type { Client } from "../client";
import { errorText, has, t } from "../i18n";
import { NAME_MAX, type Welcome } from "../protocol.gen";
import type { AccountForm } from "../store";
import { AccountIcon } from "./account";

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
  const fresh = useNewPassword();
  const pending = form.pending !== null;
  return (
    <form
      class="account-form"
      data-testid="register-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (pending || !name.trim()) return;
        const password = fresh.take();
        if (password !== null) client.register(name.trim(), password);
      }}
    >
      <h2 id={titleId}>{t("account.register_title")}</h2>
      <p class="muted small">{t("account.register_hint")}</p>
      <Refusal text={refusalText(form, fresh.local)} />
      <Field label={t("account.name")} testid="account-name" type="text" value={name} onInput={setName} autoComplete="username" autoFocus={!name} maxLength={NAME_MAX} />
      <NewPasswordFields fresh={fresh} label={t("account.password")} autoFocus={!!name} />
      <Buttons go={t("account.register_go")} busy={t("account.register_busy")} pending={pending} ready={!!name.trim() && fresh.filled} onCancel={onCancel} />
    </form>
  );
}

function PasswordForm({ client, form, account, titleId, onCancel }: FormProps & { account: string }) {
  const [old, setOld] = useState("");
  const fresh = useNewPassword();
  const pending = form.pending !== null;
  return (
    <form
      class="account-form"
      data-testid="password-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (pending || !old) return;
        const password = fresh.take();
        if (password !== null) client.changePassword(old, password);
        setOld("");
      }}
    >
      <h2 id={titleId}>{t("account.password_title")}</h2>
      <p class="muted small">
        <AccountIcon /> {account} · {t("account.password_note")}
      </p>
      {/* For password managers: whose password this is. */}
      <input type="text" class="hidden-username" autoComplete="username" value={account} readOnly tabIndex={-1} aria-hidden="true" />
      <Refusal text={refusalText(form, fresh.local)} />
      <Field label={t("account.old_password")} testid="account-old" value={old} onInput={setOld} autoComplete="current-password" autoFocus />
      <NewPasswordFields fresh={fresh} label={t("account.new_password")} />
      <Buttons go={t("account.password_go")} busy={t("account.password_busy")} pending={pending} ready={!!old && fresh.filled} onCancel={onCancel} />
    </form>
  );
}

interface NewPassword {
  password: string;
  setPassword: (v: string) => void;
  repeat: string;
  setRepeat: (v: string) => void;
  local: LocalRefusal | null; // what is wrong with the last one tried, found here
  filled: boolean;
  /** The new password when it passes the checks (else null, and `local` says why);
   * both fields are emptied either way. */
  take: () => string | null;
}

/** A new password typed twice: registering, and changing one's password. */
function useNewPassword(): NewPassword {
  const [password, setPassword] = useState("");
  const [repeat, setRepeat] = useState("");
  const [local, setLocal] = useState<LocalRefusal | null>(null);
  return {
    password,
    setPassword,
    repeat,
    setRepeat,
    local,
    filled: !!password && !!repeat,
    take: () => {
      const wrong = checkNewPassword(password, repeat);
      setLocal(wrong);
      setPassword("");
      setRepeat("");
      return wrong ? null : password;
    },
  };
}

function NewPasswordFields({ fresh, label, autoFocus }: { fresh: NewPassword; label: string; autoFocus?: boolean }) {
  return (
    <>
      <Field
        label={label}
        testid="account-new-password"
        value={fresh.password}
        onInput={fresh.setPassword}
        autoComplete="new-password"
        autoFocus={autoFocus}
        hint={t("account.password_hint", { min: ACCOUNT_PASSWORD_MIN, max: ACCOUNT_PASSWORD_MAX })}
      />
      <Field label={t("account.repeat")} testid="account-repeat" value={fresh.repeat} onInput={fresh.setRepeat} autoComplete="new-password" />
    </>
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
