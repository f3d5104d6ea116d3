import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ZAcknowledgement,
  ZAuthUser,
  ZChangeEmailResponse,
  ZCheckUsernameResponse,
  ZSetProfileImageResponse,
  type TChangeEmailRequest,
  type TChangePasswordRequest,
  type TUpdateUserRequest,
} from '@app/contracts';
import { apiPatch, apiPost, apiPut } from '@/lib/api-client';
import { authUserQueryOptions, sendWithSession } from '@/lib/session/auth-user-query';

/**
 * PATCH /api/users/{id}: the profile's own fields. docs/product.md §4 "Profile save": the fields refresh from the
 * returned user, which also replaces the cached current user (the nav bar shows it at once).
 */
export function useUpdateProfileMutation(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: TUpdateUserRequest) =>
      sendWithSession(queryClient, () => apiPatch(`/api/users/${encodeURIComponent(userId)}`, changes, ZAuthUser)),
    onSuccess: (user) => queryClient.setQueryData(authUserQueryOptions().queryKey, user),
  });
}

/**
 * POST /api/users/change-email: the new address and the current password. Nothing changes yet: the
 * server emails a link to the new address (and tells the current one); the email moves when it is used.
 */
export function useChangeEmailMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TChangeEmailRequest) =>
      sendWithSession(queryClient, () => apiPost('/api/users/change-email', body, ZChangeEmailResponse)),
  });
}

/** POST /api/users/change-password: this browser stays signed in, every other one is signed out. */
export function useChangePasswordMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TChangePasswordRequest) =>
      sendWithSession(queryClient, () => apiPost('/api/users/change-password', body, ZAcknowledgement)),
  });
}

/** POST /api/users/check-username. */
export function checkUsername(username: string, signal: AbortSignal): Promise<boolean> {
  return apiPost('/api/users/check-username', { username }, ZCheckUsernameResponse, { signal }).then(
    (response) => response.available,
  );
}

/**
 * docs/product.md §7: the checked photo becomes the profile picture (PUT /api/profile-images answers its path),
 * then the path is saved on the user (PATCH), whose answer replaces the cached user (nav bar avatar).
 */
export function useProfilePhotoMutation(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (uploadUrl: string) =>
      sendWithSession(queryClient, async () => {
        const { objectPath } = await apiPut(
          '/api/profile-images',
          { profileImageUrl: uploadUrl },
          ZSetProfileImageResponse,
        );
        return apiPatch(`/api/users/${encodeURIComponent(userId)}`, { profileImageUrl: objectPath }, ZAuthUser);
      }),
    onSuccess: (user) => queryClient.setQueryData(authUserQueryOptions().queryKey, user),
  });
}
