import { describe, expect, it } from 'vitest';
import { adminLoginHref, adminReturnPath } from '../../src/lib/shared/admin-return.ts';

describe('adminReturnPath: where an admin goes back to after signing in', () => {
  it('keeps a back-office page with its query', () => {
    expect(adminReturnPath('/admin')).toBe('/admin');
    expect(adminReturnPath('/admin/member?id=7')).toBe('/admin/member?id=7');
    expect(adminReturnPath('/admin/audit?page=2&x=%20y')).toBe('/admin/audit?page=2&x=%20y');
    expect(adminReturnPath('/admin/promosi/')).toBe('/admin/promosi');
  });

  it('drops a fragment', () => {
    expect(adminReturnPath('/admin/memo#daftar')).toBe('/admin/memo');
  });

  it('refuses any other site, page or spelling that leaves the back office', () => {
    for (const bad of [
      'https://evil.example/admin',
      '//evil.example/admin',
      '/\\evil.example/admin',
      '\\\\evil.example',
      'javascript:alert(1)',
      '/',
      '/lobby',
      '/administrator',
      '/admin/../lobby',
      '/admin/%2e%2e/lobby',
      '/admin\n/x',
      'admin/member',
      '',
      '/admin/' + 'x'.repeat(600),
    ]) {
      expect(adminReturnPath(bad), JSON.stringify(bad)).toBeNull();
    }
    for (const notText of [null, undefined, 7, ['/admin']]) expect(adminReturnPath(notText)).toBeNull();
  });

  it('refuses the sign-in steps themselves', () => {
    for (const step of ['/admin/login', '/admin/login?next=/admin', '/admin/2fa', '/admin/password/']) expect(adminReturnPath(step), step).toBeNull();
  });

  it('builds the sign-in address: ?next= only for a page other than the dashboard', () => {
    expect(adminLoginHref('/admin/member?id=7')).toBe('/admin/login?next=%2Fadmin%2Fmember%3Fid%3D7');
    expect(adminLoginHref('/admin')).toBe('/admin/login');
    expect(adminLoginHref('/admin/password')).toBe('/admin/login');
  });
});
