import { describe, expect, it } from 'vitest';
import { truncate } from '../../src/lib/shared/text.ts';
import { plainText } from '../../src/lib/server/content/text.ts';
import { liveChatProvider } from '../../src/lib/shared/live-chat.ts';
import { altLinkInput, bannerInput, imageUrl, promotionInput, settingsInput, targetUrl } from '../../src/lib/shared/schemas/content.ts';
import { memoInput } from '../../src/lib/shared/schemas/memos.ts';

describe('truncate', () => {
  it('keeps short text and cuts long text at the limit with an ellipsis', () => {
    expect(truncate('Bonus Koin', 20)).toBe('Bonus Koin');
    expect(truncate('12345678901234567890', 20)).toBe('12345678901234567890');
    expect(truncate('Tebak Skor Akhir Pekan Ini', 20)).toBe('Tebak Skor Akhir Pek...');
  });
  it('counts characters, not UTF-16 halves', () => {
    expect(truncate('⚽'.repeat(25), 20)).toBe('⚽'.repeat(20) + '...');
  });
  it('cuts a 70-character summary', () => {
    const text = 'a'.repeat(69) + ' b c d';
    expect(truncate(text, 70)).toBe('a'.repeat(69) + '...');
  });
});

describe('plainText', () => {
  it('reads the text of HTML with entities decoded and blocks separated', () => {
    expect(plainText('<p>Klaim <strong>Koin</strong> &amp; main</p><ul><li>satu</li><li>dua</li></ul>')).toBe('Klaim Koin & main satu dua');
  });
  it('never returns markup', () => {
    expect(plainText('&lt;script&gt;alert(1)&lt;/script&gt;')).toBe('<script>alert(1)</script>');
    expect(plainText('<script>alert(1)</script>ok')).toBe('ok');
  });
});

describe('live chat id', () => {
  it('reads a number as a LiveChat licence', () => {
    expect(liveChatProvider('12345678')).toMatchObject({ kind: 'livechat', license: '12345678', chatPage: 'https://direct.lc.chat/12345678/' });
  });
  it('reads propertyId/widgetId as tawk.to', () => {
    expect(liveChatProvider('64a1b2c3d4e5f6a7b8c9d0e1/1h4abcdef')).toMatchObject({
      kind: 'tawk',
      script: 'https://embed.tawk.to/64a1b2c3d4e5f6a7b8c9d0e1/1h4abcdef',
    });
  });
  it('refuses anything else (no script URL can be smuggled in)', () => {
    for (const id of ['', 'abc', '1/2', 'https://evil.example/x.js', '64a1b2c3/../../x', '12 34']) expect(liveChatProvider(id)).toBeNull();
  });
});

