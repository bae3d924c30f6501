import type { Endpoint } from '../endpoint';

/** /api/admin/catalogue: grades, packages, prices and stock (issue 62). */

export const grades = {
  method: 'GET',
  path: '/api/admin/catalogue/grades',
  access: 'operator',
  console: 'catalogue.read',
  summary: 'Grades with their day price, stock and packages',
  reply: (s, z) => z.array(s.adminGradeSchema),
} satisfies Endpoint;

export const addPackage = {
  method: 'POST',
  path: '/api/admin/catalogue/add-package',
  access: 'operator',
  console: 'catalogue.write',
  summary: 'Add a package to a grade',
  body: (s) => s.adminPackageBody,
  reply: (s) => s.adminPackageSchema,
} satisfies Endpoint;

export const gradePrice = {
  method: 'PUT',
  path: '/api/admin/catalogue/grade-price',
  access: 'operator',
  console: 'catalogue.write',
  summary: "Set a grade's day price and stock; waiting orders get phones as stock arrives",
  body: (s) => s.adminGradePriceBody,
  reply: (s) => s.adminGradeSchema,
} satisfies Endpoint;
