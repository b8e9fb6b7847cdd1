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
    expect(changes('promotion:5', before, after)).toEqual([
      { key: 'title', label: 'Judul', before: 'Lama', after: 'Baru' },
      { key: 'imageUrl', label: 'URL gambar', before: '(kosong)', after: '/promo/a.svg' },
    ]);
    expect(changes('promotion:5', before, { ...before, updatedAt: 'later' })).toEqual([]);
  });

  it("orders the fields as each kind's form does, not as the database keeps a snapshot's keys (shortest first)", () => {
    const stored = { id: 9, slot: 1, zeta: 1, title: 'T', alpha: 2, imageUrl: '', descriptionHtml: '' };
    expect(changes('promotion:9', null, stored).map((c) => c.key)).toEqual(['id', 'slot', 'title', 'imageUrl', 'descriptionHtml', 'alpha', 'zeta']);
    const settings = { metaTagsHtml: '', liveChatId: '', articleHtml: '', siteName: 'G', runningText: '', logoUrl: '', appDownloadUrl: '' };
    expect(changes('settings', null, settings).map((c) => c.key)).toEqual(['siteName', 'logoUrl', 'runningText', 'appDownloadUrl', 'liveChatId', 'articleHtml', 'metaTagsHtml']);
    expect(changes('altlink:2', null, { url: 'u', position: 1, name: 'n', id: 2 }).map((c) => c.key)).toEqual(['id', 'name', 'url', 'position']);
    expect(changes('channel:4', null, { active: true, targetUrl: '', label: 'l' }).map((c) => c.key)).toEqual(['label', 'targetUrl', 'active']);
    expect(changes('memo:1', null, { body: 'b', subject: 's', username: null, audience: 'all' }).map((c) => c.key)).toEqual(['audience', 'username', 'subject', 'body']);
    // A kind without a form of its own: by name.
    expect(changes('match:1', null, { status: 'FT', ftHome: 1 }).map((c) => c.key)).toEqual(['ftHome', 'status']);
  });

  it('shows every field of a row created or deleted, on the side it has', () => {
    expect(changes('banner:1', null, { id: 1, active: true, createdAt: 'x' })).toEqual([
      { key: 'id', label: null, after: '1' },
      { key: 'active', label: 'Aktif', after: 'Ya' },
    ]);
    expect(changes('altlink:3', { name: 'Link 2', position: 0 }, null)).toEqual([
      { key: 'name', label: 'Nama', before: 'Link 2' },
      { key: 'position', label: 'Urutan', before: '0' },
    ]);
    // A field only one side has (a snapshot taken before a column existed) is a change too.
    expect(changes('member:1', { a: 1 }, { a: 1, b: false })).toEqual([{ key: 'b', label: null, before: '(kosong)', after: 'Tidak' }]);
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
