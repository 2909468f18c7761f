// The figures a lesson step's text quotes from its run, marked in the text
// with braces: "it ends at {2.57}", "takes {7.6 ms}". Everything else in a
// text (a request size, a setting, a published figure) is a fact of the
// setup, not something the run produces. The app shows a text without the
// braces and each quoted figure in bold; e2e/lesson-figures.spec.ts finds
// every quoted figure on screen at its step, in the step's focus view or
// the figures row. The figure itself stays pasted in the text: the core's
// tests (packages/sim-core/src/scenario/lesson_*_test.cpp) check each one
// against a native run of the step.

/** A quoted figure: a number, with thousands commas and decimals as written, and an optional unit. */
export const QUOTED_FIGURE = /^\d{1,3}(,\d{3})*(\.\d+)? ?(µs|ms|s|%|kB|MB|GB)?$/;

/** A piece of a step's text, braces removed: plain, or a quoted figure. */
export interface StepTextPart {
  text: string;
  figure: boolean;
}

/**
 * Splits `text` at its {figure} marks; throws an Error naming the problem
 * when a brace is unmatched or a mark holds no figure.
 */
export function splitQuotedFigures(text: string): StepTextPart[] {
  const parts: StepTextPart[] = [];
  let at = 0;
  while (at < text.length) {
    const open = text.indexOf('{', at);
    const close = text.indexOf('}', at);
    if (open < 0) {
      if (close >= 0) throw new Error(`a "}" without its "{": …${text.slice(at, close + 1)}`);
      parts.push({ text: text.slice(at), figure: false });
      break;
    }
    if (close >= 0 && close < open) {
      throw new Error(`a "}" without its "{": …${text.slice(at, close + 1)}`);
    }
    const end = text.indexOf('}', open);
    if (end < 0) throw new Error(`a "{" without its "}": ${text.slice(open, open + 20)}…`);
    const figure = text.slice(open + 1, end);
    if (!QUOTED_FIGURE.test(figure)) {
      throw new Error(`"{${figure}}" is not a quoted figure (a number and an optional unit)`);
    }
    if (open > at) parts.push({ text: text.slice(at, open), figure: false });
    parts.push({ text: figure, figure: true });
    at = end + 1;
  }
  return parts;
}

/** The text as the app shows it: the braces of its quoted figures removed. */
export function plainStepText(text: string): string {
  return splitQuotedFigures(text)
    .map((part) => part.text)
    .join('');
}

/** The figures `text` quotes, in order: ["2.57", "7.6 ms"]. */
export function quotedFigures(text: string): string[] {
  return splitQuotedFigures(text)
    .filter((part) => part.figure)
    .map((part) => part.text);
}
