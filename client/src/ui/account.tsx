// Accounts on screen: the header's "Sign in" for a guest and the account menu of a
// signed-in player, the name form's offer to sign in, its offer to a guest to leave a
// shared device, and its note after signing out. The dialog to sign in or register
// ("Claim your name"), to change the password and to delete the account is
// ui/accountdialog.tsx, loaded when it first opens.

import { useEffect, useRef, useState } from "preact/hooks";
import type { Client } from "../client";
import { t } from "../i18n";
import type { Welcome } from "../protocol.gen";
import type { SignedOutState } from "../store";
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

/** The name form's note after signing out: here, everywhere, from another device, or
 * the account deleted. */
export function signedOutNote(out: SignedOutState): string {
  // A guest's sign-out is leaving the device (ForgetMe).
  if (out.account === null) return t("account.forgotten");
  if (out.deleted) return t("account.deleted", { name: out.account ?? "" });
  if (out.elsewhere) return t("account.signed_out_elsewhere", { name: out.account ?? "" });
  return t(out.everywhere ? "account.signed_out_all" : "account.signed_out");
}
