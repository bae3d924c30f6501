import { PACKAGE_USAGES, type PackageUsage } from '@cloudphone/contracts/commerce';
import { COUPON_KINDS, couponSpecSchema } from '@cloudphone/contracts/promotion';
import { mobileSchema } from '@cloudphone/contracts/validation';
import type { Command, CliArgs } from './command';
import { catalogueText, oneOf, printedText, required, UsageError } from './command';
import type { CliContext } from './context';
import { cliActor } from './console.commands';

function wholeNumber(args: CliArgs, name: string, fallback?: number): number {
  const raw = args[name] ?? (fallback === undefined ? required(args, name) : String(fallback));
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new UsageError(`--${name} must be a whole number`);
  return value;
}

async function tenantOf({ services }: CliContext, args: CliArgs): Promise<number> {
  return (await services.tenantAdmin.clientByNo(required(args, 'client-no'))).tenantId;
}

async function gradeOf(ctx: CliContext, tenantId: number, code: string) {
  const grade = await ctx.repos.catalogue.gradeByCode(tenantId, code);
  if (!grade)
    throw new UsageError(
      `no grade ${code}; grades: ${(await ctx.repos.catalogue.grades(tenantId)).map((g) => g.code).join(', ')}`,
    );
  return grade;
}

/** What is sold, stock, codes, coupons and refunds (spec §1 commerce, issue "admin CLI"). */
export const commerceCommands: Command[] = [
  {
    name: 'package:list',
    usage: 'package:list --client-no NO',
    summary: 'grades with day price and stock, and their packages',
    run: async (ctx, args) => {
      const tenantId = await tenantOf(ctx, args);
      const packages = await ctx.repos.catalogue.packages(tenantId);
      for (const g of await ctx.repos.catalogue.grades(tenantId)) {
        ctx.print(`${g.code}\t${printedText(g.name)}\tday ${g.dayPriceCents}¢\tstock ${g.stock ?? 'unlimited'}`);
        for (const p of packages.filter((p) => p.gradeId === g.gradeId))
          ctx.print(
            `  #${p.packageId}\t${printedText(p.name)}\t${p.durationDays}d\t${p.priceCents}¢\t${p.usage}${p.trial ? '\ttrial' : ''}`,
          );
      }
    },
  },
  {
    name: 'package:add',
    usage:
      'package:add --client-no NO --grade CODE (--name NAME | --name-zh 名称 --name-en NAME) --days D --price CENTS [--usage buy|renew|both] [--trial]',
    summary: 'add a package to a grade, named in both languages (or one name for both)',
    run: async (ctx, args) => {
      const tenantId = await tenantOf(ctx, args);
      const grade = await gradeOf(ctx, tenantId, required(args, 'grade'));
      const days = wholeNumber(args, 'days');
      if (days < 1) throw new UsageError('--days must be at least 1');
      const { packageId } = await ctx.services.consoleCommerce.addPackage(cliActor(), tenantId, {
        gradeId: grade.gradeId,
        name: catalogueText(args, 'name'),
        durationDays: days,
        priceCents: wholeNumber(args, 'price'),
        usage: oneOf<PackageUsage>(args.usage ?? 'both', PACKAGE_USAGES, 'usage'),
        trial: args.trial === 'true',
      });
      ctx.print(`package #${packageId}`);
    },
  },
  {
    name: 'catalogue:name',
    usage:
      'catalogue:name --client-no NO (--grade CODE | --package-id N) (--name NAME | --name-zh 名称 --name-en NAME)',
    summary: 'rename a grade or a package, in both languages',
    run: async (ctx, args) => {
      const tenantId = await tenantOf(ctx, args);
      const name = catalogueText(args, 'name');
      if (args.grade) {
        await ctx.repos.catalogue.renameGrade((await gradeOf(ctx, tenantId, args.grade)).gradeId, name);
      } else {
        const pkg = await ctx.repos.catalogue.package(wholeNumber(args, 'package-id'));
        if (!pkg || pkg.tenantId !== tenantId) throw new UsageError('no such package on this client');
        await ctx.repos.catalogue.renamePackage(pkg.packageId, name);
      }
      ctx.print(`named ${printedText(name)}`);
    },
  },
  {
    name: 'grade:price',
    usage: 'grade:price --client-no NO --grade CODE [--day-price CENTS] [--stock N|unlimited]',
    summary: "set a grade's price of a day (for upgrades) and its stock; waiting purchases get phones as stock arrives",
    run: async (ctx, args) => {
      const tenantId = await tenantOf(ctx, args);
      const grade = await gradeOf(ctx, tenantId, required(args, 'grade'));
      const { allocated } = await ctx.services.consoleCommerce.setPricing(cliActor(), tenantId, grade.gradeId, {
        dayPriceCents: args['day-price'] === undefined ? undefined : wholeNumber(args, 'day-price'),
        stock: args.stock === undefined ? undefined : args.stock === 'unlimited' ? null : wholeNumber(args, 'stock'),
      });
      ctx.print(`${grade.code} updated; ${allocated} waiting order(s) allocated`);
    },
  },
  {
    name: 'codes:generate',
    usage: 'codes:generate --client-no NO --package-id N [--usage buy|renew|both] [--count N] [--days D]',
    summary: 'make activation codes for a package, printed as CSV',
    run: async (ctx, args) => {
      const tenantId = await tenantOf(ctx, args);
      const count = wholeNumber(args, 'count', 10);
      if (count < 1 || count > 10_000) throw new UsageError('--count must be 1 to 10000');
      const { batchNo, codes } = await ctx.services.consoleCodes.generate(cliActor(), tenantId, {
        packageId: wholeNumber(args, 'package-id'),
        usage: oneOf<PackageUsage>(args.usage ?? 'both', PACKAGE_USAGES, 'usage'),
        count,
        validDays: wholeNumber(args, 'days', 365),
      });
      ctx.print('code,batch');
      for (const code of codes) ctx.print(`${code},${batchNo}`);
    },
  },
  {
    name: 'codes:void',
    usage: 'codes:void --client-no NO (--batch BATCH | --codes CODE,CODE…)',
    summary: "void a batch's unused activation codes, or the unused ones listed",
    run: async (ctx, args) => {
      const tenantId = await tenantOf(ctx, args);
      if ((args.batch === undefined) === (args.codes === undefined)) throw new UsageError('give --batch or --codes');
      const { voided } = await ctx.services.consoleCodes.voidCodes(
        cliActor(),
        tenantId,
        args.batch !== undefined ? { batchNo: args.batch } : { codes: args.codes!.split(',').filter(Boolean) },
      );
      ctx.print(`${voided} code(s) voided`);
    },
  },
  {
    name: 'redeem-codes:generate',
    usage:
      'redeem-codes:generate --client-no NO --coupon JSON [--count N] [--days D]  (the JSON\'s "name" is a text or {"zh-CN": …, "en-US": …})',
    summary: 'make redeem codes (20 characters) that each give the coupon, printed as CSV',
    run: async (ctx, args) => {
      const tenantId = await tenantOf(ctx, args);
      const coupon = couponSpecSchema.parse(JSON.parse(required(args, 'coupon')));
      const count = wholeNumber(args, 'count', 10);
      const codes = Array.from({ length: count }, () => ctx.services.activationCodes.randomCode(20).toUpperCase());
      const now = ctx.services.clock.now();
      await ctx.repos.redeemCodes.create(codes, {
        tenantId,
        coupons: [coupon],
        validUntil: now + wholeNumber(args, 'days', 365) * 86_400_000,
        at: now,
      });
      ctx.print('code');
      for (const code of codes) ctx.print(code);
    },
  },
  {
    name: 'coupon:give',
    usage: `coupon:give --client-no NO --mobile MOBILE --kind ${COUPON_KINDS.join('|')} (--name NAME | --name-zh 名称 --name-en NAME) [--amount CENTS] [--rate PERCENT] [--max-discount CENTS] [--extension-days D] [--min-amount CENTS] [--starts-after-days D] [--valid-days D]`,
    summary: 'give a user a coupon',
    run: async (ctx, args) => {
      const tenantId = await tenantOf(ctx, args);
      const mobile = required(args, 'mobile');
      if (!mobileSchema.safeParse(mobile).success) throw new UsageError(`not a mobile number: ${mobile}`);
      const user = await ctx.repos.users.findByMobile(tenantId, mobile);
      if (!user) throw new UsageError('no user with that mobile on this client');
      const optional = (name: string) => (args[name] === undefined ? undefined : wholeNumber(args, name));
      const spec = couponSpecSchema.parse({
        kind: oneOf(required(args, 'kind'), COUPON_KINDS, 'kind'),
        name: catalogueText(args, 'name'),
        amountCents: optional('amount'),
        ratePercent: optional('rate'),
        maxDiscountCents: optional('max-discount'),
        extensionDays: optional('extension-days'),
        minAmountCents: optional('min-amount'),
        startsAfterDays: optional('starts-after-days'),
        validDays: optional('valid-days'),
      });
      await ctx.services.consoleCustomers.giveCoupon(cliActor(), tenantId, user.id, spec);
      ctx.print(`gave ${printedText(spec.name)} to ${mobile}`);
    },
  },
  {
    name: 'order:refund',
    usage: 'order:refund --order-no NO [--remark TEXT]',
    summary: 'refund a paid order through the wallet that took it: its new phones end now, a renewal’s days go',
    run: async (ctx, args) => {
      const orderNo = required(args, 'order-no');
      const order = await ctx.repos.orders.findByNo(orderNo);
      if (!order) throw new UsageError(`no order ${orderNo}`);
      const refunded = await ctx.services.consoleCommerce.refund(
        cliActor(),
        order.tenantId,
        orderNo,
        args.remark ?? 'refunded by operator',
      );
      ctx.print(`${refunded.orderNo} ${refunded.status}`);
    },
  },
];
