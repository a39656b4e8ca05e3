/** Reads one cookie from a document.cookie string; kept pure so the browser wiring stays trivial. */
export function readCookie(cookieString: string, name: string): string | null {
  for (const part of cookieString.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      // A value that is not valid percent-encoding was written raw by someone else; use it as it is.
      return raw;
    }
  }
  return null;
}
