import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { QueryError } from '../../../components/ui/alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { messageQueries } from '../../../features/messages/api/message-queries.ts';
import { MessageLogTable } from '../../../features/messages/components/message-log-table.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { ChannelButtons, type ComposeTarget, useComposeMessage } from '../../compose-message.tsx';
import { useHostelNames } from '../../hostel-names.ts';

const toAllTenants = (channel: 'email' | 'sms'): ComposeTarget => ({
  channel,
  audience: { type: 'tenants' },
  audienceLabel: 'All current tenants',
  chooseTenantsOrArrears: true,
});

/** /admin-messages: every e-mail and text admins sent, newest first; `?compose=` opens Send Email/SMS. */
export function Component() {
  useDocumentTitle('Message log');
  const messages = useQuery(messageQueries.list());
  const hostelName = useHostelNames();
  const { compose, dialog } = useComposeMessage();
  const [params, setParams] = useSearchParams();
  const requested = params.get('compose');

  // The admin menu's Send Email / Send SMS land here: open the dialog once, then drop the parameter
  // so a reload or Back does not open it again.
  useEffect(() => {
    if (requested !== 'email' && requested !== 'sms') return;
    compose(toAllTenants(requested));
    setParams({}, { replace: true });
  }, [requested, compose, setParams]);

  return (
    <section className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl">Message log</h1>
          <p className="text-sm text-muted">E-mails and texts sent to tenants, newest first (Lagos time).</p>
        </div>
        <ChannelButtons onPick={(channel) => compose(toAllTenants(channel))} />
      </div>
      {messages.isPending && <Spinner label="Loading messages…" />}
      {messages.isError && <QueryError error={messages.error} retry={() => messages.refetch()} />}
      {messages.data && <MessageLogTable messages={messages.data} hostelName={hostelName} />}
      {dialog}
    </section>
  );
}
