// URL numbers read as plain digits only, and request paths sent back as same-site links.
import { describe, expect, it } from 'vitest';
import { pageQuery, urlNumber } from '../../src/lib/shared/schemas/url-number.ts';
import { readUrlNumber } from '../../src/lib/shared/url-number.ts';
import * as prediksiForm from '../../src/lib/shared/football/prediksi-form.ts';
import * as standingsForm from '../../src/lib/shared/football/standings-form.ts';
import { ownPath } from '../../src/lib/server/own-path.ts';

const LOOSE = ['0x10', '1e1', '+1', '-1', ' 1', '1 ', '1.0', '0b1', '0o7', 'Infinity', '', '٣'];

describe('URL numbers', () => {
  it('takes plain digits within the range and nothing written any other way', () => {
    expect(readUrlNumber('16')).toBe(16);
    expect(readUrlNumber('0', { min: 0 })).toBe(0);
    expect(readUrlNumber('2147483647')).toBe(2_147_483_647);
    for (const v of [...LOOSE, '0', '2147483648', '99999999999', null, undefined, 16]) expect(readUrlNumber(v), String(v)).toBeUndefined();
    const schema = urlNumber('Nomor data tidak valid.');
    for (const v of LOOSE) expect(schema.safeParse(v).error?.issues[0]?.message, v).toBe('Nomor data tidak valid.');
  });

  it('reads a list page number (memos, account activity) from the query string, 1 when absent', () => {
    expect(pageQuery.parse({})).toEqual({ page: 1 });
    expect(pageQuery.parse({ page: '3' })).toEqual({ page: 3 });
    expect(pageQuery.parse({ page: '100000' })).toEqual({ page: 100_000 });
    for (const page of ['0', '-1', '1.5', 'abc', '', '100001']) expect(pageQuery.safeParse({ page }).error?.issues[0]?.message, page).toBe('Nomor halaman tidak valid.');
  });

  it('reads the /prediksi league and row count the same way', () => {
    const read = (q: string) => prediksiForm.read(new URLSearchParams(q), '2026-11-21');
    expect(read('liga=152').leagueId).toBe(152);
    for (const liga of ['0x98', '1.52e2', '+152', '152.0']) expect(read(`liga=${encodeURIComponent(liga)}`).leagueId, liga).toBeUndefined();
    expect(read('tampil=100').shown).toBe(100);
    expect(read('tampil=1e3').shown).toBe(50);
  });
});

describe('standings form', () => {
  const read = (q: string) => standingsForm.read(new URLSearchParams(q), '/klasemenhome');

  it('reads the league and season of a link, dropping a bad one alone', () => {
    expect(read('league=175&season=2023-24')).toEqual({ league: 175, leagueAsked: true, season: '2023-24', redirect: undefined });
    expect(read('league=0x98&season=2023-24')).toEqual({ league: 152, leagueAsked: false, season: '2023-24', redirect: undefined });
    expect(read('league=175&season=20-21')).toEqual({ league: 175, leagueAsked: true, season: undefined, redirect: undefined });
    // No league in the address: the default one, not asked for.
    expect(read('')).toEqual({ league: 152, leagueAsked: false, season: undefined, redirect: undefined });
  });

  it('sends a submission without JavaScript to the plain link: a new league without the old league\'s season', () => {
    expect(read('league=175&season=2026-27&asal=152').redirect).toBe('/klasemenhome?league=175');
    expect(read('league=152&season=2023-24&asal=152').redirect).toBe('/klasemenhome?league=152&season=2023-24');
    expect(read('league=152&season=20-21&asal=152').redirect).toBe('/klasemenhome?league=152');
    expect(read('league=152&season=2023-24&asal=x').redirect).toBe('/klasemenhome?league=152');
    expect(read('league=x&season=2023-24&asal=152').redirect).toBe('/klasemenhome');
  });
});

describe('ownPath', () => {
  it('keeps a path and query of this site as they are', () => {
    expect(ownPath('/match/12?tab=prediksi')).toBe('/match/12?tab=prediksi');
    expect(ownPath('/')).toBe('/');
  });
  it('never names another site: leading slashes and backslashes become one slash', () => {
    for (const target of ['//jahat.example/x', '/\\jahat.example/x', '\\\\jahat.example/x', '///jahat.example/x']) {
      expect(ownPath(target), target).toBe('/jahat.example/x');
      expect(new URL(ownPath(target), 'https://gelora.test').host, target).toBe('gelora.test');
    }
  });
  it('keeps only the path and query of a target in absolute form, and sends anything else home', () => {
    expect(ownPath('http://jahat.example/x?y=1')).toBe('/x?y=1');
    expect(ownPath('https://jahat.example//evil.example/x')).toBe('/evil.example/x');
    expect(ownPath('*')).toBe('/');
    expect(ownPath('javascript:alert(1)')).toBe('/alert(1)');
  });
});
