// Cutting text for display: collapsed promotions show the first 70 characters of the description
// and 20 of the title (000 §2, §9).

/** `text` cut to `max` characters (whole code points, never half an emoji) with '...' when cut. */
export function truncate(text: string, max: number): string {
  const chars = Array.from(text.trim());
  if (chars.length <= max) return chars.join('');
  return chars.slice(0, max).join('').trimEnd() + '...';
}
