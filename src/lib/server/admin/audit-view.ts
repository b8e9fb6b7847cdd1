// How the audit log (/admin/audit) reads an entry: its target in words and, of the snapshots it
// keeps (before and after, whole rows), only what changed. The log itself stores them as they are.
import { adminAudit as m, adminFields } from '../../shared/messages/index.ts';

type Snapshot = Record<string, unknown> | null;

/** Fields a snapshot names its row by, first found first. */
const NAME_FIELDS = ['title', 'subject', 'label', 'name', 'username'] as const;
/** When a row was written: the entry's own time says it. */
const TIMESTAMPS = new Set(['createdAt', 'updatedAt']);

const asSnapshot = (v: unknown): Snapshot => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null);

/** 'promotion:12' with its row's title → 'Promosi 12 · Turnamen Prediksi'; an unknown kind stays as it is. */
export function targetText(target: string, before: unknown, after: unknown): string {
  const [kind = '', id] = target.split(':', 2);
  const noun = (m.targets as Record<string, string>)[kind];
  if (!noun) return target;
  const row = asSnapshot(after) ?? asSnapshot(before);
  const field = NAME_FIELDS.find((f) => typeof row?.[f] === 'string' && row[f] !== '');
  return [id === undefined ? noun : `${noun} ${id}`, field && (row![field] as string)].filter(Boolean).join(' · ');
}

/** A field's name in the back office's words, where it has one. */
export function fieldText(key: string): string | null {
  const own = (m.fields as Record<string, string>)[key] ?? (adminFields as Record<string, unknown>)[key];
  return typeof own === 'string' ? own : null;
}

/** A snapshot's value as the log shows it. */
export function valueText(v: unknown): string {
  if (v === null || v === undefined || v === '') return m.emptyValue;
  if (typeof v === 'boolean') return v ? m.yes : m.no;
  return typeof v === 'string' ? v : JSON.stringify(v);
}

export interface FieldChange {
  key: string;
  /** The field's name in the back office's words, or null where it has none (the key is shown alone). */
  label: string | null;
  /** Absent on the side that has no snapshot (a row created, or deleted). */
  before?: string;
  after?: string;
}

/**
 * The order a target kind's fields are shown in: its form's. (The database keeps a snapshot's keys
 * shortest first, which is no order a reader expects.) Then the rest by name.
 */
const FORM_ORDER: Record<string, readonly string[]> = {
  settings: ['siteName', 'logoUrl', 'runningText', 'appDownloadUrl', 'liveChatId', 'articleHtml', 'metaTagsHtml'],
  promotion: ['slot', 'title', 'imageUrl', 'descriptionHtml'],
  banner: ['imageUrl', 'altText', 'position', 'active'],
  channel: ['label', 'targetUrl', 'active'],
  altlink: ['name', 'url', 'position'],
  memo: ['audience', 'username', 'subject', 'body'],
  member: ['username', 'suspended', 'verified'],
  admin: ['username', 'role'],
};

function byFormOrder(kind: string) {
  const order = ['id', ...(FORM_ORDER[kind] ?? [])];
  const rank = (key: string) => {
    const i = order.indexOf(key);
    return i < 0 ? order.length : i;
  };
  return (x: string, y: string) => rank(x) - rank(y) || x.localeCompare(y);
}

/**
 * The fields of an entry worth reading: for a change, those whose value differs; for a row created
 * or deleted, all of its fields, in its form's order. Timestamps are left out (the entry has its
 * own time).
 */
export function changes(target: string, before: unknown, after: unknown): FieldChange[] {
  const b = asSnapshot(before);
  const a = asSnapshot(after);
  const keys = [...new Set([...Object.keys(b ?? {}), ...Object.keys(a ?? {})])]
    .filter((k) => !TIMESTAMPS.has(k))
    .sort(byFormOrder(target.split(':', 1)[0]!));
  return keys
    .filter((k) => !b || !a || JSON.stringify(b[k]) !== JSON.stringify(a[k]))
    .map((key) => ({ key, label: fieldText(key), ...(b && { before: valueText(b[key]) }), ...(a && { after: valueText(a[key]) }) }));
}
