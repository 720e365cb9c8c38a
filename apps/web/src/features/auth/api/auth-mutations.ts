import type {
  ConfirmPasswordResponse,
  LoginResponse,
  Message,
  Signup,
  SignupResponse,
  VerifyEmailResponse,
} from '@studynest/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { saveSession } from '../../../lib/auth-storage.ts';
import { invalidate } from '../../../lib/query-client.ts';
import { dropSignupTicket, keepSignupTicket, signupTicketFor } from './signup-ticket.ts';

/** The answer's ticket is kept for the code screen, to sign her in with the code (ADR 0023). */
export function useSignup() {
  return useMutation({
    mutationFn: (values: Signup) => api<SignupResponse>('/auth/signup', { method: 'POST', body: values }),
    onSuccess: (res) => keepSignupTicket(res.user.email, res.signup_ticket),
  });
}

/** Admins create admins; the users list changes, so it is refetched. */
export function useAdminSignup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: Signup) =>
      api<SignupResponse>('/auth/admin/signup', { method: 'POST', body: values }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['users', 'all'] }),
  });
}

/**
 * Confirms the address, with this tab's sign-up ticket when it has one: then the answer signs her
 * in, and the session is stored as at login.
 */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: { email: string; otp: string }) => {
      const ticket = signupTicketFor(values.email);
      return api<VerifyEmailResponse>('/auth/verify-email-otp', {
        method: 'POST',
        body: ticket ? { ...values, signup_ticket: ticket } : values,
      });
    },
    onSuccess: ({ token, user }) => {
      dropSignupTicket();
      if (token && user) {
        queryClient.clear();
        saveSession({ token, userId: user._id, role: user.role });
        return;
      }
      // A signed-in user verifying from their profile sees the new state there (the code names an
      // e-mail, not a profile id), and an admin's list of accounts shows it too.
      return invalidate(queryClient, ['profile'], ['users', 'all']);
    },
  });
}

export function useResendOtp() {
  return useMutation({
    mutationFn: (email: string) => api<Message>('/auth/resend-otp', { method: 'POST', body: { email } }),
  });
}

/**
 * Logs in and stores the session (token, user id, role); cached data of anyone before is dropped.
 * `totp` is the authenticator code, sent once the server answered `totp_required`.
 */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: { email: string; password: string; totp?: string }) =>
      api<LoginResponse>('/auth/login', { method: 'POST', body: values }),
    onSuccess: ({ token, user }) => {
      queryClient.clear();
      saveSession({ token, userId: user._id, role: user.role });
    },
  });
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: (email: string) => api<Message>('/auth/forgot-password', { method: 'POST', body: { email } }),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (values: { email: string; otp: string; password: string }) =>
      api<Message>('/auth/reset-password', { method: 'POST', body: values }),
  });
}

/** The server signs out every other session of the account; this one keeps working. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (values: { current_password: string; new_password: string }) =>
      api<Message>('/auth/change-password', { method: 'POST', body: values }),
  });
}

/** Proves the person at the keyboard before a sensitive admin action (see useReauth). */
export function useConfirmPassword() {
  return useMutation({
    mutationFn: (password: string) =>
      api<ConfirmPasswordResponse>('/auth/confirm-password', {
        method: 'POST',
        body: { password },
      }),
  });
}
