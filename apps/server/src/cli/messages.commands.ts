import { broadcastBody } from '@cloudphone/contracts/messages';
import type { Command } from './command';
import { required, UsageError, tenantArg } from './command';
import { cliActor } from './console.commands';

/** Merchant broadcasts, merchant keys and the AI assistant (issue 24). */
export const messageCommands: Command[] = [
  {
    name: 'message:send',
    usage: 'message:send --tenant ID --title TITLE --content TEXT [--uid UID]',
    summary: "send a message to every user of a tenant, or to one user by UID (the message centre's system tab)",
    run: async ({ services, print, repos }, args) => {
      const body = broadcastBody.safeParse({ title: args.title, content: args.content, uid: args.uid });
      if (!body.success) throw new UsageError(`--title and --content are required: ${body.error.issues[0]?.message}`);
      const tenantId = await tenantArg({ repos }, args);
      const { recipients } = await services.consoleMessages.broadcast(cliActor(), tenantId, body.data);
      print(`sent to ${recipients} user(s)`);
    },
  },
  {
    name: 'merchant:key',
    usage: 'merchant:key --tenant ID',
    summary:
      "make a merchant key for a tenant's own systems: they sign POST /api/merchant/open/message/send with it as SDK calls are signed",
    run: async ({ services, print, repos }, args) => {
      const { accessKey, secretKey } = await services.messages.createMerchantKey(await tenantArg({ repos }, args));
      print(`access key: ${accessKey}\nsecret key: ${secretKey} (shown once: keep it)`);
    },
  },
  {
    name: 'assistant:set',
    usage:
      'assistant:set --tenant ID --url URL [--key API_KEY] [--model MODEL] | --tenant ID --off   (no --key keeps the one set)',
    summary:
      "the AI assistant of a tenant's message centre: an OpenAI-compatible endpoint (shown where the client's AI mode is on)",
    run: async ({ repos, services, print }, args) => {
      const tenantId = await tenantArg({ repos }, args);
      const url = 'off' in args ? '' : required(args, 'url');
      if (url && !/^https?:\/\//.test(url)) throw new UsageError('--url must be an http(s) address');
      // A key left out keeps the one set before (the console's rule).
      await services.consoleMessages.setAssistant(cliActor(), tenantId, {
        url,
        model: args.model ?? '',
        key: args.key,
      });
      print(url ? `assistant set: ${url}` : 'assistant off');
    },
  },
];
