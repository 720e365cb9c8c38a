/** Every route of the app in one place: `path` for the router, `getHref` for links. */
export const paths = {
  home: { path: '/', getHref: () => '/' },
  about: { path: '/about', getHref: () => '/about' },
  careers: { path: '/job-vacancy', getHref: () => '/job-vacancy' },
  terms: { path: '/terms-conditions', getHref: () => '/terms-conditions' },
  privacy: { path: '/privacy-policy', getHref: () => '/privacy-policy' },
  help: {
    path: '/help-support',
    getHref: (section?: string) => `/help-support${section ? `#${section}` : ''}`,
  },
  /** `next`: where to go once signed in (a same-site path, lib/next-path.ts), kept through sign-up. */
  login: { path: '/login', getHref: (next?: string) => withQuery('/login', nextQuery(next)) },
  signUp: { path: '/sign-up', getHref: (next?: string) => withQuery('/sign-up', nextQuery(next)) },
  signUpOtp: {
    path: '/sign-up-otp',
    getHref: (email?: string, next?: string) =>
      withQuery('/sign-up-otp', email ? `email=${encodeURIComponent(email)}` : '', nextQuery(next)),
  },
  forgotPassword: { path: '/forgot-pass-email', getHref: () => '/forgot-pass-email' },
  resetPassword: {
    path: '/forgot-pass-otp',
    getHref: (email?: string) => `/forgot-pass-otp${email ? `?email=${encodeURIComponent(email)}` : ''}`,
  },
  review: { path: '/review', getHref: () => '/review' },
  /** A tenant's reviews of the hostels she has rented in (not the site feedback at /review). */
  reviewHostel: { path: '/review-hostel', getHref: () => '/review-hostel' },
  hostels: {
    path: '/hostels',
    getHref: (search?: URLSearchParams) => `/hostels${search?.size ? `?${search}` : ''}`,
  },
  hostel: {
    path: '/hostel/:hostelId',
    /** `budget`: the search's rent ceiling, so the rooms within it come first. */
    getHref: (id: string, budget?: string | null) =>
      `/hostel/${id}${budget ? `?max_price=${encodeURIComponent(budget)}` : ''}`,
  },
  bookInspection: { path: '/book-inspection/:roomId', getHref: (id: string) => `/book-inspection/${id}` },
  receipt: { path: '/receipt-page', getHref: () => '/receipt-page' },
  rentReceipt: { path: '/rent-receipt', getHref: () => '/rent-receipt' },
  /** Rent in parts: choosing a plan for a year not started, and the running year's parts. */
  rentPlan: { path: '/rent-plan', getHref: () => '/rent-plan' },
  profile: { path: '/profile/:userId', getHref: (id: string) => `/profile/${id}` },
  /** The tenancy agreement for the rent of this room (first rent or renewal). */
  tenancyAgreement: {
    path: '/tenancy-agreement/:roomId',
    getHref: (roomId: string) => `/tenancy-agreement/${roomId}`,
  },
  /** The tenant's record of her room's condition at move-in, for an admin to confirm. */
  roomCondition: { path: '/room-condition', getHref: () => '/room-condition' },
  accountSecurity: { path: '/account-security', getHref: () => '/account-security' },
  saved: { path: '/saved', getHref: () => '/saved' },
  /** Her own account number to pay into by bank transfer, and transfers held as her credit. */
  bankTransfer: { path: '/bank-transfer', getHref: () => '/bank-transfer' },
  /** A student's documents: upload, and what an admin decided. */
  documents: { path: '/documents', getHref: () => '/documents' },
  admin: {
    dashboard: { path: '/admin-dashboard', getHref: () => '/admin-dashboard' },
    tenants: { path: '/admin-tenants', getHref: () => '/admin-tenants' },
    hostels: { path: '/all-hostels', getHref: () => '/all-hostels' },
    addRoom: { path: '/add-room/:hostelId', getHref: (id: string) => `/add-room/${id}` },
    rooms: { path: '/all-rooms', getHref: () => '/all-rooms' },
    updateRoom: { path: '/update-room/:roomId', getHref: (id: string) => `/update-room/${id}` },
    createHostel: { path: '/create-hostel', getHref: () => '/create-hostel' },
    updateHostel: { path: '/update-hostel/:hostelId', getHref: (id: string) => `/update-hostel/${id}` },
    signUp: { path: '/admin-sign-up', getHref: () => '/admin-sign-up' },
    users: { path: '/all-users', getHref: () => '/all-users' },
    bookings: { path: '/all-bookings', getHref: () => '/all-bookings' },
    reviews: { path: '/all-reviews', getHref: () => '/all-reviews' },
    security: { path: '/admin-security', getHref: () => '/admin-security' },
    activity: { path: '/admin-activity', getHref: () => '/admin-activity' },
    settings: { path: '/admin-settings', getHref: () => '/admin-settings' },
    arrears: { path: '/admin-arrears', getHref: () => '/admin-arrears' },
    refunds: { path: '/admin-refunds', getHref: () => '/admin-refunds' },
    /** Transfers held as students' credit; `?status=allocated|refunded` shows the settled ones. */
    credits: { path: '/admin-credits', getHref: () => '/admin-credits' },
    /** `runId` opens that run's differences (the dashboard's notice); else the newest run. */
    reconciliation: {
      path: '/admin-reconciliation',
      getHref: (runId?: string) => `/admin-reconciliation${runId ? `?run=${encodeURIComponent(runId)}` : ''}`,
    },
    reports: { path: '/admin-reports', getHref: () => '/admin-reports' },
    hostelReviews: { path: '/admin-hostel-reviews', getHref: () => '/admin-hostel-reviews' },
    maintenance: { path: '/admin-maintenance', getHref: () => '/admin-maintenance' },
    documents: { path: '/admin-documents', getHref: () => '/admin-documents' },
    /** `compose` opens Send Email / Send SMS to all current tenants on arrival (the admin menu's buttons). */
    messages: {
      path: '/admin-messages',
      getHref: (compose?: 'email' | 'sms') => `/admin-messages${compose ? `?compose=${compose}` : ''}`,
    },
    message: { path: '/admin-messages/:messageId', getHref: (id: string) => `/admin-messages/${id}` },
  },
} as const;

/** `path?a&b`, leaving out the empty parts (and the `?` when all are). */
function withQuery(path: string, ...parts: string[]) {
  const query = parts.filter(Boolean).join('&');
  return query ? `${path}?${query}` : path;
}

const nextQuery = (next: string | undefined) => (next ? `next=${encodeURIComponent(next)}` : '');
