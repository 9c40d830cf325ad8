import {
  Archive,
  BarChart3,
  CarFront,
  FileSearch,
  Gift,
  ListChecks,
  SquareKanban,
  LayoutDashboard,
  Mail,
  MessageSquareQuote,
  Phone,
  ShieldAlert,
  Truck,
  Users,
  Voicemail,
  type LucideIcon,
} from 'lucide-react';
import { adminPaths } from '../admin-paths';

export type AdminNavItem = {
  to: string;
  label: string;
  /** Drawn beside the name where there is room for it (the dashboard's shortcuts), not in the navigation. */
  icon: LucideIcon;
  end?: boolean;
  /** A number beside the label: what waits there (admin-shell.tsx reads it). */
  count?: 'pendingReviews';
};

/**
 * The back-office areas that exist, in the one navigation (admin-shell.tsx). Each area's name is
 * the one every link to it uses (the dashboard's shortcuts too) and its page's title and heading
 * say (issue 31). Later areas add themselves here.
 */
export const adminNavItems: AdminNavItem[] = [
  { to: adminPaths.dashboard, label: 'Dashboard', icon: LayoutDashboard, end: true },
  { to: adminPaths.board, label: 'Board', icon: SquareKanban },
  { to: adminPaths.collections, label: 'Collections', icon: Truck },
  { to: adminPaths.vouchers, label: 'Vouchers', icon: Gift },
  { to: adminPaths.deductions, label: 'Deductions', icon: ListChecks },
  { to: adminPaths.archived, label: 'Archived', icon: Archive },
  { to: adminPaths.reviews, label: 'Reviews', icon: MessageSquareQuote, count: 'pendingReviews' },
  { to: adminPaths.complaints, label: 'Complaints', icon: ShieldAlert },
  { to: adminPaths.dataRequests, label: 'Data requests', icon: FileSearch },
  { to: adminPaths.purchasedVehicles, label: 'Purchased vehicles', icon: CarFront },
  { to: adminPaths.users, label: 'Users', icon: Users },
  { to: adminPaths.messages, label: 'Messages', icon: Mail },
  { to: adminPaths.calls, label: 'Calls', icon: Phone },
  { to: adminPaths.voiceMessages, label: 'Voice messages', icon: Voicemail },
  { to: adminPaths.analytics, label: 'Analytics', icon: BarChart3 },
];

/** The navigation's item for an area's address: its name and icon, for other links to it. */
export function adminNavItem(to: string): AdminNavItem {
  const item = adminNavItems.find((candidate) => candidate.to === to);
  if (!item) throw new Error(`No back-office area at ${to}`);
  return item;
}
