import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { ScenarioFile } from '../config/scenarioFile';
import { scenarioIdOfPath } from './lessonController';
import { FOCUS_TEST_ID, checkLesson, lessonIdFromSearch } from './lessonFile';

const LESSONS = path.resolve(__dirname, '../../../../public/lessons');
const APP_SOURCES = path.resolve(__dirname, '..');

/** Every lesson file the app ships (new ones are covered as they land). */
function shippedLessons(): Array<{ file: string; value: unknown }> {
  return readdirSync(LESSONS)
    .filter((name) => name.endsWith('.json'))
    .map((file) => ({ file, value: JSON.parse(readFileSync(path.join(LESSONS, file), 'utf8')) }));
}

/** The data-testids written literally in the app's components (testId="x" or data-testid="x"). */
function appTestIds(): Set<string> {
  const ids = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (entry.name.endsWith('.tsx')) {
        for (const match of readFileSync(file, 'utf8').matchAll(
          /(?:data-testid|testId)="([^"]+)"/g,
        )) {
          ids.add(match[1]);
        }
      }
    }
  };
  walk(APP_SOURCES);
  return ids;
}

const minimal = {
  id: 'x',
  title: 'X',
  scenario: { device: 'preset:teaching-qlc-slc', fio_job: '[a]\nrw=write\n' },
  steps: [{ title: 'One', text: 'Watch.', play: true, pauseOn: 'cache_exhausted' }],
};

