// The back office's screens, in menu order, each with the permission that shows it. The navigation
// and the dashboard both list them from here.
import { adminUi } from '../../shared/messages/index.ts';
import { can, type AdminRole, type Permission } from './permissions.ts';

export const ADMIN_SECTIONS: readonly { href: string; label: string; permission: Permission }[] = [
  { href: '/admin/pengaturan', label: adminUi.settings, permission: 'content.read' },
  { href: '/admin/promosi', label: adminUi.promotions, permission: 'content.read' },
  { href: '/admin/banner', label: adminUi.banners, permission: 'content.read' },
  { href: '/admin/kontak', label: adminUi.channels, permission: 'content.read' },
  { href: '/admin/link-alternatif', label: adminUi.altLinks, permission: 'content.read' },
  { href: '/admin/memo', label: adminUi.memos, permission: 'memos.read' },
  { href: '/admin/member', label: adminUi.members, permission: 'members.read' },
  { href: '/admin/pertandingan', label: adminUi.matches, permission: 'matches.read' },
  { href: '/admin/audit', label: adminUi.audit, permission: 'audit.read' },
];

/** The screens a role may open. */
export const sectionsFor = (role: AdminRole) => ADMIN_SECTIONS.filter((s) => can(role, s.permission));
