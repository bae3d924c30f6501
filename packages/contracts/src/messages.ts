import { z } from 'zod';
import { idSchema, INT4_MAX, pageNoParam, textSchema } from './bounds';
import type { Language } from './locale';
import { numberedPhoneName } from './phones';

/**
 * The message centre (spec §1, §2; issue 24). A message is stored as a kind and its parameters and
 * written in the reader's language when read, so a user who switches language reads every message in
 * the new one. System messages are written by what happens to the user's phones; the assistant's are
 * the user's questions and its answers.
 */
export const MESSAGE_TYPES = ['system', 'assistant'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

/** A broadcast's title and body, at most (characters). */
export const MESSAGE_TITLE_MAX = 60;
export const MESSAGE_CONTENT_MAX = 2_000;
/** Merchant broadcasts one tenant may send in an hour (the admin CLI's and the open API's together). */
export const BROADCASTS_PER_HOUR = 10;
/** A question to the assistant, at most (characters). */
export const ASSISTANT_QUESTION_MAX = 500;
/** A phone's "expiring soon" message comes this long before it expires (spec §4: under 24 h is expiring soon). */
export const EXPIRY_NOTICE_MS = 24 * 3_600_000;

/** A phone as a message names it: its own name, or its number (written in the reader's language). */
export interface PhoneRef {
  name: string;
  nameNo: number | null;
}
const nameOf = (phone: PhoneRef, language: Language) =>
  phone.nameNo === null ? phone.name : numberedPhoneName(phone.nameNo, language);
const namesOf = (phones: readonly PhoneRef[], language: Language) =>
  phones.map((p) => nameOf(p, language)).join(language === 'zh-CN' ? '、' : ', ');

/** What each kind of message carries; the texts below are made from it. */
export interface MessageParams {
  order_paid: { orderNo: string; amountCents: number };
  order_refunded: { orderNo: string; amountCents: number };
  phones_allocated: { count: number; orderNo: string };
  phone_expiring: { phone: PhoneRef; expireTime: number };
  phone_expired: { phone: PhoneRef };
  transfer_received: { from: string; phones: PhoneRef[] };
  transfer_sent: { to: string; phones: PhoneRef[] };
  grant_received: { phone: PhoneRef; from: string; permission: 'view' | 'control' };
  grant_taken_back: { phone: PhoneRef };
  replacement_done: { phones: PhoneRef[] };
  clone_finished: { templateName: string; succeeded: number; failed: number };
  install_finished: { fileName: string; phone: PhoneRef; ok: boolean };
  broadcast: { title: string; content: string };
  assistant_question: { text: string };
  assistant_answer: { text: string };
}
export type MessageKind = keyof MessageParams;

/** The kinds of the assistant's conversation; every other kind is a system message. */
export const ASSISTANT_KINDS = ['assistant_question', 'assistant_answer'] as const satisfies readonly MessageKind[];
export const typeOfKind = (kind: MessageKind): MessageType =>
  (ASSISTANT_KINDS as readonly string[]).includes(kind) ? 'assistant' : 'system';

type Texts = { [K in MessageKind]: (p: MessageParams[K]) => { title: string; content: string } };

const yuan = (cents: number) => (cents / 100).toFixed(2);
const when = (language: Language, time: number) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Shanghai' }).format(
    time,
  );

