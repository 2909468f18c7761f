// The glossary (issue 18): every term the UI uses, in plain words for
// students and customers, one or two sentences each. <Term id=…> shows an
// entry's definition on hover and focus and opens it in the glossary panel;
// <TermText> marks the known terms in free text (lesson steps) by the words
// listed in `match`. Research sources belong in `source`, never in the
// definition.

export interface GlossaryEntry {
  /** Stable id: data-term="ID" in the panel, <Term id="ID">. */
  id: string;
  /** The term as the glossary lists it. */
  term: string;
  definition: string;
  /**
   * Words that mark this term in free text, matched as whole words. A word
   * with two or more capitals (WAF, pSLC, QoS) matches only as written, so
   * "fast" or "gc" in ordinary prose does not; any other word matches in
   * any case. The first occurrence in a text is marked.
   */
  match: string[];
  /** Where the idea comes from, for the curious (not shown in lesson text). */
  source?: string;
}

export const GLOSSARY: readonly GlossaryEntry[] = [
  {
    id: 'waf',
    term: 'WAF (write amplification factor)',
    definition:
      'How many bytes the drive writes to flash for each byte the host asks it to write. 1 is ideal; garbage collection copying still-valid data pushes it higher.',
    match: ['WAF', 'write amplification'],
  },
  {
    id: 'waf-below-one',
    term: 'WAF below 1',
    definition:
      'Fewer bytes have reached flash than the host wrote: a rewrite of data still waiting in the write buffer replaces it there, so only the newest copy is programmed, trimmed data never leaves the buffer, and early in a run some writes are still held in it. The note beside the figure says which, with the drive’s own counts.',
    match: [],
  },
  {
    id: 'padding',
    term: 'Padding',
    definition:
      'A wordline is programmed whole, so when the drive must send data to flash before a wordline is full (the host went idle, asked for a flush, or the run ended) it fills the rest with dummy data. Padding wears the flash and counts in the WAF like GC copies; a drive with power-loss protection can keep such data in its buffer instead.',
    match: ['padding', 'padded'],
  },
  {
    id: 'over-provisioning',
    term: 'Over-provisioning (OP)',
    definition:
      'Flash the drive keeps beyond the capacity the host can use. The spare room lets garbage collection find blocks with little valid data, so more over-provisioning means a lower WAF.',
    match: ['over-provisioning', 'overprovisioning', 'OP'],
  },
  {
    id: 'gc',
    term: 'Garbage collection (GC)',
    definition:
      'Flash cannot be overwritten in place: new data goes to fresh pages and the old copies become garbage. GC picks a block, copies its still-valid pages elsewhere and erases it so it can be written again.',
    match: ['GC', 'garbage collection', 'garbage-collect', 'garbage-collects'],
  },
  {
    id: 'foreground-gc',
    term: 'Foreground and background GC',
    definition:
      'Foreground GC runs because the drive has run out of free blocks and makes host writes wait; background GC runs while the drive is idle, so the host does not notice it.',
    match: ['foreground GC', 'background GC'],
  },
  {
    id: 'victim-policy',
    term: 'GC victim policy (greedy, cost-benefit)',
    definition:
      'How GC picks the block to clean. Greedy takes the block with the fewest valid pages (least copying now); cost-benefit also weighs how long since the block was written, preferring old, cold blocks whose data is unlikely to change again.',
    match: ['victim policy', 'greedy', 'cost-benefit'],
    source: 'Rosenblum and Ousterhout, the log-structured file system (1992).',
  },
  {
    id: 'merge',
    term: 'Merge (classic FTLs)',
    definition:
      'How a block- or hybrid-mapped FTL (FAST, C-lash) frees space: it combines a block’s old pages with newer ones into a fresh block and erases the old ones. It does the work of GC inline, so it appears as merges and erases, not on the GC timeline.',
    match: ['merge', 'merges'],
  },
  {
    id: 'pslc',
    term: 'pSLC / SLC cache',
    definition:
      'Part of a TLC or QLC drive’s flash written with one bit per cell (pseudo-SLC): several times faster to write. New writes land there first and are moved to the dense flash later.',
    match: ['pSLC', 'SLC cache', 'SLC'],
  },
  {
    id: 'migration',
    term: 'Migration (folding)',
    definition:
      'Moving data out of the SLC cache into dense TLC/QLC flash to free the cache again. While the drive folds, host writes compete with it and slow down.',
    match: ['migration', 'folding', 'folds', 'fold'],
  },
  {
    id: 'cliff',
    term: 'Write cliff',
    definition:
      'The sudden drop in write speed when the SLC cache is full: writes then go at the speed of the dense flash, slowed further by folding.',
    match: ['cliff'],
  },
  {
    id: 'write-buffer',
    term: 'Write buffer',
    definition:
      'A small amount of fast memory (DRAM) where the drive collects host writes before programming them to flash; the host sees the write done as soon as it is in the buffer.',
    match: ['write buffer'],
  },
  {
    id: 'garbage-proportion',
    term: 'Garbage proportion (GP)',
    definition:
      'The share of a zone or block that holds data no longer needed. Reclaiming a zone with a high garbage proportion copies little; one near 0 copies almost everything.',
    match: ['garbage proportion', 'garbage-proportion', 'GP'],
  },
  {
    id: 'cv',
    term: 'CV (coefficient of variation)',
    definition:
      'The standard deviation of the IOPS measured in each short interval divided by their mean: how much the speed swings. Lower is steadier; 0 would be a perfectly flat line.',
    match: ['CV', 'coefficient of variation'],
    source: 'Seed 001 (enterprise SSD stability test), section 2.1.',
  },
  {
    id: 'consistency',
    term: 'Consistency (performance consistency)',
    definition:
      'The slowest interval’s IOPS (after ignoring the very slowest 0.01 %) divided by the mean IOPS. 100 % means every interval ran at the average speed; 0 % means some interval completed no I/O at all: the drive stalled.',
    match: ['consistency'],
    source: 'Intel’s performance consistency metric, as described in seed 001, section 2.1.',
  },
  {
    id: 'qos',
    term: 'QoS (quality of service), p99 / p99.9',
    definition:
      'A promise about latency: for example, reads answered within 1 ms. p99 is the latency 99 % of requests beat, p99.9 the one 99.9 % beat; they show the slow tail an average hides.',
    match: ['QoS', 'p99', 'p99.9', 'percentile', 'percentiles'],
  },
  {
    id: 'latency',
    term: 'Latency',
    definition: 'How long one request takes, from the host sending it to the drive answering it.',
    match: ['latency', 'latencies'],
  },
  {
    id: 'iops',
    term: 'IOPS',
    definition:
      'Input/output operations per second: how many requests the drive completes each second. For small random I/O it matters more than throughput in MB/s.',
    match: ['IOPS'],
  },
  {
    id: 'throughput',
    term: 'Throughput',
    definition: 'How many bytes per second the drive reads or writes for the host (MB/s).',
    match: ['throughput'],
  },
  {
    id: 'queue-depth',
    term: 'Queue depth (QD)',
    definition:
      'How many requests the host keeps in flight at once. A deeper queue lets the drive work on many dies in parallel, raising IOPS, but each request waits longer.',
    match: ['queue depth', 'QD'],
  },
  {
    id: 'steady-state',
    term: 'Steady state',
    definition:
      'When a drive’s performance has stopped changing from round to round, after its free space is used up and GC runs all the time. Fresh drives are faster than they will be in steady state.',
    match: ['steady state', 'steady-state'],
  },
  {
    id: 'precondition',
    term: 'Preconditioning',
    definition:
      'Writing the drive before measuring it, so it starts full and used as in real life rather than fresh from the factory.',
    match: ['precondition', 'preconditioning', 'preconditioned'],
  },
  {
    id: 'trim',
    term: 'TRIM',
    definition:
      'A message from the host that some data is deleted. The drive can then treat those pages as garbage at once instead of copying them during GC.',
    match: ['TRIM'],
  },
  {
    id: 'wear-levelling',
    term: 'Wear levelling',
    definition:
      'Each flash block survives only a limited number of erases. Wear levelling spreads erases evenly: dynamic wear levelling writes to the least-worn free blocks, static wear levelling also moves cold data off little-worn blocks.',
    match: ['wear levelling', 'wear leveling', 'wear-levelling', 'wear-leveling'],
  },
  {
    id: 'erase',
    term: 'Erase and erase count',
    definition:
      'Flash is erased a whole block at a time before it can be written again. The erase count is how often a block has been erased: its wear.',
    match: ['erase count', 'erase counts', 'erases', 'erase'],
  },
  {
    id: 'read-disturb',
    term: 'Read disturb and refresh',
    definition:
      'Reading a block many times slowly disturbs the charge of its other cells. After enough reads the drive refreshes the block: it copies the data to a new block, which costs writes and time.',
    match: ['read disturb', 'read-disturb', 'refresh'],
  },
  {
    id: 'hot-cold',
    term: 'Hot and cold data',
    definition:
      'Hot data is rewritten often, cold data rarely. Keeping them in separate blocks means blocks of hot data turn to garbage together, so GC copies less.',
    match: ['hot/cold', 'hot and cold', 'cold data', 'hot data'],
  },
  {
    id: 'ftl',
    term: 'FTL (flash translation layer)',
    definition:
      'The drive’s firmware that maps the host’s logical addresses to physical flash pages, and runs GC and wear levelling behind the scenes.',
    match: ['FTL', 'FTLs', 'flash translation layer'],
  },
  {
    id: 'page-mapping',
    term: 'Page mapping',
    definition:
      'An FTL that keeps a map entry for every page, so any page can go anywhere: the most flexible, but its map needs much memory.',
    match: ['page mapping', 'page-mapping'],
  },
  {
    id: 'dftl',
    term: 'DFTL',
    definition:
      'Demand-based FTL: page mapping whose map lives in flash, with only the recently used entries cached in memory. A cache miss costs an extra flash read (and sometimes a write).',
    match: ['DFTL'],
    source: 'Gupta, Kim and Urgaonkar, DFTL (ASPLOS 2009).',
  },
  {
    id: 'fast',
    term: 'FAST',
    definition:
      'A hybrid FTL: data blocks mapped per block plus a few log blocks mapped per page that take new writes. When the log blocks fill, they are merged back into data blocks, which is costly for random writes.',
    match: ['FAST'],
    source: 'Lee et al., FAST (ACM TECS 2007).',
  },
  {
    id: 'clash',
    term: 'C-lash',
    definition:
      'A small fast memory (SRAM) cache in front of a block-mapped FTL that holds both single pages and whole blocks, and writes whole blocks back when it can: very good for sequential writes, poor for random ones.',
    match: ['C-lash'],
    source: 'Boukhobza, Olivier and Rubini, C-lash (seed 002).',
  },
  {
    id: 'zns',
    term: 'ZNS (zoned namespace)',
    definition:
      'A drive divided into zones that the host must write sequentially and reset as a whole. The host, not the drive, decides where data goes and does the garbage collection.',
    match: ['ZNS', 'zoned'],
  },
  {
    id: 'zone-states',
    term: 'Zone states (empty, open, closed, full)',
    definition:
      'Empty: reset, nothing written. Open: being written at its write pointer. Closed: partly written but not being written now. Full: written to the end; only a reset makes it empty again.',
    match: ['zone states', 'zone state'],
  },
  {
    id: 'placement',
    term: 'Placement policy',
    definition:
      'On a zoned drive, how the host chooses which open zone each write goes to: grouping data that will become garbage at the same time lowers the WAF.',
    match: ['placement'],
  },
  {
    id: 'wordline',
    term: 'Wordline',
    definition:
      'A row of flash cells programmed together. In TLC or QLC one wordline holds three or four pages, written in one go.',
    match: ['wordline', 'wordlines'],
  },
  {
    id: 'plane-die-channel',
    term: 'Plane, die, channel',
    definition:
      'How flash is organised for parallel work: a channel is a bus to several dies (chips), each die has planes, each plane its blocks. Different dies and planes can work at the same time.',
    match: ['plane', 'planes', 'dies', 'channel', 'channels'],
  },
  {
    id: 'block-page',
    term: 'Block and page',
    definition:
      'A page (a few KiB) is the smallest unit flash reads and writes; a block (hundreds of pages) is the smallest unit it erases.',
    // Not marked in free text: nearly every lesson says "block" in passing.
    match: [],
  },
  {
    id: 'slc-tlc-qlc',
    term: 'SLC, TLC, QLC',
    definition:
      'How many bits each flash cell stores: one (SLC), three (TLC) or four (QLC). More bits make flash cheaper and denser, but slower to write and quicker to wear out.',
    match: ['QLC', 'TLC'],
  },
];

