import { useMemo } from 'react';
import { validateAuthCode } from '@cloudphone/contracts/endpoints/merchant/auth';
import { issue } from '@cloudphone/contracts/endpoints/merchant/open-auth-code';
import { send } from '@cloudphone/contracts/endpoints/merchant/open-message';
import { securityToken } from '@cloudphone/contracts/endpoints/device/user-phone';
import { SdkHeader } from '@cloudphone/contracts/sdk';

/**
 * The SDK guide's requests (issue 29), made from the contracts' own paths and headers so the guide
 * never drifts from what the server takes. Code stays in English: it is what a developer pastes.
 */
export function sdkExamples(origin: string, clientNo: string) {
  const signing = `import { createHash, createHmac } from 'node:crypto';

const ORIGIN = '${origin}';
const ACCESS_KEY = process.env.CLOUDPHONE_ACCESS_KEY;
const SECRET_KEY = process.env.CLOUDPHONE_SECRET_KEY;

/** POSTs JSON signed as the platform checks it: method, path, time and body hash, one per line. */
async function signedPost(url, payload, accessKey = ACCESS_KEY, secretKey = SECRET_KEY) {
  const body = JSON.stringify(payload);
  const time = String(Date.now());
  const bodyHash = createHash('sha256').update(body).digest('hex');
  const path = new URL(url, ORIGIN).pathname;
  const signature = createHmac('sha256', secretKey)
    .update(['POST', path, time, bodyHash].join('\\n'))
    .digest('hex');
  const reply = await fetch(new URL(url, ORIGIN), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      '${SdkHeader.accessKey}': accessKey,
      '${SdkHeader.requestTime}': time,
      '${SdkHeader.signature}': signature,
    },
    body,
  });
  const { code, msg, data } = await reply.json();
  if (code !== 0) throw new Error(msg);
  return data;
}`;
  return {
    signing,
    merchantKey: 'npm run admin -- merchant:key --tenant <TENANT_ID>',
    entryRequest: `const entry = await signedPost('${issue.path}', {
  clientNo: '${clientNo}',
  mobile: '13800000000',
});`,
    entryReply: `{
  "code": 0,
  "msg": "",
  "data": {
    "code": "q8W3…",
    "expireTime": 1764133200000,
    "entryPath": "/app/${clientNo}?code=q8W3…"
  }
}`,
    entryOpen: `webView.loadUrl(ORIGIN + entry.entryPath);
// The client exchanges the code once (GET ${validateAuthCode.path}?code=…) and the user is signed in.`,
    message: `await signedPost('${send.path}', {
  title: 'Maintenance tonight',
  content: 'Your cloud phones restart between 2:00 and 2:10.',
  uid: '12345678', // leave out to send to every user
});`,
    device: `// From the client: POST ${securityToken.path}?userPhoneId=…
const { accessKey, secretKey, sdkUrl, instanceNo } = token;
const { taskId } = await signedPost(\`\${sdkUrl}/instance/reboot\`, { instanceNo }, accessKey, secretKey);
const result = await signedPost(\`\${sdkUrl}/instance/task-result\`, { taskId }, accessKey, secretKey);
// result.state: pending | running | success | failed`,
    adbKey: `adb keygen ~/.android/adbkey   # only if adb has never run on this computer
cat ~/.android/adbkey.pub           # paste this line into ADB keys`,
    adbShell: `adb connect 203.0.113.7:5555
adb -s 203.0.113.7:5555 shell getprop ro.product.model
adb -s 203.0.113.7:5555 shell input tap 540 1200
adb -s 203.0.113.7:5555 exec-out screencap -p > screen.png
adb -s 203.0.113.7:5555 push notes.txt /sdcard/Download/`,
    adbBulk: `#!/bin/sh
# phones.txt: one "host:port" a line, as each phone's ADB panel shows it
while read -r phone; do
  adb connect "$phone" >/dev/null
  adb -s "$phone" install -r app.apk &
done < phones.txt
wait
while read -r phone; do
  echo "$phone: $(adb -s "$phone" shell pm path com.example.app)"
done < phones.txt`,
    keyMap: `{
  "toggleKey": "Backquote",
  "controls": [
    { "kind": "tap", "key": "J", "x": 0.5, "y": 0.63 },
    { "kind": "hold", "key": "Space", "x": 0.85, "y": 0.8 },
    { "kind": "repeat", "key": "K", "x": 0.7, "y": 0.9, "perSecond": 8 },
    { "kind": "joystick", "keys": { "up": "W", "left": "A", "down": "S", "right": "D" },
      "x": 0.25, "y": 0.8, "radius": 0.12 }
  ]
}`,
    keyMapShip: `npm run admin -- game:list --client-no ${clientNo}
npm run admin -- game:keymap --client-no ${clientNo} --id <GAME_ID> --file map.json`,
  };
}

/** The examples for this page's origin and client (`demo` where there is none yet). */
export const useSdkExamples = (clientNo: string) =>
  useMemo(() => sdkExamples(window.location.origin, clientNo || 'demo'), [clientNo]);
