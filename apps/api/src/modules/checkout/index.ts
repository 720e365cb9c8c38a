// The checkout module's public surface (docs/decisions/0020-boundaries.md): the process that takes
// a payment through the provider and applies it through the owners. It owns no table.

export { startCheckoutJobs } from './checkout.jobs.ts';
export { checkoutRoutes } from './checkout.routes.ts';
export {
  applyProviderResult,
  applySuccess,
  initiateAgentFee,
  initiateCautionFee,
  initiateRent,
  settleFromProvider,
} from './checkout.service.ts';
