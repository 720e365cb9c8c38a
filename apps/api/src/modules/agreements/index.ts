// The agreements module's public surface (docs/decisions/0020-boundaries.md): the tenancy agreement
// made for each rent, its acceptance and the signed copy (docs/domain.md, "Tenancy agreement").
// It owns the tenancy_agreements table.
export { agreementPageRoutes, agreementsRoutes } from './agreements.routes.ts';
export { tenancyAgreements } from './agreements.schema.ts';
export { agreementsExportOf, requireAcceptedAgreement } from './agreements.service.ts';
