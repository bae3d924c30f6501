import type { Endpoint } from '../endpoint';

/** /api/admin/customers: the tenant's customers (issue 63). */

export const search = {
  method: 'GET',
  path: '/api/admin/customers/search',
  access: 'operator',
  console: 'customers.read',
  summary: "The tenant's customers by mobile or UID, newest first",
  query: (s) => s.adminCustomerQuery,
  reply: (s) => s.adminCustomerPageSchema,
} satisfies Endpoint;

export const detail = {
  method: 'GET',
  path: '/api/admin/customers/detail',
  access: 'operator',
  console: 'customers.read',
  summary: 'A customer with what their app shows: phones, grants, transfers and login devices',
  query: (s) => s.adminCustomerIdQuery,
  reply: (s) => s.adminCustomerDetailSchema,
} satisfies Endpoint;

export const setDisabled = {
  method: 'POST',
  path: '/api/admin/customers/set-disabled',
  access: 'operator',
  console: 'customers.write',
  summary: 'Disable a customer (signed out everywhere, sign-in refused) or enable them again',
  body: (s) => s.adminCustomerDisableBody,
  reply: (s) => s.adminCustomerSchema,
} satisfies Endpoint;

export const giveCoupon = {
  method: 'POST',
  path: '/api/admin/customers/give-coupon',
  access: 'operator',
  console: 'customers.write',
  summary: 'Give a customer a coupon',
  body: (s) => s.adminCustomerCouponBody,
  reply: (s, z) => z.null(),
} satisfies Endpoint;
