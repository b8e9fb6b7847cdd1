import { Parser } from 'htmlparser2';

const BLOCK = /^(p|div|br|li|h[1-6]|tr|td|th|blockquote|figcaption)$/;

/** The readable text of an HTML fragment: entities decoded, blocks separated, whitespace collapsed. */
export function plainText(html: string): string {
  let out = '';
  let skip = 0;
  const parser = new Parser(
    {
      onopentagname(name) {
        if (name === 'script' || name === 'style') skip += 1;
        if (BLOCK.test(name)) out += ' ';
      },
      onclosetag(name) {
        if (name === 'script' || name === 'style') skip = Math.max(0, skip - 1);
        if (BLOCK.test(name)) out += ' ';
      },
      ontext(text) {
        if (!skip) out += text;
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return out.replace(/\s+/g, ' ').trim();
}
