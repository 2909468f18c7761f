// Where shared links open: the app's own address unless the user set
// another (a team server that serves the same FlashScope build), kept in
// localStorage so every share link and report made in this browser uses it.
// The Share popover sets it; the Share button and the report both read it.

const STORAGE_KEY = 'flashscope.linkBase';

/** The app's own address: this page's origin and path, without its query or fragment. */
export function ownLinkBase(): string {
  return new URL(window.location.pathname, window.location.origin).href;
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    // Storage refused (a sandboxed frame, privacy settings): links use the app's address.
    return null;
  }
}

/** What is wrong with `text` as a link base, or null. */
export function linkBaseProblem(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return 'not a web address (e.g. https://flashscope.example.com/)';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'an http or https address';
  if (url.search || url.hash) return 'an address without ?… or #…';
  return null;
}

/** The base shared links open at: the one set and remembered, else the app's own. */
export function linkBase(): string {
  const stored = storage()?.getItem(STORAGE_KEY) ?? null;
  return stored !== null && linkBaseProblem(stored) === null ? stored : ownLinkBase();
}

/** True while the links open at an address the user set. */
export function linkBaseIsSet(): boolean {
  return linkBase() !== ownLinkBase();
}

/**
 * Remembers `text` as the base (normalised: "https://x.example" becomes
 * "https://x.example/"); '' goes back to the app's own. Returns the problem
 * instead when `text` is not a base.
 */
export function setLinkBase(text: string): string | null {
  const store = storage();
  if (text.trim() === '') {
    store?.removeItem(STORAGE_KEY);
    return null;
  }
  const problem = linkBaseProblem(text);
  if (problem !== null) return problem;
  store?.setItem(STORAGE_KEY, new URL(text.trim()).href);
  return null;
}
