/**
 * Every schema an endpoint may name, for the server to resolve the catalogue with (see endpoint.ts).
 * It brings zod and every schema: clients never import it, only its type.
 */
export * from '../auth';
export * from '../client';
export * from '../commerce';
export * from '../content';
export * from '../files';
export * from '../grants';
export * from '../messages';
export * from '../phones';
export * from '../promotion';
export * from '../replacement';
export * from '../sdk';
export * from '../transfers';
export * from '../new-machine';
export * from '../templates';
export * from '../sync';
export * from '../discover';
export * from '../analytics';
export * from '../adb-access';
export * from '../console';
export * from '../console-customers';
export * from '../console-clients';
export * from '../console-content';
export * from '../console-dashboard';
export * from '../key-maps';
