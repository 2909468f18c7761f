import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { GLOSSARY, glossaryEntry, markTerms } from './glossary';
import { Term } from './Term';
import { TermText } from './TermText';

const SRC = path.resolve(__dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}

/** Every glossary id the app's code names: <Term id="…">, id={… 'a' : 'b'}, term="…", and MAPPING_TERMS. */
function termIdsUsedInTheApp(): Map<string, string> {
  const used = new Map<string, string>();
  for (const file of sourceFiles(SRC)) {
    // Comments may show the syntax with placeholders: code only.
    const text = readFileSync(file, 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/^\s*\/\/.*$/gm, '');
    const where = path.relative(SRC, file);
    for (const match of text.matchAll(/<Term id="([^"]+)"/g)) used.set(match[1], where);
    for (const match of text.matchAll(/<Term id=\{([^}]*)\}/g)) {
      for (const literal of match[1].matchAll(/'([a-z0-9-]+)'/g)) {
        // Comparisons (=== 'merges') name values, not ids: only the branches.
        if (!new RegExp(`===\\s*'${literal[1]}'`).test(match[1])) used.set(literal[1], where);
      }
    }
    for (const match of text.matchAll(/(?<![\w-])term="([a-z0-9-]+)"/g)) used.set(match[1], where);
    const mapping = /MAPPING_TERMS[^=]*=\s*\{([^}]*)\}/.exec(text);
    for (const literal of mapping?.[1].matchAll(/:\s*'([a-z0-9-]+)'/g) ?? []) {
      used.set(literal[1], where);
    }
  }
  return used;
}

describe('the glossary', () => {
  it('has at least 20 entries with unique ids and a definition each', () => {
    expect(GLOSSARY.length).toBeGreaterThanOrEqual(20);
    const ids = GLOSSARY.map((entry) => entry.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const entry of GLOSSARY) {
      expect(entry.id, entry.term).toMatch(/^[a-z0-9-]+$/);
      expect(entry.definition.length, entry.id).toBeGreaterThan(40);
      // One or two sentences (three at most where a list of states needs it).
      expect(
        entry.definition.split(/[.!?](\s|$)/).filter((s) => s.trim()).length,
      ).toBeLessThanOrEqual(entry.id === 'zone-states' ? 4 : 2);
      // Definitions speak to students: citations only in `source`.
      expect(entry.definition, entry.id).not.toMatch(/seed 00|§|thesis|fig\.|flashscope /i);
    }
  });

  it('covers the terms issue 18 names', () => {
    for (const id of [
      'waf',
      'over-provisioning',
      'pslc',
      'migration',
      'garbage-proportion',
      'cv',
      'consistency',
      'qos',
      'dftl',
      'fast',
      'clash',
      'zone-states',
      'gc',
      'victim-policy',
      'trim',
      'wear-levelling',
      'read-disturb',
      'queue-depth',
      'iops',
      'steady-state',
      'precondition',
      'cliff',
      'plane-die-channel',
      'wordline',
      'zns',
    ]) {
      expect(glossaryEntry(id), id).toBeDefined();
    }
  });

  it('resolves every term id the app uses', () => {
    const used = termIdsUsedInTheApp();
    // The key figures, charts, stability, zones, SLC and cache views mark terms.
    expect(used.size).toBeGreaterThanOrEqual(20);
    for (const [id, where] of used) expect(glossaryEntry(id), `${id} in ${where}`).toBeDefined();
    for (const id of [
      'waf',
      'waf-below-one',
      'gc',
      'merge',
      'cv',
      'consistency',
      'qos',
      'clash',
      'dftl',
      'fast',
      'zone-states',
      'pslc',
      'migration',
    ]) {
      expect(used.has(id), id).toBe(true);
    }
  });
});

describe('markTerms', () => {
  const marked = (text: string) =>
    markTerms(text)
      .filter((part) => part.termId)
      .map((part) => `${part.termId}:${part.text}`);

  it('marks the first occurrence of each term, whole words only', () => {
    expect(marked('The WAF rises as GC copies pages; the WAF is then 2.5.')).toEqual([
      'waf:WAF',
      'gc:GC',
    ]);
    // "WAFs" and "GCed" are other words; the text is kept whole.
    expect(marked('WAFs and GCed blocks')).toEqual([]);
    const text = 'Over-provisioning lowers write amplification.';
    expect(
      markTerms(text)
        .map((part) => part.text)
        .join(''),
    ).toBe(text);
    expect(marked(text)).toEqual([
      'over-provisioning:Over-provisioning',
      'waf:write amplification',
    ]);
  });

  it('matches abbreviations only as written, ordinary words in any case', () => {
    expect(marked('Run it as fast as possible')).toEqual([]);
    expect(marked('FAST maps whole blocks')).toEqual(['fast:FAST']);
    expect(marked('the qos verdict')).toEqual([]);
    expect(marked('The QoS verdict')).toEqual(['qos:QoS']);
    expect(marked('Garbage collection starts')).toEqual(['gc:Garbage collection']);
  });

  it('prefers the longer of two overlapping words', () => {
    expect(marked('Writes land in the SLC cache first')).toEqual(['pslc:SLC cache']);
    expect(marked('background GC runs while idle')).toEqual(['foreground-gc:background GC']);
  });
});

describe('Term and TermText', () => {
  it('make a focusable term that links to its entry, its definition shown only on hover or focus', () => {
    const html = renderToStaticMarkup(createElement(Term, { id: 'waf', children: 'WAF' }));
    expect(html).toContain('tabindex="0"');
    expect(html).toContain('data-term-ref="waf"');
    expect(html).toContain('>WAF<');
    expect(html).not.toContain('role="tooltip"');
  });

  it('marks the terms of a lesson text', () => {
    const html = renderToStaticMarkup(
      createElement(TermText, { text: 'CV = standard deviation / mean; a lower CV is steadier.' }),
    );
    expect(html.match(/data-term-ref="cv"/g)).toHaveLength(1);
    expect(html).toContain('standard deviation / mean; a lower CV is steadier.');
  });

  it('leaves an unknown id as plain words', () => {
    expect(
      renderToStaticMarkup(createElement(Term, { id: 'no-such-term', children: 'word' })),
    ).toBe('word');
  });
});
