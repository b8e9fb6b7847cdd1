// Who may do what in the back office. Every admin handler and page asks `can(role, permission)`
// for its own permission; nothing is granted by URL prefix.

export const ADMIN_ROLES = ['owner', 'editor', 'support'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

/**
 * owner: everything. editor: content and memos. support: members, read-only elsewhere.
 * matches.write (manual results) is the owner's alone: a result changes the standings and the
 * predictions' inputs, so it is not a content edit; editor and support see the screen read-only.
 * settings.integrations (the meta tags and the live-chat account) is the owner's too: a
 * site-verification meta tag hands its writer the site's search-console account, and the live-chat
 * id chooses whose script runs on every page and who answers the members' chats.
 */
export const PERMISSIONS = {
  'content.read': ['owner', 'editor', 'support'],
  'content.write': ['owner', 'editor'],
  'settings.integrations': ['owner'],
  'audit.read': ['owner'],
  'members.read': ['owner', 'support'],
  'members.write': ['owner', 'support'],
  'memos.read': ['owner', 'editor', 'support'],
  'memos.write': ['owner', 'editor'],
  'matches.read': ['owner', 'editor', 'support'],
  'matches.write': ['owner'],
} as const satisfies Record<string, readonly AdminRole[]>;

export type Permission = keyof typeof PERMISSIONS;

export function can(role: AdminRole, permission: Permission): boolean {
  return (PERMISSIONS[permission] as readonly AdminRole[]).includes(role);
}

export function isRole(value: string): value is AdminRole {
  return (ADMIN_ROLES as readonly string[]).includes(value);
}
