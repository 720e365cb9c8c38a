// The sandbox module's public surface: the offline stand-in for Paystack (docs/decisions/0020-boundaries.md).
export {
  createSandboxProvider,
  decideCheckout,
  recordSandboxTransfer,
  SANDBOX_BANK,
} from './sandbox.provider.ts';
export { sandboxRoutes } from './sandbox.routes.ts';
