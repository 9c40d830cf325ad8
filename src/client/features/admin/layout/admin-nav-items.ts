import { Archive, LayoutDashboard, Mail, Users, type LucideIcon } from 'lucide-react';
import { adminPaths } from '../admin-paths';

export type AdminNavItem = { to: string; label: string; icon: LucideIcon; end?: boolean };

/** The back-office areas that exist. Later areas add themselves here. */
export const adminNavItems: AdminNavItem[] = [
  { to: adminPaths.dashboard, label: 'Dashboard', icon: LayoutDashboard, end: true },
  { to: adminPaths.archived, label: 'Archived', icon: Archive },
  { to: adminPaths.users, label: 'Users', icon: Users },
  { to: adminPaths.messages, label: 'Messages', icon: Mail },
];
