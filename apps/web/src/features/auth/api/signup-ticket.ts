/**
 * The ticket sign-up answers to this browser: sent back with the e-mailed code, it signs her in
 * (docs/decisions/0023-signed-in-after-the-code.md). Kept in this tab's sessionStorage (a reload
 * keeps it, closing the tab ends it), never in a URL, where it could be shared, logged or planted.
 */
const KEY = 'signupTicket';

export function keepSignupTicket(email: string, ticket: string | undefined) {
  try {
    if (ticket) sessionStorage.setItem(KEY, JSON.stringify({ email, ticket }));
  } catch {
    // Storage refused (private mode): she logs in with her password after the code instead.
  }
}

/** The ticket for this address, if sign-up in this tab left one. */
export function signupTicketFor(email: string): string | undefined {
  try {
    const kept = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as {
      email?: string;
      ticket?: string;
    } | null;
    return kept?.email === email.trim().toLowerCase() ? kept.ticket : undefined;
  } catch {
    return undefined;
  }
}

export function dropSignupTicket() {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing kept.
  }
}
