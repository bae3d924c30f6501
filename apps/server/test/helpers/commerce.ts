import type { Order, OrderRequest, Package, Product, Quote } from '@cloudphone/contracts/commerce';
import type { Coupon } from '@cloudphone/contracts/promotion';
import { codeOf, dataOf } from './requests';
import type { PhoneContext } from './phones';

export const ORDER = '/api/trade/order';
export const PAY = '/api/trade/pay';
export const CODES = '/api/promotion/activation-code';
export const COUPONS = '/api/promotion/coupon';

/** A purchase of phones of a package, with a coupon or none. */
export const buyOf = (product: Product, pkg: Package, deviceCount = 1, couponId: number | null = null) => ({
  skuType: 'buy' as const,
  gradeId: product.gradeId,
  packageId: pkg.packageId,
  deviceCount,
  couponId,
});

/** Commerce calls as one user (the demo user unless a token is given), on a phone app. */
export function commerceClient(t: PhoneContext) {
  const c = {
    products: async (usage: 'buy' | 'renew' = 'buy') =>
      dataOf<Product[]>(await t.call('GET', `/api/trade/product/list?usage=${usage}`)),
    /** The package of `days` days (not the trial) of a demo grade. */
    packageOf: async (grade: 'standard' | 'advanced' | 'flagship', days: number) => {
      const product = (await c.products()).find((p) => p.code === grade)!;
      return { product, pkg: product.packages.find((p) => p.durationDays === days && !p.trial)! };
    },
    quote: (body: OrderRequest, token?: string) => t.call('POST', `${ORDER}/quote`, { token, payload: body }),
    create: (body: OrderRequest, token?: string) => t.call('POST', `${ORDER}/create`, { token, payload: body }),
    placed: async (body: OrderRequest, token?: string) => dataOf<Order>(await c.create(body, token)),
    quoted: async (body: OrderRequest, token?: string) => dataOf<Quote>(await c.quote(body, token)),
    get: async (orderNo: string, token?: string) =>
      dataOf<Order>(await t.call('GET', `${ORDER}/get?orderNo=${orderNo}`, { token })),
    submit: (orderNo: string, token?: string) =>
      t.call('POST', `${PAY}/submit`, { token, payload: { orderNo, payType: 'simulated' } }),
    /** Starts simulated pay and presses Pay (or Cancel). */
    simulate: async (orderNo: string, outcome: 'success' | 'cancel' = 'success', token?: string) => {
      const start = dataOf<{ simulateToken: string }>(
        await t.call('POST', `${PAY}/submit`, { token, payload: { orderNo, payType: 'simulated' } }),
      );
      return t.call('POST', `${PAY}/simulate`, {
        token,
        payload: { orderNo, simulateToken: start.simulateToken, outcome },
      });
    },
    paid: async (body: OrderRequest, token?: string) => {
      const order = await c.placed(body, token);
      const reply = await c.simulate(order.orderNo, 'success', token);
      if (codeOf(reply) !== 0) throw new Error(`payment refused: ${reply.body}`);
      return dataOf<Order>(reply);
    },
    coupons: async (state?: string, token?: string) =>
      dataOf<Coupon[]>(await t.call('GET', `${COUPONS}/list${state ? `?state=${state}` : ''}`, { token })),
    couponNamed: async (name: string) => (await c.coupons()).find((x) => x.name === name)!,
    activate: (codes: string[], usage: 'buy' | 'renew', userPhoneIds: number[] = [], token?: string) =>
      t.call('POST', `${CODES}/activate`, { token, payload: { codes, usage, userPhoneIds } }),
    /** Activation codes made as the admin CLI makes them. */
    generate: async (packageId: number, usage: 'buy' | 'renew' | 'both', count: number, validDays = 30) =>
      (await t.app.services.activationCodes.generate(t.me.tenantId, { packageId, usage, count, validDays })).codes,
  };
  return c;
}