describe('checkLesson', () => {
  it('accepts the lessons the app ships, every step with a title and text', () => {
    const lesson = checkLesson(
      JSON.parse(readFileSync(path.join(LESSONS, 'slc-cliff.json'), 'utf8')),
      'slc-cliff.json',
    );
    expect(lesson.id).toBe('slc-cliff');
    expect(lesson.title).toBe('The SLC cache cliff');
    expect(lesson.steps.length).toBeGreaterThanOrEqual(3);
    expect(lesson.steps[0].load).toBeDefined(); // the first step starts the run
    for (const step of lesson.steps) expect(step.text.length).toBeLessThan(600);
  });

  it('accepts the ZNS lesson, which names the zns-placement scenario file', () => {
    const lesson = checkLesson(
      JSON.parse(readFileSync(path.join(LESSONS, 'zns.json'), 'utf8')),
      'zns.json',
    );
    // The panel's test id is lesson-ID: lesson-zns.
    expect(lesson.id).toBe('zns');
    expect(lesson.scenario).toBe('../scenarios/zns-placement.json');
    expect(scenarioIdOfPath(lesson.scenario as string)).toBe('zns-placement');
    expect(lesson.steps[0].load).toBeDefined();
    const placements = lesson.steps.map((step) => step.load?.set['zns.placement']);
    expect(placements).toContain('normal');
    expect(placements).toContain('zbopt');
    for (const step of lesson.steps) expect(step.text.length).toBeLessThan(600);
  });

  it('accepts the caching lesson: its steps switch FTL and cache, and one the workload preset', () => {
    const lesson = checkLesson(
      JSON.parse(readFileSync(path.join(LESSONS, 'caching.json'), 'utf8')),
      'caching.json',
    );
    expect(lesson.id).toBe('caching');
    expect(scenarioIdOfPath(lesson.scenario as string)).toBe('clash-full-drive');
    const mappings = lesson.steps.map((step) => step.load?.set['ftl.mapping']);
    expect(mappings).toEqual(expect.arrayContaining(['page', 'dftl', 'fast']));
    expect(lesson.steps.map((step) => step.load?.workload?.preset)).toContain('clash_seq_50');
    for (const step of lesson.steps) expect(step.text.length).toBeLessThan(600);
  });

  it('accepts the basics lesson: the full drive at 28, 15 and 7 % over-provisioning', () => {
    const lesson = checkLesson(
      JSON.parse(readFileSync(path.join(LESSONS, 'basics.json'), 'utf8')),
      'basics.json',
    );
    expect(lesson.id).toBe('basics');
    const scenario = lesson.scenario as ScenarioFile;
    expect(scenario.device).toBe('preset:teaching-slc-tiny');
    expect(scenario.set['precondition.fill']).toBe(1);
    expect(lesson.steps[0].load).toBeDefined(); // the first step starts the run
    const levels = lesson.steps.flatMap((step) => (step.load ? [step.load.set.overprovision] : []));
    expect(levels).toEqual([0.28, 0.15, 0.07]);
    for (const step of lesson.steps) {
      expect(step.view).toBe('live');
      expect(step.text.length).toBeLessThan(600);
      expect(step.text).not.toMatch(/seed \d|flashscope |--set/i);
    }
  });

  it('accepts the wear-leveling lesson: none, dynamic, then dynamic + static', () => {
    const lesson = checkLesson(
      JSON.parse(readFileSync(path.join(LESSONS, 'wear-leveling.json'), 'utf8')),
      'wear-leveling.json',
    );
    expect(lesson.id).toBe('wear-leveling');
    const loads = lesson.steps.flatMap((step) => (step.load ? [step.load.set] : []));
    expect(loads).toEqual([
      { 'wear_leveling.dynamic': false, 'wear_leveling.static_enabled': false },
      { 'wear_leveling.dynamic': true, 'wear_leveling.static_enabled': false },
      { 'wear_leveling.dynamic': true, 'wear_leveling.static_enabled': true },
    ]);
    for (const step of lesson.steps) {
      expect(step.view).toBe('live');
      expect(step.text.length).toBeLessThan(600);
      expect(step.text).not.toMatch(/seed \d|flashscope |--set/i);
    }
  });

  it('gives every step of every shipped lesson a focus the app has and a watchable speed', () => {
    const ids = appTestIds();
    const lessons = shippedLessons();
    expect(lessons.length).toBeGreaterThanOrEqual(6);
    for (const { file, value } of lessons) {
      const lesson = checkLesson(value, file);
      expect(lesson.id).toBe(file.replace(/\.json$/, ''));
      lesson.steps.forEach((step, index) => {
        const where = `${file} step ${index + 1}`;
        expect(step.focus, where).toMatch(FOCUS_TEST_ID);
        expect(ids.has(step.focus!), `${where}: no view has data-testid "${step.focus}"`).toBe(
          true,
        );
        // A pace a class can watch: no step runs "as fast as possible".
        expect(step.speed, where).toBeDefined();
        expect(step.speed, where).not.toBe('max');
      });
    }
  });

  it('takes a focus that is one plain data-testid, nothing else', () => {
    const one = (focus: unknown) => ({ ...minimal, steps: [{ title: 'A', text: 'B', focus }] });
    expect(checkLesson(one('chart-latency'), 'x.json').steps[0].focus).toBe('chart-latency');
    expect(checkLesson(minimal, 'x.json').steps[0].focus).toBeUndefined(); // optional
    for (const bad of [3, '', '#chart', 'chart latency', '[data-testid=x]', 'Chart-WAF', 'a--b']) {
      expect(() => checkLesson(one(bad), 'x.json')).toThrow(
        /step 1: "focus" must be a data-testid/,
      );
    }
  });

  it('accepts the hot-cold lesson: GC victims, an SLC size split, zoned placement', () => {
    const lesson = checkLesson(
      JSON.parse(readFileSync(path.join(LESSONS, 'hot-cold.json'), 'utf8')),
      'hot-cold.json',
    );
    expect(lesson.id).toBe('hot-cold');
    const loads = lesson.steps.flatMap((step) => (step.load ? [step.load.set] : []));
    expect(
      loads.map((set) => set['gc.victim'] ?? set['slc_cache.placement'] ?? set['zns.placement']),
    ).toEqual([undefined, 'fifo', 'cost_benefit', 'slc_first', 'size_split', 'normal', 'sepbit']);
    for (const step of lesson.steps) {
      expect(step.view).toBe('live');
      // Every step that runs does so at 1 s of simulated time per second: its 5-17 s run is watched.
      if (step.play) expect(step.speed).toBe('1s');
      expect(step.text.length).toBeLessThan(600);
      expect(step.text).not.toMatch(/seed \d|flashscope |--set|thesis/i);
    }
  });

  it('accepts the read-disturb lesson: refresh at the QLC limit, off, the TLC limit, SLC promotion', () => {
    const raw = JSON.parse(readFileSync(path.join(LESSONS, 'read-disturb.json'), 'utf8'));
    const lesson = checkLesson(raw, 'read-disturb.json');
    expect(lesson.id).toBe('read-disturb');
    expect((lesson.scenario as ScenarioFile).device).toBe('preset:teaching-qlc-slc');
    const loads = lesson.steps.flatMap((step) => (step.load ? [step.load.set] : []));
    expect(loads).toEqual([
      { 'read_disturb.enabled': true },
      { 'read_disturb.enabled': false },
      { 'read_disturb.enabled': true, 'read_disturb.threshold_reads.qlc': 50000 },
      { 'read_disturb.enabled': true, 'slc_cache.read_promotion': true },
    ]);
    expect(lesson.steps[0].colorMode).toBe('reads');
    for (const [index, step] of lesson.steps.entries()) {
      expect(step.view).toBe('live');
      expect(step.speed).toBe('1s'); // 10 s of simulated time: 10 s to watch
      expect(raw.steps[index].focus).toMatch(/^(device-view|lesson-runs|chart-[a-z-]+)$/);
      expect(step.text.length).toBeLessThan(600);
      expect(step.text).not.toMatch(/seed \d|flashscope |--set|thesis|fig\./i);
    }
  });

  it('refuses a workload patch that is not an object of generator keys', () => {
    for (const workload of [[], 'clash_seq_50', { generator: 'disksim' }]) {
      const bad = { ...minimal, steps: [{ title: 'A', text: 'B', load: { workload } }] };
      expect(() => checkLesson(bad, 'x.json')).toThrow(/step 1: "load.workload"/);
    }
  });

  it('takes a scenario by a path relative to the lesson, nothing else', () => {
    expect(checkLesson({ ...minimal, scenario: '../scenarios/a-b.json' }, 'x.json').scenario).toBe(
      '../scenarios/a-b.json',
    );
    for (const bad of ['https://evil.example/a.json', '/etc/a.json', '..//a.json', 'a.txt']) {
      expect(() => checkLesson({ ...minimal, scenario: bad }, 'x.json')).toThrow(/relative path/);
    }
  });

  it('reads step actions', () => {
    const lesson = checkLesson(minimal, 'x.json');
    expect(lesson.steps[0]).toEqual({
      title: 'One',
      text: 'Watch.',
      play: true,
      pauseOn: 'cache_exhausted',
    });
    expect((lesson.scenario as ScenarioFile).set).toEqual({});
  });

  it('names the file and step of a problem', () => {
    expect(() => checkLesson({ ...minimal, steps: [] }, 'x.json')).toThrow(/x\.json: .*one step/);
    expect(() =>
      checkLesson({ ...minimal, steps: [{ title: 'A', text: 'B', speed: 'warp' }] }, 'x.json'),
    ).toThrow(/step 1: unknown speed/);
    expect(() =>
      checkLesson({ ...minimal, steps: [{ title: 'A', text: 'B', pauseOn: 'never' }] }, 'x.json'),
    ).toThrow(/pauseOn/);
    expect(() => checkLesson({ ...minimal, scenario: { device: 3 } }, 'x.json')).toThrow(
      /scenario/,
    );
  });
});

