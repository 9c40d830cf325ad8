import { escapeHtml } from '~/shared/escape-html';

/**
 * HTML built as strings for e-mail (no React on this path: mail clients want tables and inline
 * styles, and the server's mail code should not depend on the browser's component library).
 *
 * `html` escapes every value put into it, so a name or a note typed by a user cannot become
 * markup; only fragments made by `html` itself (or `trusted` for a constant) go in unescaped.
 */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString() {
    return this.value;
  }
}

type Interpolated = SafeHtml | string | number | null | undefined | false | readonly Interpolated[];

function render(value: Interpolated): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return (value as readonly Interpolated[]).map(render).join('');
  return escapeHtml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: Interpolated[]): SafeHtml {
  return new SafeHtml(strings.reduce((out, part, i) => out + part + (i < values.length ? render(values[i]) : ''), ''));
}

/** Markup we wrote ourselves, as a constant. Never pass it anything a user typed. */
export function trusted(markup: string): SafeHtml {
  return new SafeHtml(markup);
}
