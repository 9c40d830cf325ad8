import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '~/client/lib/api-client';
import { adminUserSchema, type AdminUser } from '~/shared/auth-schemas';

/** GET /api/admin/users. The query key is the API path. */
export const adminUsersQueryKey = ['/api/admin/users'] as const;

export async function fetchAdminUsers(): Promise<AdminUser[]> {
  return z.array(adminUserSchema).parse(await apiRequest<unknown>('GET', adminUsersQueryKey[0]));
}

export const adminUsersQueryOptions = queryOptions({ queryKey: adminUsersQueryKey, queryFn: fetchAdminUsers });

export function useAdminUsers() {
  return useQuery(adminUsersQueryOptions);
}
