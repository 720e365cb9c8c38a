// The one place the layout's boundaries are written (docs/decisions/0020-boundaries.md). Both checks
// read it: the import rules (.dependency-cruiser.mjs) and the checks an import graph cannot see
// (scripts/check-boundaries.mjs). Paths are relative to the repository root, with forward slashes.

/**
 * The API's feature modules (apps/api/src/modules/<m>/), lowest first: a module may import only
 * modules earlier in this list, so a dependency can never run both ways. Some are named before
 * their folder exists; a folder under modules/ that is missing here fails the check.
 */
export const moduleOrder = [
  'settings',
  'site',
  'subscribers',
  'reviews',
  'messages',
  'auth',
  'idempotency',
  'audit',
  'documents',
  'hostels',
  'rooms',
  'sandbox',
  'payments',
  'refunds',
  'tenancies',
  'hostel-reviews',
  'bookings',
  'receipts',
  'rent',
  'agreements',
  'maintenance',
  'checkout',
  'transfers',
  'reconciliation',
  'users',
  'admin-messages',
  'saved',
  'reports',
  'demo',
  'health',
];

/** Folders of apps/api/src that serve every module and so may know none of them. */
export const apiInfrastructure = [
  'db',
  'lib',
  'config',
  'storage',
  'plugins',
  'jobs',
  'payment-providers',
  // The ledger's invariants read the tables in SQL alone: an operator's check that knows no module.
  'ledger',
];

/** The only folder that may touch the job queue's engine (`.boss`); modules use its enqueue/schedule API. */
export const jobQueueFolder = 'apps/api/src/jobs';

/** Folders of apps/web/src shared by every screen: they know no feature (features/) and no route (app/). */
export const webShared = ['components', 'lib', 'config'];

/**
 * Test and tool code, which may reach anywhere (regular expressions on the repository path). The
 * cycle rule and the web → API and contracts → apps rules still apply to the test code they cover.
 */
export const testCode = [
  '\\.(test|fixtures|test-helpers)\\.tsx?$',
  '^apps/api/test/',
  '^apps/web/src/testing/',
  '^e2e/',
  '^bench/',
];
