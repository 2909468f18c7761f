// The texts the app shows students and customers (scenario names and
// descriptions, lesson titles, summaries and step texts) carry no research
// citations or command lines (issue 18): those live in a "sources" list
// (shown folded away) and a scenario's "cli" note (never shown).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkScenario } from '../config/scenarioFile';
import { checkLesson } from '../lessons/lessonFile';

const PUBLIC = path.resolve(__dirname, '../../../../public');
const NOT_FOR_STUDENTS =
  /seed 00\d|§|\bthesis\b|\bfig\. ?\d|\btable \d|flashscope (run|stability|compare)|--set|--placements/i;

function jsonFiles(folder: string): Array<[string, Record<string, unknown>]> {
  const dir = path.join(PUBLIC, folder);
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .map((name) => [name, JSON.parse(readFileSync(path.join(dir, name), 'utf8'))]);
}

describe('texts for students', () => {
  it('scenario names and descriptions cite nothing and hold no command line', () => {
    for (const [file, scenario] of jsonFiles('scenarios')) {
      const checked = checkScenario(scenario, file);
      expect(checked.name, file).not.toMatch(NOT_FOR_STUDENTS);
      expect(checked.description, file).not.toMatch(NOT_FOR_STUDENTS);
      // An inline device's description shows in the device panel too.
      const device = scenario.device as { description?: string };
      expect(device.description ?? '', file).not.toMatch(NOT_FOR_STUDENTS);
    }
  });

  it('lesson titles, summaries and step texts cite nothing', () => {
    const lessons = jsonFiles('lessons');
    expect(lessons.length).toBeGreaterThanOrEqual(4);
    for (const [file, raw] of lessons) {
      const lesson = checkLesson(raw, file);
      for (const text of [lesson.title, lesson.summary, ...lesson.steps.map((s) => s.text)]) {
        expect(text, file).not.toMatch(NOT_FOR_STUDENTS);
      }
      if (typeof lesson.scenario === 'object') {
        expect(lesson.scenario.description, file).not.toMatch(NOT_FOR_STUDENTS);
      }
    }
  });

  it('keeps the citations, as sources: the zns lesson and the C-lash scenarios', () => {
    const zns = checkLesson(
      JSON.parse(readFileSync(path.join(PUBLIC, 'lessons/zns.json'), 'utf8')),
      'zns.json',
    );
    expect(zns.sources?.join(' ')).toMatch(/2\.008.*1\.017/);
    const clash = checkScenario(
      JSON.parse(readFileSync(path.join(PUBLIC, 'scenarios/clash-sequentiality.json'), 'utf8')),
      'clash-sequentiality.json',
    );
    expect(clash.sources).toHaveLength(1);
  });
});

describe('the sources field', () => {
  const scenario = { device: 'preset:tlc-8g', fio_job: '[a]\n' };

  it('is an optional list of strings in scenarios and lessons', () => {
    expect(checkScenario({ ...scenario, sources: ['A paper'] }, 's.json').sources).toEqual([
      'A paper',
    ]);
    expect(checkScenario(scenario, 's.json').sources).toBeUndefined();
    expect(() => checkScenario({ ...scenario, sources: 'A paper' }, 's.json')).toThrow(
      's.json: sources must be a list of strings',
    );
    expect(() => checkScenario({ ...scenario, cli: 3 }, 's.json')).toThrow(
      's.json: cli must be a string',
    );
    const lesson = {
      id: 'l',
      title: 'L',
      scenario,
      steps: [{ title: 'S', text: 'T' }],
    };
    expect(checkLesson({ ...lesson, sources: ['A paper'] }, 'l.json').sources).toEqual(['A paper']);
    expect(() => checkLesson({ ...lesson, sources: [1] }, 'l.json')).toThrow(
      'l.json: sources must be a list of strings',
    );
  });
});
