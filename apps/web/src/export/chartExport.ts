// A chart card's SVG as a standalone file: the styles the page's CSS gives
// it are copied inline (a file has no stylesheet), a white background, the
// card's title, a line naming the drive and workload, and the legend are
// drawn above the plot, the axes' units beside it, and the result is
// serialised (the chart's own marks, its annotations too, are kept as drawn). PNG draws that SVG on a canvas at twice the size (crisp on
// high-density screens and in slides).

const SVG_NS = 'http://www.w3.org/2000/svg';

/** The properties charts take from CSS (axes, grid, reference lines, text). */
const INLINED_STYLES = [
  'fill',
  'fill-opacity',
  'stroke',
  'stroke-width',
  'stroke-dasharray',
  'stroke-opacity',
  'opacity',
  'font-family',
  'font-size',
  'font-weight',
] as const;

const TITLE_HEIGHT = 40;
/** The context line under the title, when there is one. */
const CONTEXT_HEIGHT = 16;
/** The y unit's line above the plot and the x unit's below it. */
const UNIT_HEIGHT = 16;
const PADDING = 12;

/**
 * The average width of a 12 px sans-serif character: a detached SVG has no
 * text metrics, and the context line (a preset's display name is long) must
 * wrap rather than run off the file's edge.
 */
const CONTEXT_CHAR_PX = 6.6;

/**
 * `context` ("drive · fill · workload") in lines that fit `width` px, broken
 * at its " · " separators; a single part longer than a line stays whole.
 */
export function contextLines(context: string, width: number): string[] {
  const maxChars = Math.max(20, Math.floor(width / CONTEXT_CHAR_PX));
  const lines: string[] = [];
  for (const part of context.split(' · ')) {
    const last = lines.length - 1;
    if (last >= 0 && lines[last].length + 3 + part.length <= maxChars) {
      lines[last] += ` · ${part}`;
    } else {
      lines.push(part);
    }
  }
  return lines;
}

/** What a standalone chart says beyond its title: what ran, and its axes' units. */
export interface ExportContext {
  /** "drive · fill · workload" (reportNames.contextLine); '' for none. */
  context?: string;
  xUnit?: string;
  yUnit?: string;
}

export interface ExportLegendEntry {
  label: string;
  color: string;
  dashed?: boolean;
}

function svgElement<K extends keyof SVGElementTagNameMap>(
  name: K,
  attributes: Record<string, string | number>,
): SVGElementTagNameMap[K] {
  const element = document.createElementNS(SVG_NS, name);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, String(value));
  return element;
}

/** The chart `svg` (as rendered) as standalone SVG text, with `title` and `legend` above it. */
export function standaloneSvg(
  svg: SVGSVGElement,
  title: string,
  legend: readonly ExportLegendEntry[] = [],
  extra: ExportContext = {},
): { text: string; width: number; height: number } {
  const plotWidth = svg.width.baseVal.value || svg.clientWidth;
  const plotHeight = svg.height.baseVal.value || svg.clientHeight;
  const context = extra.context ? contextLines(extra.context, plotWidth) : [];
  const contextHeight = context.length * CONTEXT_HEIGHT;
  const yUnitHeight = extra.yUnit ? UNIT_HEIGHT : 0;
  const headerHeight = TITLE_HEIGHT + contextHeight + yUnitHeight;
  const width = plotWidth + 2 * PADDING;
  const height = plotHeight + headerHeight + (extra.xUnit ? UNIT_HEIGHT : 0) + PADDING;

  const clone = svg.cloneNode(true) as SVGSVGElement;
  const sources = [svg, ...svg.querySelectorAll('*')];
  const targets = [clone, ...clone.querySelectorAll('*')];
  sources.forEach((source, index) => {
    const computed = getComputedStyle(source);
    const inline = INLINED_STYLES.map((name) => `${name}:${computed.getPropertyValue(name)}`);
    const own = targets[index].getAttribute('style');
    targets[index].setAttribute('style', [...inline, own ?? ''].filter(Boolean).join(';'));
  });
  const font = getComputedStyle(svg).getPropertyValue('font-family') || 'sans-serif';

  const root = svgElement('svg', {
    xmlns: SVG_NS,
    width,
    height,
    viewBox: `0 0 ${width} ${height}`,
    'font-family': font,
  });
  root.append(svgElement('rect', { x: 0, y: 0, width, height, fill: '#ffffff' }));
  const heading = svgElement('text', {
    x: PADDING,
    y: 18,
    'font-size': 14,
    'font-weight': 600,
    fill: '#1d2733',
  });
  heading.textContent = title;
  root.append(heading);
  context.forEach((line, index) => {
    const text = svgElement('text', {
      x: PADDING,
      y: 34 + index * CONTEXT_HEIGHT,
      'font-size': 12,
      fill: '#1d2733',
      'data-export': 'context',
    });
    text.textContent = line;
    root.append(text);
  });
  const legendY = 30 + contextHeight;
  let x = PADDING;
  for (const entry of legend) {
    root.append(
      svgElement('line', {
        x1: x,
        x2: x + 16,
        y1: legendY,
        y2: legendY,
        stroke: entry.color,
        'stroke-width': 2,
        ...(entry.dashed ? { 'stroke-dasharray': '4 3' } : {}),
      }),
    );
    const label = svgElement('text', {
      x: x + 21,
      y: legendY + 4,
      'font-size': 11,
      fill: '#5b6675',
    });
    label.textContent = entry.label;
    root.append(label);
    x += 21 + entry.label.length * 6.2 + 16;
  }
  if (extra.yUnit) {
    const unit = svgElement('text', {
      x: PADDING,
      y: headerHeight - 2,
      'font-size': 11,
      fill: '#5b6675',
      'data-export': 'y-unit',
    });
    unit.textContent = extra.yUnit;
    root.append(unit);
  }
  const plot = svgElement('g', { transform: `translate(${PADDING}, ${headerHeight})` });
  for (const child of [...clone.childNodes]) plot.append(child);
  root.append(plot);
  if (extra.xUnit) {
    const unit = svgElement('text', {
      x: width - PADDING,
      y: headerHeight + plotHeight + UNIT_HEIGHT - 2,
      'font-size': 11,
      fill: '#5b6675',
      'text-anchor': 'end',
      'data-export': 'x-unit',
    });
    unit.textContent = extra.xUnit;
    root.append(unit);
  }
  return { text: new XMLSerializer().serializeToString(root), width, height };
}

/** Draws standalone SVG text on a canvas `scale` times its size and encodes it as PNG. */
export async function svgToPng(
  svg: { text: string; width: number; height: number },
  scale = 2,
): Promise<Blob> {
  const image = new Image();
  // A data: URL (not a blob: one) keeps the canvas untainted, so toBlob is allowed.
  const loaded = new Promise<void>((resolve, reject) => {
    image.onload = () => resolve();
    image.onerror = () => reject(new Error('the chart could not be drawn as an image'));
  });
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg.text)}`;
  await loaded;
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(svg.width * scale);
  canvas.height = Math.round(svg.height * scale);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('this browser cannot draw on a canvas');
  context.scale(scale, scale);
  context.drawImage(image, 0, 0, svg.width, svg.height);
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('the PNG could not be encoded'))),
      'image/png',
    ),
  );
}

/** "chart-waf" + title → "flashscope-write-amplification.svg". */
export function chartFileName(title: string, extension: 'svg' | 'png'): string {
  const slug = title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `flashscope-${slug || 'chart'}.${extension}`;
}