const BY_ID = new Map(GLOSSARY.map((entry) => [entry.id, entry]));

/** The entry with this id; undefined for an unknown id. */
export function glossaryEntry(id: string): GlossaryEntry | undefined {
  return BY_ID.get(id);
}

/** A run of free text: plain, or one marked occurrence of a term. */
export type TextPart = { text: string; termId?: string };

const escapeRegExp = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** An abbreviation (two or more capitals: WAF, pSLC, QoS) matches only as written. */
const isAbbreviation = (word: string) => /[A-Z].*[A-Z]/.test(word);

const MATCHERS: ReadonlyArray<{ termId: string; pattern: RegExp }> = GLOSSARY.flatMap((entry) =>
  entry.match.map((word) => ({
    termId: entry.id,
    // Whole words: no letter or digit on either side.
    pattern: new RegExp(
      `(?<![A-Za-z0-9])${escapeRegExp(word)}(?![A-Za-z0-9])`,
      isAbbreviation(word) ? '' : 'i',
    ),
  })),
);

/**
 * Splits free text into plain runs and marked terms: the first occurrence
 * of each term (by any of its words), whole words only; where two words
 * overlap, the earlier wins, then the longer ("SLC cache" over "SLC").
 */
export function markTerms(text: string): TextPart[] {
  const found: Array<{ start: number; end: number; termId: string }> = [];
  for (const { termId, pattern } of MATCHERS) {
    const match = pattern.exec(text);
    if (match) found.push({ start: match.index, end: match.index + match[0].length, termId });
  }
  found.sort((a, b) => a.start - b.start || b.end - a.end);
  const parts: TextPart[] = [];
  const marked = new Set<string>();
  let at = 0;
  for (const hit of found) {
    if (hit.start < at || marked.has(hit.termId)) continue;
    if (hit.start > at) parts.push({ text: text.slice(at, hit.start) });
    parts.push({ text: text.slice(hit.start, hit.end), termId: hit.termId });
    marked.add(hit.termId);
    at = hit.end;
  }
  if (at < text.length) parts.push({ text: text.slice(at) });
  return parts;
}
