import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ADMIN_SECTIONS } from '../../src/lib/server/admin/sections.ts';
import { ADMIN_ROLES, PERMISSIONS, can, type Permission } from '../../src/lib/server/admin/permissions.ts';

// The policy, written out: owner everything; editor content and memos; support members,
// read-only elsewhere; the audit log for owners only.
const expected: Record<Permission, Record<(typeof ADMIN_ROLES)[number], boolean>> = {
  'content.read': { owner: true, editor: true, support: true },
  'content.write': { owner: true, editor: true, support: false },
  'settings.integrations': { owner: true, editor: false, support: false },
  'audit.read': { owner: true, editor: false, support: false },
  'members.read': { owner: true, editor: false, support: true },
  'members.write': { owner: true, editor: false, support: true },
  'memos.read': { owner: true, editor: true, support: true },
  'memos.write': { owner: true, editor: true, support: false },
  'matches.read': { owner: true, editor: true, support: true },
  'matches.write': { owner: true, editor: false, support: false },
};

describe('admin permissions', () => {
  it('cover exactly the policy table', () => {
    expect(Object.keys(PERMISSIONS).sort()).toEqual(Object.keys(expected).sort());
  });
  it.each(Object.entries(expected))('%s', (permission, byRole) => {
    for (const role of ADMIN_ROLES) expect(can(role, permission as Permission), role).toBe(byRole[role]);
  });
  it('give the owner every permission', () => {
    for (const permission of Object.keys(PERMISSIONS) as Permission[]) expect(can('owner', permission)).toBe(true);
  });
});

describe('back-office screens', () => {
  // The menu (ADMIN_SECTIONS) and each page's own gate() name a screen's permission: one list must
  // not show a screen its page refuses, nor hide one it serves.
  const pages = path.resolve('src/pages/admin');
  const gated = Object.fromEntries(
    fs
      .readdirSync(pages)
      .filter((f) => f.endsWith('.astro'))
      .flatMap((f) => {
        const permission = /gate\(Astro, 'full', '([a-z.]+)'\)/.exec(fs.readFileSync(path.join(pages, f), 'utf8'))?.[1];
        return permission ? [[`/admin/${f.replace(/\.astro$/, '')}`, permission]] : [];
      }),
  );
  it('are listed in the menu with the permission their page checks, and every gated page is listed', () => {
    expect(Object.fromEntries(ADMIN_SECTIONS.map((s) => [s.href, s.permission]))).toEqual(gated);
  });
});
