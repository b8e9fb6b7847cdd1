// The XSS corpus and an independent judge of sanitised HTML: it parses the output (htmlparser2,
// as sanitize-html does not get to grade itself) and lists everything that could run script.
import fs from 'node:fs';
import { Parser } from 'htmlparser2';

export function corpus(): string[] {
  return fs
    .readFileSync(new URL('../fixtures/xss-corpus.txt', import.meta.url), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('# '));
}

export const RICH_TEXT_TAGS = new Set([
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'strong', 'b', 'em', 'i', 'u', 's', 'small', 'mark',
  'blockquote', 'ul', 'ol', 'li', 'a', 'img', 'span', 'div', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'figure', 'figcaption',
]);
const URL_ATTRS = new Set(['href', 'src', 'srcset', 'action', 'formaction', 'background', 'xlink:href', 'data', 'poster']);
const SAFE_SCHEMES = new Set(['http', 'https', 'mailto', 'tel']);

/**
 * The scheme a browser would see (WHATWG URL: leading C0 controls and spaces stripped, tabs and
 * newlines removed anywhere); undefined for a relative URL.
 */
function scheme(value: string): string | undefined {
  const squashed = value.replace(/^[\u0000-\u0020]+/, '').replace(/[\t\n\r]/g, '');
  return /^([a-z][a-z0-9+.-]*):/i.exec(squashed)?.[1]?.toLowerCase();
}

/** Problems found in `html`; empty means inert. `tags`: the elements allowed to appear at all. */
export function findUnsafe(html: string, tags: ReadonlySet<string>): string[] {
  const problems: string[] = [];
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        if (!tags.has(name)) problems.push(`element <${name}>`);
        for (const [attr, value] of Object.entries(attribs)) {
          if (/^on/i.test(attr)) problems.push(`event handler ${attr} on <${name}>`);
          if (attr === 'style' || attr === 'srcdoc') problems.push(`${attr} on <${name}>`);
          if (attr === 'http-equiv') problems.push(`http-equiv on <${name}>`);
          const s = URL_ATTRS.has(attr) ? scheme(value) : undefined;
          if (s && !SAFE_SCHEMES.has(s)) problems.push(`${attr}="${value}" on <${name}>`);
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return problems;
}
