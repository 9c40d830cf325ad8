import {
  Archive,
  BarChart3,
  CarFront,
  FileSearch,
  LayoutDashboard,
  Mail,
  MessageSquareQuote,
  Phone,
  ShieldAlert,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { adminPaths } from '../admin-paths';

export type AdminNavItem = {
  to: string;
  label: string;
  icon: LucideIcon;
  end?: boolean;
  /** A number beside the label: what waits there (admin-shell.tsx reads it). */
  count?: 'pendingReviews';
};

/** The back-office areas that exist. Later areas add themselves here. */
export const adminNavItems: AdminNavItem[] = [
  { to: adminPaths.dashboard, label: 'Dashboard', icon: LayoutDashboard, end: true },
  { to: adminPaths.archived, label: 'Archived', icon: Archive },
  { to: adminPaths.reviews, label: 'Reviews', icon: MessageSquareQuote, count: 'pendingReviews' },
  { to: adminPaths.complaints, label: 'Complaints', icon: ShieldAlert },
  { to: adminPaths.dataRequests, label: 'Data requests', icon: FileSearch },
  { to: adminPaths.purchasedVehicles, label: 'Vehicles', icon: CarFront },
  { to: adminPaths.users, label: 'Users', icon: Users },
  { to: adminPaths.messages, label: 'Messages', icon: Mail },
  { to: adminPaths.calls, label: 'Calls', icon: Phone },
  { to: adminPaths.analytics, label: 'Analytics', icon: BarChart3 },
];
