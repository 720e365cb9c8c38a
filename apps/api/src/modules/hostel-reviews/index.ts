// The hostel-reviews module's public surface (docs/decisions/0020-boundaries.md): tenants' reviews
// of hostels and their reports, which only this module writes (docs/domain.md, "Hostel reviews").
export { hostelReviewsRoutes } from './hostel-reviews.routes.ts';
export { hostelReviewReports, hostelReviews } from './hostel-reviews.schema.ts';
