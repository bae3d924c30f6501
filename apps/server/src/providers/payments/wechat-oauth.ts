/** WeChat's sign-in for official accounts: the page a customer is sent to, and the API that names them. */
export const WECHAT_AUTHORIZE_URL = 'https://open.weixin.qq.com/connect/oauth2/authorize';
export const WECHAT_OAUTH_API = 'https://api.weixin.qq.com';

/**
 * Where to send a customer inside WeChat so WeChat names them (their openid) to JSAPI pay: the silent
 * `snsapi_base` sign-in, which comes back to `returnUrl` with a `code`.
 */
export function wechatAuthorizeUrl(appId: string, returnUrl: string, state: string): string {
  const query = new URLSearchParams({
    appid: appId,
    redirect_uri: returnUrl,
    response_type: 'code',
    scope: 'snsapi_base',
    state,
  });
  return `${WECHAT_AUTHORIZE_URL}?${query.toString()}#wechat_redirect`;
}

/** The customer's openid for the `code` WeChat's sign-in came back with; throws when WeChat refuses it. */
export async function wechatOpenidOf(
  account: { appId: string; appSecret: string },
  code: string,
  api: string = WECHAT_OAUTH_API,
): Promise<string> {
  const query = new URLSearchParams({
    appid: account.appId,
    secret: account.appSecret,
    code,
    grant_type: 'authorization_code',
  });
  const reply = await fetch(`${api}/sns/oauth2/access_token?${query.toString()}`, {
    signal: AbortSignal.timeout(10_000),
  });
  const answer = (await reply.json()) as { openid?: string; errcode?: number; errmsg?: string };
  if (!answer.openid) throw new Error(`WeChat sign-in: ${answer.errcode ?? reply.status} ${answer.errmsg ?? ''}`);
  return answer.openid;
}
