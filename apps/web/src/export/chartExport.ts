// A chart card's SVG as a standalone file: the styles the page's CSS gives
// it are copied inline (a file has no stylesheet), a white background, the
// card's title and legend are drawn above the plot, and the result is
// serialised. PNG draws that SVG on a canvas at twice the size (crisp on
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

const HEADER_HEIGHT = 40;
const PADDING = 12;

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
): { text: string; width: number; height: number } {
  const plotWidth = svg.width.baseVal.value || svg.clientWidth;
  const plotHeight = svg.height.baseVal.value || svg.clientHeight;
  const width = plotWidth + 2 * PADDING;
  const height = plotHeight + HEADER_HEIGHT + PADDING;

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
  let x = PADDING;
  for (const entry of legend) {
    root.append(
      svgElement('line', {
        x1: x,
        x2: x + 16,
        y1: 30,
        y2: 30,
        stroke: entry.color,
        'stroke-width': 2,
        ...(entry.dashed ? { 'stroke-dasharray': '4 3' } : {}),
      }),
    );
    const label = svgElement('text', { x: x + 21, y: 34, 'font-size': 11, fill: '#5b6675' });
    label.textContent = entry.label;
    root.append(label);
    x += 21 + entry.label.length * 6.2 + 16;
  }
  const plot = svgElement('g', { transform: `translate(${PADDING}, ${HEADER_HEIGHT})` });
  for (const child of [...clone.childNodes]) plot.append(child);
  root.append(plot);
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
