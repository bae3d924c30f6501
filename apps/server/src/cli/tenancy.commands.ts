import { FUNCTION_KEYS, PLATFORMS, type FunctionKey, type Platform } from '@cloudphone/contracts/client';
import {
  CLIENT_CONFIG_KEYS,
  LIMIT_CONFIG_KEYS,
  type ClientConfigKey,
  type LimitConfigKey,
} from '@cloudphone/contracts/config-keys';
import { THEME_NAMES, type ThemeName } from '@cloudphone/contracts/theme';
import { readFileSync } from 'node:fs';
import { seedDemo } from '../seed/demo';
import type { Command } from './command';
import { catalogueText, oneOf, required, tenantArg, UsageError } from './command';
import { cliActor } from './console.commands';

/** Tenants, clients, their look, functions, agreements and configuration. */
export const tenancyCommands: Command[] = [
  {
    name: 'seed-demo',
    usage: 'seed-demo',
    summary: 'create the demo clients `demo` and `tenant100` (idempotent)',
    run: async ({ services, repos, print }) => {
      await seedDemo(services, repos);
      print('demo tenants ready: /app/demo, /app/tenant100');
    },
  },
  {
    name: 'tenant:create',
    usage: 'tenant:create --name NAME [--id ID]',
    summary: 'create a tenant',
    run: async ({ services, print }, args) => {
      const tenant = await services.tenantAdmin.createTenant(
        required(args, 'name'),
        args.id ? Number(args.id) : undefined,
      );
      print(`tenant ${tenant.id} created: ${tenant.name}`);
    },
  },
  {
    name: 'tenant:list',
    usage: 'tenant:list',
    summary: 'list tenants',
    run: async ({ repos, print }) => {
      for (const t of await repos.tenants.list()) print(`${t.id}\t${t.name}`);
    },
  },
  {
    name: 'client:create',
    usage:
      'client:create --tenant ID --client-no NO --name NAME [--theme default|tenant100] [--platform h5|pc|app] [--logo URL]',
    summary: 'create a client (a white-label app) of a tenant',
    run: async ({ services, print, repos }, args) => {
      const client = await services.tenantAdmin.createClient({
        tenantId: await tenantArg({ repos }, args),
        clientNo: required(args, 'client-no'),
        name: required(args, 'name'),
        logoUrl: args.logo,
        theme: args.theme ? oneOf<ThemeName>(args.theme, THEME_NAMES, 'theme') : undefined,
        platform: args.platform ? oneOf<Platform>(args.platform, PLATFORMS, 'platform') : undefined,
      });
      print(`client ${client.id} created: /app/${client.clientNo} (tenant ${client.tenantId}, theme ${client.theme})`);
    },
  },
  {
    name: 'client:theme',
    usage: 'client:theme --client-no NO --theme default|tenant100',
    summary: "set a client's theme",
    run: async ({ services, print }, args) => {
      const client = await services.tenantAdmin.clientByNo(required(args, 'client-no'));
      const theme = oneOf<ThemeName>(required(args, 'theme'), THEME_NAMES, 'theme');
      await services.consoleClients.setTheme(cliActor(), client.tenantId, client.id, theme);
      print('theme set');
    },
  },
  {
    name: 'client:logo',
    usage: 'client:logo --client-no NO --file PATH',
    summary: "set a client's logo (PNG, JPEG or SVG): the app, its favicon and its installed icon show it",
    run: async ({ services, print }, args) => {
      const client = await services.tenantAdmin.clientByNo(required(args, 'client-no'));
      const image = readFileSync(required(args, 'file'));
      const { logoUrl } = await services.consoleClients.setLogo(cliActor(), client.tenantId, client.id, image);
      print(`logo set: ${logoUrl}`);
    },
  },
  {
    name: 'client:customer-service',
    usage: 'client:customer-service --client-no NO [--qr-file PATH | --qr-url URL] [--link URL] [--work-time TEXT]',
    summary: "set a client's customer-service contact: a QR picture (PNG, JPEG or SVG), a link, working hours",
    run: async ({ services, print }, args) => {
      const client = await services.tenantAdmin.clientByNo(required(args, 'client-no'));
      const { customerService: contact } = await services.consoleClients.setCustomerService(
        cliActor(),
        client.tenantId,
        client.id,
        {
          qrFile: args['qr-file'] ? readFileSync(args['qr-file']) : undefined,
          qrUrl: args['qr-url'],
          link: args.link ?? '',
          workTime: args['work-time'] ?? '',
        },
      );
      print(`customer service set: ${contact.qrCodeUrl || contact.link || '(empty)'}`);
    },
  },
  {
    name: 'client:function',
    usage: `client:function --client-no NO --key KEY --enable true|false`,
    summary: `switch a function on or off (keys: ${FUNCTION_KEYS.join(', ')})`,
    run: async ({ services, print }, args) => {
      const key = oneOf<FunctionKey>(required(args, 'key'), FUNCTION_KEYS, 'key');
      const enable = oneOf(required(args, 'enable'), ['true', 'false'], 'enable') === 'true';
      const client = await services.tenantAdmin.clientByNo(required(args, 'client-no'));
      await services.consoleClients.setFunction(cliActor(), client.tenantId, client.id, key, enable);
      print(`${key} ${enable ? 'enabled' : 'disabled'}`);
    },
  },
  {
    name: 'agreement:set',
    usage:
      'agreement:set --client-no NO --type user|privacy (--name TITLE | --name-zh 标题 --name-en TITLE) (--content HTML | --content-zh HTML --content-en HTML | --file PATH | --file-zh PATH --file-en PATH)',
    summary: 'set the user or privacy agreement of a client, its title and body in both languages',
    run: async ({ services, print }, args) => {
      const type = oneOf(required(args, 'type'), ['user', 'privacy'], 'type') === 'user' ? 1 : 2;
      // A body per language, from files or inline; one given for both serves both.
      const files = { file: args.file, 'file-zh': args['file-zh'], 'file-en': args['file-en'] };
      const read = (name: keyof typeof files) => (files[name] ? readFileSync(files[name], 'utf8') : undefined);
      const fromFiles = { content: read('file'), 'content-zh': read('file-zh'), 'content-en': read('file-en') };
      const content = catalogueText(Object.values(fromFiles).some(Boolean) ? fromFiles : args, 'content');
      const client = await services.tenantAdmin.clientByNo(required(args, 'client-no'));
      const name = catalogueText(args, 'name');
      await services.consoleClients.setAgreement(cliActor(), client.tenantId, client.id, { type, name, content });
      print('agreement set');
    },
  },
  {
    name: 'config:set',
    usage: 'config:set (--tenant ID | --client-no NO) --key KEY --value VALUE',
    summary: `set a tenant limit (${LIMIT_CONFIG_KEYS.join(', ')}) or a client setting (${CLIENT_CONFIG_KEYS.join(', ')})`,
    run: async ({ repos, services, print }, args) => {
      const value = required(args, 'value');
      if (args.tenant) {
        const key = oneOf<LimitConfigKey>(required(args, 'key'), LIMIT_CONFIG_KEYS, 'key');
        if (!/^\d+$/.test(value)) throw new UsageError('--value: a limit is a whole number');
        await services.consoleClients.setLimit(cliActor(), await tenantArg({ repos }, args), key, Number(value));
      } else {
        const key = oneOf<ClientConfigKey>(required(args, 'key'), CLIENT_CONFIG_KEYS, 'key');
        const client = await services.tenantAdmin.clientByNo(required(args, 'client-no'));
        await services.consoleClients.setSetting(cliActor(), client.tenantId, client.id, key, value);
      }
      print('config set');
    },
  },
];
