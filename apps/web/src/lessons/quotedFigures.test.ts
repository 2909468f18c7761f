import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkLesson } from './lessonFile';
import { plainStepText, quotedFigures, splitQuotedFigures } from './quotedFigures';
import { stepTextParts } from './StepText';

const LESSONS = path.resolve(__dirname, '../../../../public/lessons');

describe('figures a step text quotes from its run', () => {
  it('are the {marked} numbers, with their units, and the text shows without the braces', () => {
    const text = 'WAF ends at {2.57}; reads take {7.6 ms}, {26,272} a second, {58.0 %} CV.';
    expect(quotedFigures(text)).toEqual(['2.57', '7.6 ms', '26,272', '58.0 %']);
    expect(plainStepText(text)).toBe(
      'WAF ends at 2.57; reads take 7.6 ms, 26,272 a second, 58.0 % CV.',
    );
    expect(splitQuotedFigures('{8} refreshes')).toEqual([
      { text: '8', figure: true },
      { text: ' refreshes', figure: false },
    ]);
    expect(quotedFigures('No figure: 4 KiB writes, 90 % full.')).toEqual([]);
  });

  it('refuses an unmatched brace or a mark that holds no number', () => {
    expect(() => splitQuotedFigures('ends at {2.57')).toThrow(/"\{" without its "\}"/);
    expect(() => splitQuotedFigures('ends at 2.57}')).toThrow(/"\}" without its "\{"/);
    for (const bad of ['{}', '{about 20 ms}', '{2.57 pages}', '{1,2345}', '{-3}']) {
      expect(() => splitQuotedFigures(`x ${bad} y`), bad).toThrow(/is not a quoted figure/);
    }
    const lesson = {
      id: 'x',
      title: 'X',
      scenario: { device: 'preset:tlc-8g', fio_job: '[a]\n' },
      steps: [
        { title: 'A', text: 'Fine: {1.00}.' },
        { title: 'B', text: 'Broken: {1.00.' },
      ],
    };
    expect(() => checkLesson(lesson, 'x.json')).toThrow(/x\.json: step 2: a "\{" without/);
  });

  it('parse in every shipped lesson, where the read-disturb lesson quotes its refreshes', () => {
    const quoted: Record<string, string[][]> = {};
    for (const name of readdirSync(LESSONS).filter((file) => file.endsWith('.json'))) {
      const lesson = checkLesson(JSON.parse(readFileSync(path.join(LESSONS, name), 'utf8')), name);
      quoted[lesson.id] = lesson.steps.map((step) => quotedFigures(step.text));
    }
    expect(quoted['read-disturb'][0]).toEqual(['8']);
    expect(quoted['read-disturb'][2]).toEqual(['7.6 ms', '26,272']);
    expect(quoted.basics[4]).toEqual([
      '2.57',
      '4.34',
      '9.45',
      '2.56',
      '4.32',
      '9.35',
      '9.45',
      '2.57',
    ]);
  });
});

describe('a step text on screen', () => {
  it('marks the glossary terms once and each quoted figure, cutting a term a figure splits', () => {
    const parts = stepTextParts('The WAF ends at {2.57}; WAF counts flash writes.');
    expect(parts.map((part) => part.text).join('')).toBe(
      'The WAF ends at 2.57; WAF counts flash writes.',
    );
    expect(parts.filter((part) => part.figure).map((part) => part.text)).toEqual(['2.57']);
    // The first WAF is the glossary's, the second stays plain.
    expect(parts.filter((part) => part.termId === 'waf').map((part) => part.text)).toEqual(['WAF']);
  });
});
