import type { Message } from '@studynest/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { CardSection } from '../../../components/ui/card-section.tsx';
import { TextField } from '../../../components/ui/form-field.tsx';
import { ConfirmDialog } from '../../../components/ui/modal.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError, api } from '../../../lib/api-client.ts';
import { clearSession } from '../../../lib/auth-storage.ts';

/**
 * "Delete my account" (POST /auth/delete-account): the password typed again, then a dialog that
 * says what goes and what stays. The server says why it must wait (renting, booked, owed money).
 */
export function DeleteAccount() {
  const queryClient = useQueryClient();
  const [password, setPassword] = useState('');
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const remove = useMutation({
    mutationFn: () => api<Message>('/auth/delete-account', { method: 'POST', body: { password } }),
    onSuccess: () => {
      clearSession();
      queryClient.clear();
      // A fresh start on the home page: a request of the account page that meets the ended session
      // (or its own guard) may already have sent her to Log in, which would be the wrong place.
      window.location.replace(paths.home.getHref());
    },
  });

  const confirm = async () => {
    setError(null);
    try {
      await remove.mutateAsync();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Something went wrong. Please try again.');
    } finally {
      setAsking(false);
    }
  };

  return (
    <CardSection
      title="Delete my account"
      intro="Your name, e-mail, phone, documents and the photos you sent with repair requests are removed. Payment records and receipts are kept for six years, as the law asks, without your name; your signed tenancy agreements and your room's condition report stay with them as the record of your tenancy."
      roomy
    >
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          setError(null);
          if (!password) setError('Enter your password to delete your account');
          else setAsking(true);
        }}
      >
        <TextField
          label="Your password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        {error && <Alert tone="error">{error}</Alert>}
        <div>
          <button type="submit" className="btn-danger w-full sm:w-auto" disabled={remove.isPending}>
            Delete my account
          </button>
        </div>
      </form>
      <ConfirmDialog
        open={asking}
        title="Delete your account?"
        message="This cannot be undone. You will be signed out on every device."
        confirmLabel="Delete my account"
        keepLabel="Keep my account"
        busy={remove.isPending}
        onConfirm={confirm}
        onCancel={() => setAsking(false)}
      />
    </CardSection>
  );
}
