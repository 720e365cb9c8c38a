/**
 * Where to go back to after logging in or signing up (`?next=`), carried in the URL so it survives
 * a reload, the Log in ↔ Sign up links and the code screen. Only a path on this site is followed:
 * anything that could leave it (`//evil.example`, `/\evil.example`, `https://…`, `javascript:…`)
 * or carries control characters is refused, so a link someone sends cannot turn our login page
 * into a redirect to theirs.
 */
export function safeNext(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value.startsWith('/') || value.length > 512) return undefined;
  // A second slash or a backslash after the first: browsers read both as "another host".
  if (value[1] === '/' || value[1] === '\\') return undefined;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c < 0x20 || c === 0x7f) return undefined;
  }
  const base = 'https://studynest.invalid';
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return undefined;
  }
  if (url.origin !== base) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}