describe('checkLesson: the "runs" table key', () => {
  const loads = {
    ...minimal,
    steps: [
      { title: 'Greedy GC', text: 'a', load: { set: {} }, run: 'greedy' },
      { title: 'FIFO GC', text: 'b', load: { set: { 'gc.victim': 'fifo' } } },
      { title: 'Compare', text: 'c', focus: 'lesson-runs' },
    ],
  };

  it('takes the figures a table compares, and a loading step’s short name for its run', () => {
    const lesson = checkLesson({ ...loads, runs: { figures: ['waf', 'read_p999'] } }, 'x.json');
    expect(lesson.runs).toEqual({ figures: ['waf', 'read_p999'] });
    expect(lesson.steps.map((step) => step.run)).toEqual(['greedy', undefined, undefined]);
  });

  it.each([
    [{ runs: { figures: [] } }, /runs: figures must list some of waf, /],
    [{ runs: { figures: ['iops'] } }, /runs: figures must list some of/],
    [{ runs: [] }, /"runs" must be an object/],
    // A step may focus the table only where the lesson has one.
    [{}, /step 3: focus "lesson-runs" needs the lesson's "runs" table/],
  ])('rejects %j', (change, message) => {
    expect(() => checkLesson({ ...loads, ...change }, 'x.json')).toThrow(message);
  });

  it('names a run only on a step that loads one', () => {
    const bad = {
      ...loads,
      runs: { figures: ['waf'] },
      steps: [...loads.steps.slice(0, 2), { title: 'C', text: 'c', run: 'x' }],
    };
    expect(() => checkLesson(bad, 'x.json')).toThrow(
      /step 3: "run" names the run of a step that loads one/,
    );
  });
});

describe('lessonIdFromSearch', () => {
  it('takes a plain id from the query and nothing else', () => {
    expect(lessonIdFromSearch('?lesson=slc-cliff')).toBe('slc-cliff');
    expect(lessonIdFromSearch('?lesson=../secret')).toBeNull();
    expect(lessonIdFromSearch('')).toBeNull();
  });
});

describe('checkLesson: the "results" chart key', () => {
  const loads = {
    ...minimal,
    steps: [
      { title: 'A', text: 'a', load: { set: { overprovision: 0.28 } } },
      { title: 'B', text: 'b', load: { set: { overprovision: 0.07 } } },
      { title: 'C', text: 'c' },
    ],
  };
  const results = {
    metric: 'waf',
    model: 'waf_model',
    label: 'Over-provisioning',
    from: 'overprovision',
    format: 'percent',
    showOn: [3],
  };

  it('accepts a chart of WAF against its model, shown on step 3 (index 2)', () => {
    const lesson = checkLesson({ ...loads, results }, 'x.json');
    expect(lesson.results).toEqual({ ...results, showOn: [2] });
    // format defaults to plain numbers, model to none
    const plain = checkLesson(
      { ...loads, results: { metric: 'waf', label: 'OP', from: 'overprovision', showOn: [1] } },
      'x.json',
    );
    expect(plain.results).toEqual({
      metric: 'waf',
      label: 'OP',
      from: 'overprovision',
      format: 'number',
      showOn: [0],
    });
    expect(checkLesson(loads, 'x.json').results).toBeUndefined();
  });

  it.each([
    [{ metric: 'iops' }, 'x.json: results: metric must be one of waf'],
    [{ model: 'fifo' }, 'x.json: results: model must be one of waf_model'],
    [{ label: '' }, 'x.json: results needs a "label" text'],
    [{ from: 'seed' }, 'x.json: results: no step loads a run with "seed" in its load.set'],
    [{ format: 'pct' }, 'x.json: results: format must be "percent" or "number"'],
    [{ showOn: [4] }, 'x.json: results: showOn must list step numbers from 1 to 3'],
    [{ showOn: [0] }, 'x.json: results: showOn must list step numbers from 1 to 3'],
    [{ showOn: [] }, 'x.json: results: showOn must list step numbers from 1 to 3'],
  ])('rejects %j', (change, message) => {
    expect(() => checkLesson({ ...loads, results: { ...results, ...change } }, 'x.json')).toThrow(
      message,
    );
  });

  it('rejects a results key that is not an object', () => {
    expect(() => checkLesson({ ...loads, results: [] }, 'x.json')).toThrow(
      'x.json: "results" must be an object',
    );
  });
});
