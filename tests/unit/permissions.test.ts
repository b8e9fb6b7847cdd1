import { describe, expect, it } from 'vitest';
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
