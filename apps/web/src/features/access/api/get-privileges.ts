import { roleEndpoints, type SignedInUser } from '@recon/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { readKeys } from '@/lib/reads/read-keys';
import { readJson, writeJson } from '@/lib/storage';

/** Privileges are cached locally so a returning user sees the menu at once while they are fetched again. */
const PRIVILEGES_CACHE_KEY = 'privileges';

type CachedPrivileges = { userId: number; roles: string; codes: string[]; savedAt: number };

function rolesKey(user: SignedInUser): string {
  return [...user.rolesName].sort().join(',');
}

function readCached(user: SignedInUser): CachedPrivileges | undefined {
  const value = readJson(localStorage, PRIVILEGES_CACHE_KEY) as Partial<CachedPrivileges> | undefined;
  if (!value || value.userId !== user.id || value.roles !== rolesKey(user) || !Array.isArray(value.codes))
    return undefined;
  return {
    userId: value.userId,
    roles: value.roles,
    codes: value.codes.map(String),
    savedAt: Number(value.savedAt) || 0,
  };
}

/** GET v2/privileges?Find=ByRole: the codes the user's roles grant; only v2 entries count. */
export async function getPrivileges(user: SignedInUser): Promise<string[]> {
  const { data } = await call(roleEndpoints.privileges);
  const codes = data.filter((p) => p.version === 'v2').map((p) => p.privilegeCode);
  const cached: CachedPrivileges = { userId: user.id, roles: rolesKey(user), codes, savedAt: Date.now() };
  writeJson(localStorage, PRIVILEGES_CACHE_KEY, cached);
  return codes;
}

export function privilegesQuery(user: SignedInUser) {
  const cached = readCached(user);
  return queryOptions({
    queryKey: readKeys.privileges.ofUser(user.id, rolesKey(user)),
    queryFn: () => getPrivileges(user),
    initialData: cached?.codes,
    // The cached copy shows at once but is always checked against the server on start.
    initialDataUpdatedAt: 0,
    staleTime: 5 * 60_000,
    gcTime: Number.POSITIVE_INFINITY,
  });
}

export function usePrivileges(user: SignedInUser) {
  return useQuery(privilegesQuery(user));
}