const TEXTS: Record<Language, Texts> = {
  'zh-CN': {
    order_paid: (p) => ({ title: '订单已支付', content: `订单 ${p.orderNo} 已支付 ¥${yuan(p.amountCents)}。` }),
    order_refunded: (p) => ({
      title: '订单已退款',
      content: `订单 ${p.orderNo} 的 ¥${yuan(p.amountCents)} 已原路退回。`,
    }),
    phones_allocated: (p) => ({
      title: '云手机已到账',
      content: `订单 ${p.orderNo} 的 ${p.count} 台云手机已分配，可在首页使用。`,
    }),
    phone_expiring: (p) => ({
      title: '云手机即将到期',
      content: `${nameOf(p.phone, 'zh-CN')} 将于 ${when('zh-CN', p.expireTime)} 到期，请及时续费。`,
    }),
    phone_expired: (p) => ({
      title: '云手机已到期',
      content: `${nameOf(p.phone, 'zh-CN')} 已到期，续费后可继续使用。`,
    }),
    transfer_received: (p) => ({
      title: '收到转移的云手机',
      content: `${p.from} 向您转移了 ${p.phones.length} 台云手机：${namesOf(p.phones, 'zh-CN')}。`,
    }),
    transfer_sent: (p) => ({
      title: '云手机已转出',
      content: `您已将 ${p.phones.length} 台云手机转移给 ${p.to}：${namesOf(p.phones, 'zh-CN')}。`,
    }),
    grant_received: (p) => ({
      title: '收到授权',
      content: `${p.from} 授权您${p.permission === 'control' ? '控制' : '查看'}云手机 ${nameOf(p.phone, 'zh-CN')}。`,
    }),
    grant_taken_back: (p) => ({ title: '授权已收回', content: `云手机 ${nameOf(p.phone, 'zh-CN')} 的授权已被收回。` }),
    replacement_done: (p) => ({
      title: '更换完成',
      content: `${p.phones.length} 台云手机已更换：${namesOf(p.phones, 'zh-CN')}。`,
    }),
    clone_finished: (p) => ({
      title: '克隆完成',
      content: `模板 ${p.templateName} 克隆完成：成功 ${p.succeeded} 台，失败 ${p.failed} 台。`,
    }),
    install_finished: (p) => ({
      title: p.ok ? '安装完成' : '安装失败',
      content: `${p.fileName} 在 ${nameOf(p.phone, 'zh-CN')} 上${p.ok ? '已安装' : '安装失败'}。`,
    }),
    broadcast: (p) => ({ title: p.title, content: p.content }),
    assistant_question: (p) => ({ title: '我', content: p.text }),
    assistant_answer: (p) => ({ title: 'AI 助手', content: p.text }),
  },
  'en-US': {
    order_paid: (p) => ({ title: 'Order paid', content: `Order ${p.orderNo} is paid: ¥${yuan(p.amountCents)}.` }),
    order_refunded: (p) => ({
      title: 'Order refunded',
      content: `¥${yuan(p.amountCents)} of order ${p.orderNo} is on its way back the way it was paid.`,
    }),
    phones_allocated: (p) => ({
      title: 'Your cloud phones are ready',
      content: `The ${p.count} cloud phone(s) of order ${p.orderNo} are allocated: find them on the home page.`,
    }),
    phone_expiring: (p) => ({
      title: 'A cloud phone expires soon',
      content: `${nameOf(p.phone, 'en-US')} expires on ${when('en-US', p.expireTime)}. Renew it in time.`,
    }),
    phone_expired: (p) => ({
      title: 'A cloud phone expired',
      content: `${nameOf(p.phone, 'en-US')} has expired. Renew it to go on.`,
    }),
    transfer_received: (p) => ({
      title: 'Cloud phones transferred to you',
      content: `${p.from} transferred ${p.phones.length} cloud phone(s) to you: ${namesOf(p.phones, 'en-US')}.`,
    }),
    transfer_sent: (p) => ({
      title: 'Cloud phones transferred',
      content: `You transferred ${p.phones.length} cloud phone(s) to ${p.to}: ${namesOf(p.phones, 'en-US')}.`,
    }),
    grant_received: (p) => ({
      title: 'A phone was granted to you',
      content: `${p.from} lets you ${p.permission === 'control' ? 'control' : 'view'} ${nameOf(p.phone, 'en-US')}.`,
    }),
    grant_taken_back: (p) => ({
      title: 'A grant was taken back',
      content: `The grant of ${nameOf(p.phone, 'en-US')} was taken back.`,
    }),
    replacement_done: (p) => ({
      title: 'Replacement done',
      content: `${p.phones.length} cloud phone(s) were replaced: ${namesOf(p.phones, 'en-US')}.`,
    }),
    clone_finished: (p) => ({
      title: 'Clone finished',
      content: `The clone of ${p.templateName} finished: ${p.succeeded} succeeded, ${p.failed} failed.`,
    }),
    install_finished: (p) => ({
      title: p.ok ? 'App installed' : 'Install failed',
      content: `${p.fileName} ${p.ok ? 'is installed on' : 'could not be installed on'} ${nameOf(p.phone, 'en-US')}.`,
    }),
    broadcast: (p) => ({ title: p.title, content: p.content }),
    assistant_question: (p) => ({ title: 'Me', content: p.text }),
    assistant_answer: (p) => ({ title: 'AI assistant', content: p.text }),
  },
};

/** A stored message as its reader reads it. */
export function messageText<K extends MessageKind>(
  kind: K,
  params: MessageParams[K],
  language: Language,
): { title: string; content: string } {
  return (TEXTS[language][kind] as (p: MessageParams[K]) => { title: string; content: string })(params);
}

export const messageSchema = z.object({
  messageId: z.number().int(),
  type: z.enum(MESSAGE_TYPES),
  title: z.string(),
  content: z.string(),
  read: z.boolean(),
  /** The user's own words (a question to the assistant), shown on their side of the conversation. */
  mine: z.boolean(),
  createdAt: z.number().int(),
});
export type Message = z.infer<typeof messageSchema>;

export const messagePageQuery = z.object({
  type: z.enum(['all', ...MESSAGE_TYPES]).default('all'),
  pageNo: pageNoParam,
  pageSize: z.coerce.number().int().min(1).max(50).default(20),
});
export const messagePageSchema = z.object({ list: z.array(messageSchema), total: z.number().int() });
export const messageIdQuery = z.object({ messageId: z.coerce.number().int().min(1).max(INT4_MAX) });
export const unreadCountSchema = z.object({
  all: z.number().int(),
  system: z.number().int(),
  assistant: z.number().int(),
});
export type UnreadCount = z.infer<typeof unreadCountSchema>;
export const messageReadBody = z.object({ messageIds: z.array(idSchema).min(1).max(100) });
export const messageReadAllBody = z.object({ type: z.enum(MESSAGE_TYPES).optional() });
export const assistantAskBody = z.object({ text: textSchema(ASSISTANT_QUESTION_MAX).trim().min(1) });
export const assistantStateSchema = z.object({
  /** The merchant configured an assistant and the client's AI mode is on: the tab is offered. */
  available: z.boolean(),
});

/** A merchant's broadcast: to every user of its tenant, or to one user (by UID). */
export const broadcastBody = z.object({
  title: textSchema(MESSAGE_TITLE_MAX).trim().min(1),
  content: textSchema(MESSAGE_CONTENT_MAX).trim().min(1),
  uid: z
    .string()
    .regex(/^\d{1,12}$/)
    .optional(),
});
export const broadcastReplySchema = z.object({ recipients: z.number().int() });
export type BroadcastBody = z.infer<typeof broadcastBody>;
