/**
 * The demo's published accounts (README): what the demo seed makes and what the e2e tests and sweeps sign
 * in with, in a module of their own so a test imports them without the server.
 */

/** The demo account of DESIGN §6, on client `demo` only. */
export const DEMO_USER = { mobile: '13800000000', password: 'demo1234', nickname: 'Demo' };

/**
 * The demo tenant's console owner (issue 62), at /console/: its authenticator secret is fixed and
 * published (README), as the demo user's password is — a demo's, never a merchant's.
 */
export const DEMO_OPERATOR = {
  tenantId: 1,
  login: 'owner',
  password: 'demo-owner-1',
  totpSecret: 'CLOUDPHONEDEMO234567OPERATORKEYS',
} as const;

/**
 * The demo platform's operator (issue 63): of no merchant, it runs the device hosts (and works on the
 * merchant it names); its secret is published like the owner's — a demo's, to be disabled in production.
 */
export const DEMO_PLATFORM_OPERATOR = {
  tenantId: null,
  login: 'platform',
  password: 'demo-platform-1',
  totpSecret: 'CLOUDPHONEDEMO234567PLATFORMKEYS',
} as const;
