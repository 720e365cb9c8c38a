import { ReceiptScreen } from '../../features/payments/components/receipt-screen.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

export function Component() {
  useDocumentTitle('Receipt');
  return <ReceiptScreen kind="agent_fee" />;
}
