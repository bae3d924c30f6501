import { signSdkRequest } from '@cloudphone/contracts/access-key';
import { SdkHeader, type SecurityToken } from '@cloudphone/contracts/sdk';

/** An SDK power call (`reboot`, `reset`) on a phone's host, signed with its key as a merchant's code signs it. */
export function sdkPowerCall(key: SecurityToken, action: 'reboot' | 'reset', time: string): Promise<Response> {
  const body = JSON.stringify({ instanceNo: key.instanceNo });
  return fetch(`${key.sdkUrl}/instance/${action}`, {
    method: 'POST',
    body,
    headers: {
      'content-type': 'application/json',
      [SdkHeader.accessKey]: key.accessKey,
      [SdkHeader.requestTime]: time,
      [SdkHeader.signature]: signSdkRequest(key.secretKey, 'POST', `/sdk/instance/${action}`, time, body),
    },
  });
}
