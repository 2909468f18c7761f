import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { linkBase, linkBaseIsSet, linkBaseProblem, setLinkBase } from './linkBase';
import { shareUrl } from './shareConfig';

/** A page at `href` with a localStorage of its own (the browser's, in the app). */
function page(href: string): Map<string, string> {
  const stored = new Map<string, string>();
  vi.stubGlobal('window', {
    location: new URL(href),
    localStorage: {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => stored.set(key, value),
      removeItem: (key: string) => stored.delete(key),
    },
  });
  return stored;
}

describe('link base', () => {
  beforeEach(() => {
    page('http://127.0.0.1:4173/?config=abc#x');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("is the app's own address (no query, no fragment) until one is set", () => {
    expect(linkBase()).toBe('http://127.0.0.1:4173/');
    expect(linkBaseIsSet()).toBe(false);
  });

  it('remembers a team server, normalised, and links there', () => {
    const stored = page('http://127.0.0.1:4173/');
    expect(setLinkBase(' https://flashscope.team.example ')).toBeNull();
    expect([...stored.values()]).toEqual(['https://flashscope.team.example/']);
    expect(linkBase()).toBe('https://flashscope.team.example/');
    expect(linkBaseIsSet()).toBe(true);
    expect(shareUrl(linkBase(), { set: [], scenario: 'slc-burst-idle-recovery' })).toMatch(
      /^https:\/\/flashscope\.team\.example\/\?config=[A-Za-z0-9_-]+$/,
    );
    // Emptied: back to the app's own address.
    expect(setLinkBase('')).toBeNull();
    expect(stored.size).toBe(0);
    expect(linkBase()).toBe('http://127.0.0.1:4173/');
  });

  it('refuses what is not a base, and keeps the one it had', () => {
    expect(setLinkBase('https://team.example/')).toBeNull();
    expect(setLinkBase('team server')).toMatch(/not a web address/);
    expect(linkBaseProblem('ftp://team.example/')).toBe('an http or https address');
    expect(linkBaseProblem('https://team.example/?config=x')).toMatch(/without/);
    expect(linkBase()).toBe('https://team.example/');
  });
});
