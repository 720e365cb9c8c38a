// The transfers module's public surface (docs/decisions/0020-boundaries.md): dedicated accounts and
// the bank transfers that reach them, which only this module writes (docs/domain.md, "Bank transfers").
export { transfersRoutes } from './transfers.routes.ts';
export { bankTransfers, dedicatedAccounts } from './transfers.schema.ts';
export {
  handleTransferEvent,
  receiveTransfer,
  settleCreditRefund,
  transfersByReference,
} from './transfers.service.ts';
