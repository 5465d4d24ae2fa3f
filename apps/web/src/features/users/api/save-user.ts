import {
  type AppUserDetail,
  type CreateUserRequest,
  type UpdateUserRequest,
  type UserActivationRequest,
  userEndpoints,
  userTotpEndpoints,
} from '@recon/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { invalidateReads } from '@/lib/reads/read-keys';

/** POST v2/appusers: a new user (the server sends the invitation). */
export async function createUser(body: CreateUserRequest): Promise<AppUserDetail> {
  return call(userEndpoints.create, { body });
}

/** PUT v2/appusers: the user's fields, roles and modules. */
export async function updateUser(body: UpdateUserRequest): Promise<AppUserDetail> {
  return call(userEndpoints.update, { body });
}

/** PUT v2/appusers?Update=UserActivationManagement: enable, disable, or (enable again) unlock. */
export async function setUserActivation(body: UserActivationRequest) {
  return call(userEndpoints.activation, { body });
}

/** DELETE v2/appusers/{id}/totp: the user's authenticator app (a lost phone); sign-in falls back to SMS codes. */
export function useResetAuthenticator(successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(userTotpEndpoints.reset, { params: { id } }),
    meta: { successMessage },
    onSuccess: () => invalidateReads(queryClient, 'users'),
  });
}

/** Saving a user changes the lists of users, the module member lists and the role user counts. */
export function useSaveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateUserRequest | UpdateUserRequest) => ('id' in body ? updateUser(body) : createUser(body)),
    onSuccess: () => invalidateReads(queryClient, 'users', 'roles'),
  });
}

export function useUserActivation(successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserActivation,
    meta: { successMessage },
    onSuccess: () => invalidateReads(queryClient, 'users'),
  });
}
