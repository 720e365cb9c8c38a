/** Company facts shown on public pages. Support contacts come from the server's configuration (see README). */
export const site = {
  company: 'StudyNest Hostels Ltd.',
  postalAddress: '14 Ozolua Road, Ugbowo, Benin City 300283, Edo State, Nigeria',
} as const;
