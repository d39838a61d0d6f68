// Players' accounts, the parts without a screen: the password's bounds, the checks
// made before a form is sent, the name a sign-in says hello with when the browser has
// none the hall takes, and the name offered after signing out. Passwords are never
// kept: they go from the form's fields into one message and are gone.

/** The bounds of an account's password, as the server checks them
 * (`ACCOUNT_PASSWORD_MIN`/`ACCOUNT_PASSWORD_MAX` in protocol/messages.py; the codegen
 * does not export them yet, and test/account.test.ts checks that they agree). */
export const ACCOUNT_PASSWORD_MIN = 8;
export const ACCOUNT_PASSWORD_MAX = 256;

/** Which form the account dialog shows ("delete": deleting the account, for good). */
export type AccountMode = "signin" | "register" | "password" | "delete";

/** A refusal the client words itself before sending (as `errorText` words the
 * server's): the code and its args. */
export interface LocalRefusal {
  code: string;
  args: Record<string, unknown>;
}

/** A new password (with its repetition) that the server would refuse, or that was
 * not typed the same twice: its reason; null when it may be sent. */
export function checkNewPassword(password: string, repeat: string): LocalRefusal | null {
  const n = [...password].length;
  if (n < ACCOUNT_PASSWORD_MIN || n > ACCOUNT_PASSWORD_MAX)
    return { code: "bad_password", args: { min: ACCOUNT_PASSWORD_MIN, max: ACCOUNT_PASSWORD_MAX } };
  if (password !== repeat) return { code: "password_mismatch", args: {} };
  return null;
}

/** Names as the hall compares them: in any case or width (NFKC, then case folded). */
export function sameName(a: string, b: string): boolean {
  const fold = (s: string) => s.normalize("NFKC").toLowerCase().trim();
  return fold(a) === fold(b);
}

/** The name the form offers after signing out: the one this browser went by, unless
 * it is the account's (a guest may not use it). */
export function guestNameAfter(stored: string | null, account: string | null): string {
  if (!stored) return "";
  return account !== null && sameName(stored, account) ? "" : stored;
}

/** A sign-in (or a registration) from the name form, when the browser has no name
 * the hall takes: `register` and `login` come after a `hello`, so the hello goes with
 * a passing guest's name, never kept, which the account's replaces at once. */
export function passingName(word: string, rand: () => number = Math.random): string {
  const digits = String(Math.floor(rand() * 9000) + 1000);
  return `${word} ${digits}`;
}
