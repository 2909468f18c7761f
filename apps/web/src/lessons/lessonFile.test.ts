import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ScenarioFile } from '../config/scenarioFile';
import { scenarioIdOfPath } from './lessonController';
import { checkLesson, lessonIdFromSearch } from './lessonFile';

const LESSONS = path.resolve(__dirname, '../../../../public/lessons');

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
      expect(raw.steps[index].focus).toMatch(/^(device-view|metric-[a-z]+|chart-[a-z-]+)$/);
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

describe('lessonIdFromSearch', () => {
  it('takes a plain id from the query and nothing else', () => {
    expect(lessonIdFromSearch('?lesson=slc-cliff')).toBe('slc-cliff');
    expect(lessonIdFromSearch('?lesson=../secret')).toBeNull();
    expect(lessonIdFromSearch('')).toBeNull();
  });
});
