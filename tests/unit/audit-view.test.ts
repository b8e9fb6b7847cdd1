import { describe, expect, it } from 'vitest';
import { changes, fieldText, targetText, valueText } from '../../src/lib/server/admin/audit-view.ts';

describe('the audit log reads an entry', () => {
  it('names a target by its kind, id and the row it names', () => {
    expect(targetText('promotion:12', null, { id: 12, title: 'Turnamen Prediksi' })).toBe('Promosi 12 · Turnamen Prediksi');
    // A deleted row has only its before; a memo is named by its subject, a channel by its label.
    expect(targetText('memo:3', { id: 3, subject: 'Selamat datang' }, null)).toBe('Memo 3 · Selamat datang');
    expect(targetText('channel:4', { label: 'Line' }, { label: 'LINE resmi' })).toBe('Kontak 4 · LINE resmi');
    expect(targetText('member:7', { suspended: false }, { suspended: true, username: 'budi2024' })).toBe('Member 7 · budi2024');
    expect(targetText('match:99', null, { homeScore: 1 })).toBe('Pertandingan 99');
    expect(targetText('settings', null, { siteName: 'Gelora' })).toBe('Pengaturan situs');
    // What it cannot read stays as it was recorded.
    expect(targetText('football:en.1', null, null)).toBe('football:en.1');
    expect(targetText('', null, null)).toBe('');
  });

  it('shows of a change only the fields it changed, without the timestamps', () => {
    const before = { id: 5, slot: 2, title: 'Lama', imageUrl: '', updatedAt: '2026-11-01T00:00:00Z' };
    const after = { id: 5, slot: 2, title: 'Baru', imageUrl: '/promo/a.svg', updatedAt: '2026-11-25T00:00:00Z' };
    expect(changes(before, after)).toEqual([
      { key: 'imageUrl', before: '(kosong)', after: '/promo/a.svg' },
      { key: 'title', before: 'Lama', after: 'Baru' },
    ]);
    expect(changes(before, { ...before, updatedAt: 'later' })).toEqual([]);
  });

  it("orders the fields as the forms do, not as the database keeps a snapshot's keys (shortest first)", () => {
    const stored = { id: 9, slot: 1, zeta: 1, title: 'T', alpha: 2, imageUrl: '', descriptionHtml: '' };
    expect(changes(null, stored).map((c) => c.key)).toEqual(['id', 'slot', 'imageUrl', 'title', 'descriptionHtml', 'alpha', 'zeta']);
    expect(changes(null, { username: 'u', suspended: true, siteName: 'G' }).map((c) => c.key)).toEqual(['siteName', 'username', 'suspended']);
  });

  it('shows every field of a row created or deleted, on the side it has', () => {
    expect(changes(null, { id: 1, active: true, createdAt: 'x' })).toEqual([
      { key: 'id', after: '1' },
      { key: 'active', after: 'Ya' },
    ]);
    expect(changes({ name: 'Link 2', position: 0 }, null)).toEqual([
      { key: 'position', before: '0' },
      { key: 'name', before: 'Link 2' },
    ]);
    // A field only one side has (a snapshot taken before a column existed) is a change too.
    expect(changes({ a: 1 }, { a: 1, b: false })).toEqual([{ key: 'b', before: '(kosong)', after: 'Tidak' }]);
  });

  it('writes values and field names in words', () => {
    expect(valueText(null)).toBe('(kosong)');
    expect(valueText(false)).toBe('Tidak');
    expect(valueText({ home: 2 })).toBe('{"home":2}');
    expect(fieldText('runningText')).toBe('Teks berjalan');
    expect(fieldText('suspended')).toBe('Ditangguhkan');
    expect(fieldText('homeScore')).toBeNull();
    // A message that is a function (adminFields.altTextHint) is not a field's name.
    expect(fieldText('altTextHint')).toBeNull();
  });
});