describe('content input schemas', () => {
  const settings = {
    siteName: 'Gelora',
    logoUrl: '/logo.svg',
    runningText: '',
    appDownloadUrl: '',
    articleHtml: '',
    liveChatId: '',
    metaTagsHtml: '',
  };
  it('accept the seeded settings and refuse script URLs', () => {
    expect(settingsInput.safeParse(settings).success).toBe(true);
    expect(settingsInput.safeParse({ ...settings, logoUrl: 'javascript:alert(1)' }).success).toBe(false);
    expect(settingsInput.safeParse({ ...settings, logoUrl: '//evil.example/x.svg' }).success).toBe(false);
    expect(settingsInput.safeParse({ ...settings, appDownloadUrl: 'data:text/html,x' }).success).toBe(false);
    // The app is downloaded over https only: over http it could be swapped on the way.
    expect(settingsInput.safeParse({ ...settings, appDownloadUrl: 'http://gelora.example/app.apk' }).error?.issues[0]?.message).toBe('Alamat unduhan aplikasi harus diawali https://');
    expect(settingsInput.safeParse({ ...settings, appDownloadUrl: 'HTTPS://gelora.example/app.apk' }).success).toBe(true);
    expect(settingsInput.safeParse({ ...settings, liveChatId: '<script>' }).success).toBe(false);
    expect(settingsInput.safeParse({ ...settings, siteName: '  ' }).error?.issues[0]?.message).toBe('Data tidak boleh kosong');
  });
  it('take as live chat id only what the widget loader can use, so a saved id never silently shows no chat', () => {
    for (const liveChatId of ['', '12345678', '64a1b2c3d4e5f6a7b8c9d0e1/1h4abcdef']) expect(settingsInput.safeParse({ ...settings, liveChatId }).success, liveChatId).toBe(true);
    for (const liveChatId of ['<script>', '64a1b2c3/../../x', 'abcdef"x/abcd', 'abc-def/ghij', '1234567890123', '12 34']) {
      expect(settingsInput.safeParse({ ...settings, liveChatId }).error?.issues[0]?.message, liveChatId).toBe('ID live chat berupa angka atau propertyId/widgetId.');
      expect(liveChatProvider(liveChatId), liveChatId).toBeNull();
    }
  });
  it("count a text's length as the form's maxlength does, in UTF-16 units (an emoji is 2)", () => {
    expect(settingsInput.safeParse({ ...settings, siteName: '⚽'.repeat(60) }).success).toBe(true);
    expect(settingsInput.safeParse({ ...settings, siteName: '😀'.repeat(30) }).success).toBe(true);
    expect(settingsInput.safeParse({ ...settings, siteName: '😀'.repeat(31) }).error?.issues[0]?.message).toBe('Maksimal 60 karakter.');
  });
  it('count a text of invisible characters as empty and drop them from the ends of a filled one', () => {
    // Zero width space, word joiner, byte order mark, soft hyphen, right-to-left mark, no-break space,
    // control characters (start of heading, bell, delete, next line), the combining grapheme joiner,
    // a Hangul filler and the blank Braille pattern.
    const invisible = ['\u200B', '\u2060\uFEFF', '\u00AD', '\u200F', '\u00A0\u200B ', '\u0001', '\u0007\u007F', '\u0085', '\u034F', '\u3164', '\u2800'];
    const link = { name: 'Link 1', url: 'https://gelora.example', position: 0 };
    for (const name of invisible) expect(altLinkInput.safeParse({ ...link, name }).error?.issues[0]?.message, escape(name)).toBe('Data tidak boleh kosong');
    const memo = { audience: 'all', subject: 'Info', body: 'Isi' };
    for (const subject of invisible) expect(memoInput.safeParse({ ...memo, subject }).error?.issues[0]?.message, escape(subject)).toBe('Data tidak boleh kosong');
    expect(memoInput.safeParse({ ...memo, audience: 'member', username: '\u200B' }).error?.issues[0]?.message).toBe('Isi username member penerima.');
    expect(altLinkInput.parse({ ...link, name: '\u200B Link 1\u200D\u2060' }).name).toBe('Link 1');
    // Inside a text they stay: a family emoji is joined with U+200D.
    expect(memoInput.parse({ ...memo, subject: 'Keluarga 👨\u200D👩\u200D👧' }).subject).toBe('Keluarga 👨\u200D👩\u200D👧');
    expect(memoInput.parse({ ...memo, body: '\u0007Baris 1\nBaris 2\u0001' }).body).toBe('Baris 1\nBaris 2');
    // England's flag ends in tag characters (format characters): they stay. Other astral format
    // characters (a musical symbol's beam start, U+1D173) go.
    const england = '\u{1F3F4}\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}';
    expect(memoInput.parse({ ...memo, subject: `Inggris ${england}\u200B` }).subject).toBe(`Inggris ${england}`);
    expect(memoInput.parse({ ...memo, subject: '\u{1D173}Info\u{1D173}' }).subject).toBe('Info');
    // Spaces inside a text stay, however many.
    expect(memoInput.parse({ ...memo, body: ` A${' '.repeat(1000)}B ` }).body).toBe(`A${' '.repeat(1000)}B`);
  });
  it('keep promotion slots within 1–6', () => {
    const promo = { slot: 1, imageUrl: '', title: 'Promo', descriptionHtml: '' };
    expect(promotionInput.safeParse(promo).success).toBe(true);
    expect(promotionInput.safeParse({ ...promo, slot: 7 }).error?.issues[0]?.message).toBe('Slot harus 1 sampai 6.');
    expect(promotionInput.safeParse({ ...promo, slot: 0 }).success).toBe(false);
  });
  it('keep banner and link positions within 0–999, whole numbers', () => {
    const link = { name: 'Link 1', url: 'https://gelora.example' };
    const banner = { imageUrl: '/banner/banner-1.svg', active: true };
    for (const position of [0, 999]) {
      expect(altLinkInput.safeParse({ ...link, position }).success, String(position)).toBe(true);
      expect(bannerInput.safeParse({ ...banner, position }).success, String(position)).toBe(true);
    }
    for (const position of [-1, 1000, 1.5]) {
      expect(altLinkInput.safeParse({ ...link, position }).error?.issues[0]?.message, String(position)).toBe('Urutan harus angka 0 sampai 999.');
      expect(bannerInput.safeParse({ ...banner, position }).error?.issues[0]?.message, String(position)).toBe('Urutan harus angka 0 sampai 999.');
    }
  });
  it("allow images on the web or the site's own files, never on another host through '//' or '/\\'", () => {
    for (const ok of ['', '/promo/promo-2.svg', 'https://cdn.example/b.png', 'HTTPS://cdn.example/b.png']) expect(imageUrl.safeParse(ok).success, ok).toBe(true);
    // Not http: the pages' CSP (img-src 'self' data: https:) would block it.
    for (const bad of ['http://cdn.example/b.png', '//evil.example/x.png', '/\\evil.example/x.png', '/promo\\..\\x.png', 'javascript:alert(1)', 'promo.png']) {
      expect(imageUrl.safeParse(bad).error?.issues[0]?.message, bad).toBe('Alamat gambar harus diawali https:// atau / (berkas situs).');
    }
  });
  it('allow channel targets on the web, e-mail, phone and Skype only', () => {
    for (const ok of ['', 'https://wa.me/62800', 'mailto:a@b.example', 'tel:+62800', 'skype:gelora?chat']) expect(targetUrl.safeParse(ok).success).toBe(true);
    for (const bad of ['javascript:alert(1)', 'vbscript:x', 'data:text/html,x', 'wa.me/62800']) expect(targetUrl.safeParse(bad).success).toBe(false);
  });
});
